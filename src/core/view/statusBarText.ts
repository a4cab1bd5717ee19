// The run's status bar words: how many steps wait for an answer (only while their questions are open), or
// the run's status in words (never an internal name like `needsReplan`), then how far the run is; and its
// tooltip, the status in the same words and why.
import { PLAN_STATUS_TEXT } from './planTreeModel';
import type { PlanRowStatus } from './stepContextValue';

/** `2 steps wait for approval · step 3 of 5`, `needs a re-plan · step 3 of 5`, or the progress alone while running. */
export function statusBarText(status: PlanRowStatus, waiting: number, executing: boolean, progress: string): string {
  if (waiting > 0) return `${waiting} ${waiting === 1 ? 'step waits' : 'steps wait'} for approval · ${progress}`;
  // A run replayed after a reload that stopped waiting asks again once it runs: no question is open now.
  if (status === 'awaitingApproval') return executing ? progress : `waiting for approval (Run Plan asks again) · ${progress}`;
  return executing && status === 'running' ? progress : `${PLAN_STATUS_TEXT[status]} · ${progress}`;
}

/** The status bar's tooltip: `needs a re-plan: 4 Run the tests failed: exit code 1`, or `Run <id>: succeeded` without a reason. */
export function statusBarTooltip(status: PlanRowStatus, runId: string, reason: string | undefined): string {
  return reason ? `${PLAN_STATUS_TEXT[status]}: ${reason}` : `Run ${runId}: ${PLAN_STATUS_TEXT[status]}`;
}
