// The retry policy as tables: effect class × failure kind × attempts → action (and backoff), and the
// settle outcome × "already retried once" → what happens next.
import * as assert from 'node:assert/strict';
import { decideAfterFailure, decideAfterSettle, DEFAULT_RETRY_LIMITS, type RetryLimits } from '../../../src/core/run/retryPolicy';
import type { FailureKind } from '../../../src/core/errors';
import type { EffectClass } from '../../../src/core/tools/defineTool';

const LIMITS: RetryLimits = { maxRetries: 2, baseDelayMs: 100 };

/** [effect, kind, attempts, retriedAfterSettle, action, delayMs when retrying] */
const FAILURE_TABLE: readonly [EffectClass, FailureKind, number, boolean, 'retry' | 'settle' | 'fail', number?][] = [
  ['readOnly', 'definite', 1, false, 'fail'],
  ['idempotent', 'definite', 1, false, 'fail'],
  ['nonIdempotent', 'definite', 1, false, 'fail'],
  ['nonIdempotent', 'definite', 2, true, 'fail'],
  ['readOnly', 'ambiguous', 1, false, 'retry', 100],
  ['readOnly', 'ambiguous', 2, false, 'retry', 200],
  ['readOnly', 'ambiguous', 3, false, 'fail'],
  ['idempotent', 'ambiguous', 1, false, 'retry', 100],
  ['idempotent', 'ambiguous', 2, false, 'retry', 200],
  ['idempotent', 'ambiguous', 3, false, 'fail'],
  ['nonIdempotent', 'ambiguous', 1, false, 'settle'],
  ['nonIdempotent', 'ambiguous', 2, true, 'settle'],
  ['nonIdempotent', 'ambiguous', 5, false, 'settle'],
];

describe('retryPolicy', () => {
  describe('decideAfterFailure', () => {
    for (const [effect, kind, attempts, retried, action, delayMs] of FAILURE_TABLE) {
      it(`${kind} failure of a ${effect} call after attempt ${attempts}${retried ? ' (retried after settling)' : ''} → ${action}${delayMs ? ` in ${delayMs} ms` : ''}`, () => {
        const decision = decideAfterFailure(effect, kind, attempts, LIMITS, retried);
        assert.equal(decision.action, action);
        if (decision.action === 'retry') assert.equal(decision.delayMs, delayMs);
        assert.ok(decision.reason.length > 0, 'every decision carries a reason for the trace');
      });
    }

    it('never retries a definite failure, whatever the retry budget', () => {
      for (const effect of ['readOnly', 'idempotent', 'nonIdempotent'] as const) {
        assert.equal(decideAfterFailure(effect, 'definite', 1, { maxRetries: 100, baseDelayMs: 1 }).action, 'fail');
      }
    });

    it('backs off exponentially from the base delay', () => {
      const delays = [1, 2, 3, 4].map((attempt) => decideAfterFailure('idempotent', 'ambiguous', attempt, { maxRetries: 4, baseDelayMs: 250 }));
      assert.deepEqual(delays.map((decision) => (decision.action === 'retry' ? decision.delayMs : -1)), [250, 500, 1000, 2000]);
    });

    it('by default retries an ambiguous failure of a safe call twice, after 250 then 500 ms, then fails', () => {
      const decisions = [1, 2, 3].map((attempt) => decideAfterFailure('idempotent', 'ambiguous', attempt, DEFAULT_RETRY_LIMITS));
      assert.deepEqual(decisions.map((decision) => (decision.action === 'retry' ? `retry in ${decision.delayMs} ms` : decision.action)), ['retry in 250 ms', 'retry in 500 ms', 'fail']);
    });
  });

  describe('decideAfterSettle', () => {
    /** [outcome, retriedAfterSettle, action] */
    const SETTLE_TABLE = [
      ['done', false, 'checkPostcondition'],
      ['done', true, 'checkPostcondition'],
      ['notDone', false, 'retry'],
      ['notDone', true, 'fail'],
      ['cannotTell', false, 'unknown'],
      ['cannotTell', true, 'unknown'],
      ['noMethod', false, 'unknown'],
      ['noMethod', true, 'unknown'],
    ] as const;

    for (const [outcome, retried, action] of SETTLE_TABLE) {
      it(`settled as ${outcome}${retried ? ' after the one retry' : ''} → ${action}`, () => {
        const decision = decideAfterSettle(outcome, retried, LIMITS);
        assert.equal(decision.action, action);
        assert.ok(decision.reason.length > 0);
      });
    }

    it('allows exactly one retry after "not done", after the base delay', () => {
      const decision = decideAfterSettle('notDone', false, LIMITS);
      assert.deepEqual(decision.action === 'retry' && decision.delayMs, 100);
    });
  });
});
