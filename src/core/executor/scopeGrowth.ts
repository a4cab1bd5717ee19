// Whether a step the settings would let run widens the scope the user approved, and so waits for the user
// instead: it changes a file, or runs a command, that no plan the user approved for the run did. Unless
// the user allowed scope growth, no approval setting (not even approving everything) covers such a step.
import { describeScope, isEmptyScope, stepBeyondScope, type PlanScope } from '../plan/planScope';
import type { Step } from '../plan/planSchema';
import type { ApprovalSettings } from './approvalPolicy';

/**
 * Why `step` waits because it widens `approved`; `undefined` when it does not or growth is allowed. The step is
 * read as written, as the approved plans were, so a path given by a reference is the same reference in both.
 */
export function scopeGrowthReason(step: Pick<Step, 'tool' | 'args'>, approved: PlanScope | undefined, settings: ApprovalSettings): string | undefined {
  if (settings.allowScopeGrowth) return undefined;
  const beyond = stepBeyondScope(step, approved);
  return isEmptyScope(beyond) ? undefined : `it widens the approved scope: it ${describeScope(beyond)}, which the approved plan did not`;
}
