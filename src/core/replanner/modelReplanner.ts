// The Replanner port over a planner model: asks for a patch, reads it line by line (or as JSON, patchReply.ts), checks it against
// the run as it stands when the answer arrives (frozen steps untouchable, new ids fresh, the plan gate)
// with one repair turn, and returns it for the executor, which applies it as the next revision.
import type { AcceptanceReplanRequest, PatchCheck, PatchLineSink, ReplanAnswer, Replanner, ReplanRequest } from '../run/modelRoles';
import { buildAcceptancePrompt } from './acceptancePrompt';
import type { StepLineParser } from '../plan/parsePatch';
import type { PlanPatch } from '../plan/planPatch';
import type { ChatModel } from '../ports';
import { askWithRepair, type ReplyCheck } from '../planner/askWithRepair';
import { ruleFileNames, type ProjectRulesSource } from '../rules/projectRules';
import { buildReplanPrompt, replanFilesInPlay } from './replanPrompt';
import { parseStepLine } from './stepLine';
import { PatchLineStream } from './patchLineStream';
import { readPatchReply } from './patchReply';
import { patchScopeOf, type PatchScope } from './wholePlanPatch';

/** Reads a reply as a patch (lines, or JSON read through `scope`) and judges it with `check`. */
export function checkPatchReply(reply: string, check: PatchCheck, parseStep: StepLineParser = parseStepLine, scope?: PatchScope): ReplyCheck<PlanPatch> {
  const parsed = readPatchReply(reply, parseStep, scope);
  if (!parsed.ok) return { ok: false, problems: parsed.problems };
  const problems = check(parsed.patch);
  return problems.length === 0 ? { ok: true, value: parsed.patch } : { ok: false, problems };
}

/** A re-planner that asks `model` (the planner model) with the planning prompt's prefix, and `rules` when given. */
export class ModelReplanner implements Replanner {
  constructor(
    private readonly model: ChatModel,
    private readonly rules?: ProjectRulesSource,
  ) {}

  /**
   * A patch for the run in `request`, with the usage of every call. With a `sink`, the first reply's lines go
   * to it as they arrive, and a repair turn is judged on what no streamed line applied.
   */
  async replan(request: ReplanRequest, signal: AbortSignal, check: PatchCheck, sink?: PatchLineSink): Promise<ReplanAnswer> {
    const rules = this.rules ? await this.rules(replanFilesInPlay(request)).catch(() => undefined) : undefined;
    const names = ruleFileNames(rules);
    const scope = patchScopeOf(request);
    const { value, usage } = await askWithRepair<PlanPatch>(
      this.model,
      {
        request: { role: 'replanner', messages: buildReplanPrompt(request, rules), ...(names.length > 0 ? { projectRules: names } : {}) },
        check: (reply) => checkPatchReply(reply, sink ? (patch) => check(sink.remainder(patch)) : check, parseStepLine, scope),
        ...(sink ? { stream: new PatchLineStream(sink, parseStepLine, (reply) => readPatchReply(reply, parseStepLine, scope)) } : {}),
        replyAs: 'as patch lines only',
        what: 'patch',
        failure: 'invalidReplan',
      },
      signal,
    );
    return { patch: value, usage };
  }

  /** A patch that makes the run's unmet acceptance checks hold, judged by `check` with one repair turn. */
  async meetAcceptance(request: AcceptanceReplanRequest, signal: AbortSignal, check: PatchCheck): Promise<ReplanAnswer> {
    const rules = this.rules ? await this.rules([]).catch(() => undefined) : undefined;
    const names = ruleFileNames(rules);
    const { value, usage } = await askWithRepair<PlanPatch>(
      this.model,
      {
        request: { role: 'replanner', messages: buildAcceptancePrompt(request, rules), ...(names.length > 0 ? { projectRules: names } : {}) },
        check: (reply) => checkPatchReply(reply, check),
        replyAs: 'as patch lines only',
        what: 'patch',
        failure: 'invalidReplan',
      },
      signal,
    );
    return { patch: value, usage };
  }
}
