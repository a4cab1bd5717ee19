// The typed error raised when plan helpers are handed a plan (or a step id) they cannot work with.
// Adapters turn it into user text; callers branch on `reason`, never on the message.

/** Why a plan helper could not answer: the plan has a cycle, or the step id is not in the plan. */
export type PlanErrorReason = 'cycle' | 'unknownStep';

/** A plan (or a step id) that a plan helper cannot work with. */
export class PlanError extends Error {
  constructor(
    readonly reason: PlanErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'PlanError';
  }
}
