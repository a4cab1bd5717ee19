// The goal's acceptance checks at the end of a plan run: when every step ended well they are evaluated
// (and journalled); the run succeeds only when they hold. One that fails is handled like a failed step:
// within the re-planning budget, the re-planner gets the unmet checks with their evidence and answers
// with a patch (new steps), which becomes the next revision; the run then goes on.
import { checkEvidence } from '../plan/checkEvidence';
import { describeCheck } from '../plan/describeCheck';
import { formatProblem } from '../plan/planProblem';
import { summarizeArgs } from '../plan/summarizeArgs';
import { unmetResults, type AcceptanceResult } from '../run/acceptanceResults';
import type { AcceptanceReplanRequest, Replanner, UnmetAcceptance } from '../run/modelRoles';
import { messageOf } from '../text/errorText';
import { rethrowCostCap } from '../errors';
import { shorten } from '../text/shorten';
import { recordAcceptance, wantsReview } from './acceptanceChecks';
import type { CheckContext } from '../checks/checkContext';
import type { Check } from '../checks/checkSchema';
import type { RecoveryStop } from './replanInFlight';
import { patchProblems, usageOfFailure } from './replanning';
import type { RunIo } from './runIo';
import { checkContextOver } from '../mcp/toolStatusReader';
import { revisePatched } from './runRevisions';

/** How the goal stands once every step ended: met, patched (run on), cancelled meanwhile, or stopped with a reason. */
export type GoalVerdict = { readonly kind: 'met' } | { readonly kind: 'replanned' } | { readonly kind: 'cancelled' } | { readonly kind: 'stopped'; readonly stop: RecoveryStop };

/** How long one check's evidence may be in a reason. */
const DETAIL_CHARS = 300;

/** Before the first step: journals which acceptance checks already hold (they prove nothing about the run). */
export async function reviewAcceptance(io: RunIo, signal: AbortSignal): Promise<void> {
  if (wantsReview(io.recorder)) await recordAcceptance(io.recorder, 'before', checkContextOf(io, signal));
}

function checkContextOf(io: RunIo, signal: AbortSignal): CheckContext {
  return checkContextOver(io.tools, { workspace: io.deps.workspace, commands: io.deps.commands, limits: io.options.limits }, signal);
}

/** Evaluates the plan's acceptance checks after its last step and, when one fails, re-plans through `replanner` if the budget allows. */
export async function checkGoal(io: RunIo, replanner: Replanner | undefined, signal: AbortSignal): Promise<GoalVerdict> {
  const { recorder, options } = io;
  const results = await recordAcceptance(recorder, 'after', checkContextOf(io, signal));
  if (!results) return { kind: 'cancelled' };
  const unmet = unmetOf(recorder.current.plan.acceptance, results);
  if (unmet.length === 0) return { kind: 'met' };
  const what = unmetReason(unmet);
  if (!replanner?.meetAcceptance) return stopped('needsReplan', `${what}; no re-planner is configured, so add steps by hand and resume`);
  const state = recorder.current;
  if (state.replanReasons.length >= options.maxReplans) {
    const history = [...state.replanReasons, what].map((line, index) => `${index + 1}. ${line}`).join('\n');
    return stopped('failed', `gave up after ${options.maxReplans} re-plan(s); what failed each time:\n${history}`);
  }
  await recorder.trace({ type: 'decision', decision: 'replan', reason: what });
  return replanForGoal(io, replanner, unmet, what, signal);
}

async function replanForGoal(io: RunIo, replanner: Replanner, unmet: readonly UnmetAcceptance[], what: string, signal: AbortSignal): Promise<GoalVerdict> {
  const { recorder } = io;
  try {
    const answer = await replanner.meetAcceptance!(acceptanceRequest(io, unmet), signal, (patch) => patchProblems(recorder.current, patch));
    for (const usage of answer.usage) await recorder.recordUsage('replan', usage);
    if (signal.aborted) return { kind: 'cancelled' };
    const verdict = await revisePatched(recorder, answer.patch, what);
    if (verdict.ok) return { kind: 'replanned' };
    return stopped('failed', `${what}; the patch is invalid: ${verdict.problems.map(formatProblem).join('; ')}`);
  } catch (error) {
    for (const usage of usageOfFailure(error)) await recorder.recordUsage('replan', usage);
    if (signal.aborted) return { kind: 'cancelled' };
    rethrowCostCap(error);
    return stopped('needsReplan', `${what}; the re-planner failed: ${messageOf(error)}`);
  }
}

/** The re-planner's request: the goal, every step as a line, and the checks that do not hold with their evidence. */
function acceptanceRequest(io: RunIo, unmet: readonly UnmetAcceptance[]): AcceptanceReplanRequest {
  const state = io.recorder.current;
  const steps = state.plan.steps.map((step) => ({ id: step.id, tool: step.tool, summary: summarizeArgs(step), status: state.steps.get(step.id)?.status ?? 'pending' }));
  return { goal: state.plan.goal, revision: state.revision, steps, unmet };
}

/** The unmet checks of `results`, with their checks from `acceptance`. */
export function unmetOf(acceptance: readonly Check[] | undefined, results: readonly AcceptanceResult[]): UnmetAcceptance[] {
  return unmetResults(results).flatMap((result) => {
    const check = acceptance?.[result.index];
    return check ? [{ check, detail: result.detail }] : [];
  });
}

/** One line saying which acceptance checks failed and what they found, in words (checkEvidence): the re-plan's reason, or the run's. */
export function unmetReason(unmet: readonly UnmetAcceptance[]): string {
  const found = (entry: UnmetAcceptance) => checkEvidence(entry.check, entry.detail) ?? `${describeCheck(entry.check)}: ${entry.detail}`;
  return `the goal is not met: ${unmet.map((entry) => shorten(found(entry), DETAIL_CHARS)).join('; ')}`;
}

function stopped(status: RecoveryStop['status'], reason: string): GoalVerdict {
  return { kind: 'stopped', stop: { status, reason } };
}
