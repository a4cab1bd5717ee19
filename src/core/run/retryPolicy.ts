// Whether a failed step may run again: a pure function of the tool's effect class, the kind of failure
// and the attempts so far. Retrying was never the defect; continuing against an unknown state was.
import type { FailureKind } from '../errors';
import type { EffectClass, SettleOutcome } from '../tools/defineTool';

/** Limits of the retry policy. */
export interface RetryLimits {
  /** Extra attempts after the first for ambiguous failures of safe-to-repeat calls. */
  readonly maxRetries: number;
  /** Backoff before retry n (1-based) is `baseDelayMs * 2^(n-1)`. */
  readonly baseDelayMs: number;
}

/** Two retries, after 250 ms and 500 ms. */
export const DEFAULT_RETRY_LIMITS: RetryLimits = { maxRetries: 2, baseDelayMs: 250 };

/** What to do after a failed attempt, with the reason written to the trace. */
export type FailureDecision =
  | { readonly action: 'retry'; readonly delayMs: number; readonly reason: string }
  | { readonly action: 'settle'; readonly reason: string }
  | { readonly action: 'fail'; readonly reason: string };

/**
 * Decides after attempt number `attempts` (1-based) failed. `retriedAfterSettle` is true when a
 * non-idempotent step already used its one retry after being settled as not done.
 */
export function decideAfterFailure(
  effect: EffectClass,
  kind: FailureKind,
  attempts: number,
  limits: RetryLimits,
  retriedAfterSettle = false,
): FailureDecision {
  if (kind === 'definite') {
    return { action: 'fail', reason: 'definite failure: the effect did not happen, so re-plan instead of retrying' };
  }
  if (effect !== 'nonIdempotent') {
    if (attempts <= limits.maxRetries) {
      return {
        action: 'retry',
        delayMs: limits.baseDelayMs * 2 ** (attempts - 1),
        reason: `ambiguous failure of a ${effect} call: safe to repeat (retry ${attempts} of ${limits.maxRetries})`,
      };
    }
    return { action: 'fail', reason: `ambiguous failure persisted after ${limits.maxRetries} retries` };
  }
  if (retriedAfterSettle) {
    return { action: 'settle', reason: 'ambiguous failure again after the one retry allowed: settle once more, never retry twice' };
  }
  return { action: 'settle', reason: 'ambiguous failure of a non-idempotent call: find out whether it happened before anything else' };
}

/** What to do once an uncertain effect has been settled (or could not be). */
export type SettleDecision =
  | { readonly action: 'checkPostcondition'; readonly reason: string }
  | { readonly action: 'retry'; readonly delayMs: number; readonly reason: string }
  | { readonly action: 'fail'; readonly reason: string }
  | { readonly action: 'unknown'; readonly reason: string };

/** Decides from the settle outcome; at most one retry follows a "not done". */
export function decideAfterSettle(
  outcome: SettleOutcome | 'noMethod',
  retriedAfterSettle: boolean,
  limits: RetryLimits,
): SettleDecision {
  switch (outcome) {
    case 'done':
      return { action: 'checkPostcondition', reason: 'settled as done: the effect happened' };
    case 'notDone':
      return retriedAfterSettle
        ? { action: 'fail', reason: 'settled as not done after the one retry allowed: the effect did not happen; re-plan' }
        : { action: 'retry', delayMs: limits.baseDelayMs, reason: 'settled as not done: one retry is safe' };
    case 'cannotTell':
      return { action: 'unknown', reason: 'the status read could not tell whether the effect happened' };
    case 'noMethod':
      return { action: 'unknown', reason: 'no status read, status check or idempotency key can settle this effect' };
  }
}
