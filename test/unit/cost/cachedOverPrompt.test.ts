// An endpoint that reports more cached tokens than prompt tokens (they disagree: cached tokens are part of the
// prompt): the cost takes every prompt token as cached, never goes negative, and is marked as not exact.
import * as assert from 'node:assert/strict';
import type { UsageRecord } from '../../../src/core/run/journalRecords';
import { callCost, costLine, runCost } from '../../../src/core/cost/runCost';

const PRICES = { big: { input: 2.5, cachedInput: 1.25, output: 10 } };
const DISAGREEING: UsageRecord = { role: 'worker', model: 'big', promptTokens: 1_000, cachedTokens: 400_000, completionTokens: 0, estimated: false, ms: 1 };

describe('cost when an endpoint reports more cached than prompt tokens', () => {
  it('prices every prompt token as cached, never below zero', () => {
    assert.equal(callCost(DISAGREEING, PRICES), (1_000 * 1.25) / 1_000_000);
  });

  it('says the cost is not exact, in the run and in its line', () => {
    const cost = runCost([{ phase: 'execute', usage: DISAGREEING }], PRICES);
    assert.deepEqual(cost.total, { usd: 0.00125, unpricedCalls: 0, estimated: true });
    assert.equal(costLine(cost), 'execution ~$0.0013 · total ~$0.0013');
  });

  it('leaves agreeing counts exact', () => {
    const cost = runCost([{ phase: 'execute', usage: { ...DISAGREEING, cachedTokens: 1_000 } }], PRICES);
    assert.equal(cost.total.estimated, false);
  });
});
