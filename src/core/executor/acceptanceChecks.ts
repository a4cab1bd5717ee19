// Evaluating a plan's acceptance checks ("Done when") against the workspace: after the last step, every
// check; before the first one, only those that run no command (a command runs once the run does), so a
// check that already holds can be flagged as proving nothing. Each evaluation is journalled.
import type { CheckContext } from '../checks/checkContext';
import { evaluateCheck } from '../checks/evaluateCheck';
import type { Check } from '../checks/checkSchema';
import { containsCheckKind } from '../plan/walkChecks';
import type { AcceptancePhase, AcceptanceResult } from '../run/acceptanceResults';
import type { RunRecorder } from './runRecorder';

/** What a check that was not evaluated before the run says about itself. */
const SKIPPED_BEFORE = 'runs a command, so it is evaluated only after the last step';

/** Evaluates the acceptance checks in `phase`, one after another (a command check may be slow and heavy). */
export async function evaluateAcceptance(acceptance: readonly Check[], phase: AcceptancePhase, context: CheckContext): Promise<AcceptanceResult[]> {
  const results: AcceptanceResult[] = [];
  for (const [index, check] of acceptance.entries()) {
    if (phase === 'before' && containsCheckKind(check, ['commandSucceeds'])) {
      results.push({ index, ok: false, skipped: true, detail: SKIPPED_BEFORE });
      continue;
    }
    const { ok, detail } = await evaluateCheck(check, context);
    results.push({ index, ok, detail });
  }
  return results;
}

/**
 * Evaluates and journals the acceptance checks of the run's plan in `phase`: none when the plan has none,
 * `undefined` when the run was cancelled meanwhile (nothing is journalled then, so a resume evaluates again).
 */
export async function recordAcceptance(recorder: RunRecorder, phase: AcceptancePhase, context: CheckContext): Promise<readonly AcceptanceResult[] | undefined> {
  const { plan, revision } = recorder.current;
  if (!plan.acceptance?.length) return [];
  const results = await evaluateAcceptance(plan.acceptance, phase, context).catch((error: unknown) => {
    if (context.signal.aborted) return undefined;
    throw error;
  });
  if (!results) return undefined;
  await recorder.append({ type: 'acceptance', at: recorder.now(), phase, revision, results });
  return results;
}

/** True when the run should look at its acceptance checks before its first step: it has some, and nothing has started. */
export function wantsReview(recorder: RunRecorder): boolean {
  const state = recorder.current;
  if (!state.plan.acceptance?.length || state.acceptance?.before) return false;
  return [...state.steps.values()].every((run) => run.status === 'pending' || run.status === 'awaitingApproval');
}
