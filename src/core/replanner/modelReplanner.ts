// The Replanner port over a planner model: asks for the new remaining steps in the plan language (read
// after the completed steps, numbered past every id the run used), checks them against the whole plan
// (completed steps frozen) with one repair turn, and returns them for the executor, which merges and
// validates them again before applying the revision. A plan-format JSON reply {"steps": [...]} with ids
// is still accepted, for endpoints that only write JSON.
import { z } from 'zod';
import type { ReplanAnswer, Replanner, ReplanRequest } from '../executor/replanning';
import { formatProblem, type PlanProblem } from '../plan/planProblem';
import { PLAN_FORMAT_VERSION, StepSchema } from '../plan/planSchema';
import { validatePlan } from '../plan/validatePlan';
import type { ChatModel } from '../ports';
import { askWithRepair, type ReplyCheck } from '../planner/askWithRepair';
import { readPlanReply } from '../planner/readPlanReply';
import { buildReplanPrompt, replanFirstNumber } from './replanPrompt';

/** The reply a re-planner gives: the new remaining steps. */
export const ReplanReplySchema = z.object({ steps: z.array(StepSchema) }).strict();

/** Judges a reply: plan lines (or their JSON form) read after the completed steps, or plan-file steps. */
export function checkReplanReply(request: ReplanRequest, reply: string): ReplyCheck<unknown[]> {
  const existing = request.completed.map((step) => ({ id: step.id, tool: step.tool, args: step.args }));
  const read = readPlanReply(reply, { existing, firstNumber: replanFirstNumber(request) });
  if (read.problems.length > 0) return { ok: false, problems: read.problems };
  return checkReplannedSteps(request, { steps: read.steps });
}

/**
 * Checks new steps as the executor's `mergeReplan` will: no reuse of a completed step's id, and the
 * completed steps followed by the new ones must pass the plan gate. The port hands over summaries of the
 * completed steps, not the steps, so they stand in as stubs (id, title, tool, args) and problems located
 * in them are not the new steps' fault; `steps[i]` paths are renumbered to index the reply.
 */
export function checkReplannedSteps(request: ReplanRequest, value: unknown): ReplyCheck<unknown[]> {
  const steps = (value as { steps?: unknown } | null)?.steps;
  if (value === null || typeof value !== 'object' || !Array.isArray(steps)) return { ok: false, problems: ['the reply must be a JSON object {"steps": [ ... ]}'] };
  const frozenIds = new Set(request.completed.map((step) => step.id));
  const clashes = steps.flatMap((step, index) => {
    const id = (step as { id?: unknown } | null)?.id;
    return typeof id === 'string' && frozenIds.has(id)
      ? [`steps[${index}].id: "${id}" is a completed step; completed steps are frozen and their ids may not be reused`]
      : [];
  });
  if (clashes.length > 0) return { ok: false, problems: clashes };
  const stubs = request.completed.map((step) => ({ id: step.id, title: step.title, tool: step.tool, args: step.args }));
  const verdict = validatePlan({ version: PLAN_FORMAT_VERSION, goal: request.goal, revision: request.revision + 1, steps: [...stubs, ...steps] });
  if (verdict.ok) return { ok: true, value: steps };
  const problems = verdict.problems.filter((problem) => !inStub(problem, frozenIds, stubs.length)).map((problem) => formatProblem(renumber(problem, stubs.length)));
  return problems.length === 0 ? { ok: true, value: steps } : { ok: false, problems };
}

/** Whether a problem is located in one of the first `stubCount` (completed) steps. */
function inStub(problem: PlanProblem, frozenIds: ReadonlySet<string>, stubCount: number): boolean {
  const index = /^steps\[(\d+)\]/.exec(problem.path);
  if (index) return Number(index[1]) < stubCount;
  return problem.stepId !== undefined && frozenIds.has(problem.stepId) && problem.path.startsWith(problem.stepId);
}

function renumber(problem: PlanProblem, offset: number): PlanProblem {
  return { ...problem, path: problem.path.replace(/^steps\[(\d+)\]/, (_match, index: string) => `steps[${Number(index) - offset}]`) };
}

/** A re-planner that asks `model` (the planner model) with the planning prompt's prefix. */
export class ModelReplanner implements Replanner {
  constructor(private readonly model: ChatModel) {}

  /** New remaining steps for the run in `request`, with the usage of every call. */
  async replan(request: ReplanRequest, signal: AbortSignal): Promise<ReplanAnswer> {
    const { value, usage } = await askWithRepair<unknown[]>(
      this.model,
      {
        request: { role: 'replanner', messages: buildReplanPrompt(request) },
        check: (reply) => checkReplanReply(request, reply),
        what: 're-planned steps',
        replyAs: 'in the plan language, one step per line, nothing else',
        failure: 'invalidReplan',
      },
      signal,
    );
    return { steps: value, usage };
  }
}
