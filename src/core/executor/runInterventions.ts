// What a person does to a run between two executions, besides editing its plan: try a step again, or
// skip it. Each is journalled through the same transition table as everything else, so a resumed or
// replayed run shows it, and the next `execute` carries on from there.
import { dependentsOf } from '../plan/planGraph';
import { isRunFinished } from '../run/journalRecords';
import type { RunRecorder } from './runRecorder';
import { cancelledRestart, type RecoveryIo } from './runRecovery';
import { transition } from '../run/stepTransitions';
import { stepReference } from '../plan/stepNumbers';

/** Why an intervention was refused, or `undefined` when it was journalled. */
export type InterventionResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Resets `stepId` (failed, unknown, skipped, invalidated or cancelled) to pending, together with the
 * steps after it that its outcome invalidated or cancelled, so they run again once it succeeds. A run
 * that had ended is marked paused, so `execute` picks it up again.
 */
export async function retryStep(recorder: RunRecorder, stepId: string): Promise<InterventionResult> {
  const state = recorder.current;
  const run = state.steps.get(stepId);
  if (!run) return { ok: false, reason: `there is no step "${stepId}"` };
  if (!transition(run.status, 'reset') || run.status === 'awaitingApproval' || run.status === 'approved') {
    return { ok: false, reason: `${stepReference(state.plan, stepId)} is ${run.status}; only a failed, unknown, skipped, invalidated or cancelled step can be tried again` };
  }
  await recorder.trace({ type: 'decision', stepId, decision: 'retry', reason: 'the user asked to try it again' });
  await recorder.step(stepId, 'reset', { reason: 'the user asked to try it again' });
  const after = dependentsOf(state.plan, stepId);
  for (const step of state.plan.steps) {
    const status = recorder.current.steps.get(step.id)?.status;
    if (after.has(step.id) && (status === 'invalidated' || status === 'cancelled')) {
      await recorder.step(step.id, 'reset', { reason: `${stepReference(state.plan, stepId)} is tried again` });
    }
  }
  if (isRunFinished(recorder.current.status)) await recorder.setStatus('paused', `${stepReference(state.plan, stepId)} will be tried again`);
  return { ok: true };
}

/**
 * Skips `stepId` (the user's choice, like rejecting its approval): the steps that depend on it are
 * invalidated through `invalidateDependents`.
 */
export async function skipStep(
  recorder: RunRecorder,
  stepId: string,
  invalidateDependents: (stepId: string, what: string) => Promise<void>,
): Promise<InterventionResult> {
  const run = recorder.current.steps.get(stepId);
  if (!run) return { ok: false, reason: `there is no step "${stepId}"` };
  if (!transition(run.status, 'skip')) return { ok: false, reason: `${stepReference(recorder.current.plan, stepId)} is ${run.status} and cannot be skipped` };
  await recorder.trace({ type: 'decision', stepId, decision: 'skip', reason: 'skipped by the user' });
  await recorder.step(stepId, 'skip', { reason: 'skipped by the user' });
  await invalidateDependents(stepId, 'was skipped');
  return { ok: true };
}

/**
 * Opens a cancelled run again (a resume after Ctrl-C): its cancelled steps go back to pending — except a
 * non-idempotent step that had started and whose effect may have happened (`cancelledRestart`): it stays
 * cancelled until the user tries it again — and the run is marked paused, so `execute` carries on.
 */
export async function reopenCancelled(recorder: RunRecorder, recovery: RecoveryIo): Promise<void> {
  const state = recorder.current;
  if (state.status !== 'cancelled') return;
  for (const step of state.plan.steps) {
    const restart = await cancelledRestart(step, state, recovery);
    if (restart) await recorder.step(step.id, 'reset', restart);
  }
  await recorder.setStatus('paused', 'resumed after it was cancelled');
}
