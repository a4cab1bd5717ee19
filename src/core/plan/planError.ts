// The typed error raised when plan helpers are handed a plan they cannot work with. Adapters turn it
// into user text; callers branch on `reason`, never on the message.
import type { PlanProblem } from './planProblem';

/** Why a plan could not be used. */
export type PlanErrorReason = 'invalid' | 'cycle' | 'unknownStep';

/** A plan (or a step id) that a plan helper cannot work with. */
export class PlanError extends Error {
  constructor(
    readonly reason: PlanErrorReason,
    message: string,
    readonly problems: readonly PlanProblem[] = [],
  ) {
    super(message);
    this.name = 'PlanError';
  }
}
