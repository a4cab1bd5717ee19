// Why a quiet run waits for approval, as its `awaitingApproval` status says it: each waiting step by its
// reference, or by the risk of repeating its effect when a revision handed back a step that ended unknown.
import type { StepStatus } from '../plan/stepStatus';
import type { RunState } from '../run/runState';
import { waitingReference } from './stepLifecycle';

/** `waiting for approval: E2 Write the note, E3 …`, for the steps `statuses` shows waiting. */
export function waitingReason(state: RunState, statuses: ReadonlyMap<string, StepStatus>): string {
  const waiting = state.plan.steps
    .filter((step) => statuses.get(step.id) === 'awaitingApproval')
    .map((step) => state.steps.get(step.id)?.rerunRisk ?? waitingReference(state, step.id));
  return `waiting for approval: ${waiting.join(', ')}`;
}
