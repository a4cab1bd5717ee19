// The typed error of planning and re-planning: the model's reply was still unusable after the one
// repair turn. Adapters turn it into user text (the problems, one per line); nothing runs.
import type { UsageRecord } from '../run/journalRecords';

/** Why planning produced nothing usable. */
export type PlannerErrorReason = 'invalidPlan' | 'invalidReplan';

/** A plan (or re-plan) that was invalid twice. Carries the problems and the usage of the calls made. */
export class PlannerError extends Error {
  constructor(
    readonly reason: PlannerErrorReason,
    message: string,
    readonly problems: readonly string[],
    readonly usage: readonly UsageRecord[],
  ) {
    super(message);
    this.name = 'PlannerError';
  }
}
