// How a run gets its next revision: from the re-planner after a step failed or became unknown, or from
// the user's own edit of the plan. Either way the revision is journalled first, then the diff between
// the two revisions is traced.
import { diffPlans } from '../plan/diffPlans';
import { formatProblem } from '../plan/planProblem';
import type { ValidPlan } from '../plan/planSchema';
import type { PlanValidation } from '../plan/validatePlan';
import { messageOf } from '../textPreview';
import { buildReplanRequest, mergeEditedPlan, mergeReplan, usageOfFailure, type Replanner } from './replanning';
import type { RunRecorder } from './runRecorder';

/**
 * Asks `replanner` for new remaining steps after `brokenId` broke (`what` says how) and puts them in
 * place. False when the run cannot go on: the re-planner failed (needsReplan) or answered with steps
 * the gate refuses (failed), or `signal` aborted.
 */
export async function replanRun(recorder: RunRecorder, replanner: Replanner, brokenId: string, what: string, signal: AbortSignal): Promise<boolean> {
  await recorder.trace({ type: 'decision', stepId: brokenId, decision: 'replan', reason: what });
  let steps: readonly unknown[];
  try {
    const answer = await replanner.replan(buildReplanRequest(recorder.current, brokenId), signal);
    for (const usage of answer.usage) await recorder.recordUsage('replan', usage);
    steps = answer.steps;
  } catch (error) {
    for (const usage of usageOfFailure(error)) await recorder.recordUsage('replan', usage);
    if (signal.aborted) return false;
    await recorder.setStatus('needsReplan', `${what}; the re-planner failed: ${messageOf(error)}`);
    return false;
  }
  const merged = mergeReplan(recorder.current, steps);
  if (!merged.ok) {
    await recorder.setStatus('failed', `${what}; the re-planned steps are invalid: ${merged.problems.map(formatProblem).join('; ')}`);
    return false;
  }
  await putInPlace(recorder, merged.plan, what, brokenId);
  return true;
}

/** Puts a plan edited by hand in place as the next revision, unless it changes a completed step. */
export async function reviseByHand(recorder: RunRecorder, edited: ValidPlan, reason: string): Promise<PlanValidation> {
  const merged = mergeEditedPlan(recorder.current, edited);
  if (merged.ok) await putInPlace(recorder, merged.plan, reason);
  return merged;
}

async function putInPlace(recorder: RunRecorder, plan: ValidPlan, reason: string, failedStepId?: string): Promise<void> {
  const diff = diffPlans(recorder.current.plan, plan);
  const revision = recorder.current.revision + 1;
  await recorder.append({ type: 'revised', at: recorder.now(), revision, ...(failedStepId ? { failedStepId } : {}), reason, plan });
  await recorder.trace({
    type: 'replan',
    revision,
    ...(failedStepId ? { failedStepId } : {}),
    added: diff.added.map((step) => step.id),
    removed: diff.removed.map((step) => step.id),
    changed: diff.changed.map((change) => change.id),
  });
}
