import * as assert from 'node:assert/strict';
import type { UsageRecord } from '../../../src/core/run/journalRecords';
import type { PhaseUsage } from '../../../src/core/run/runState';
import { ModelPricesSchema, priceOf, type ModelPrices } from '../../../src/core/cost/modelPrices';
import { callCost, costLine, formatCost, runCost } from '../../../src/core/cost/runCost';

function call(model: string, promptTokens: number, completionTokens: number, cachedTokens = 0, estimated = false): UsageRecord {
  return { role: 'planner', model, promptTokens, completionTokens, cachedTokens, estimated, ms: 1 };
}

const PRICES: ModelPrices = {
  big: { input: 2.5, cachedInput: 1.25, output: 10 },
  small: { input: 0.15, output: 0.6 },
};

describe('priceOf', () => {
  it('finds a model by its exact id', () => {
    assert.equal(priceOf(PRICES, 'small'), PRICES.small);
  });

  it('prices a dated snapshot as its model', () => {
    const prices = { 'gpt-4o': PRICES.big };
    assert.equal(priceOf(prices, 'gpt-4o-2024-08-06'), PRICES.big);
    assert.equal(priceOf(prices, 'claude-x-20241022'), undefined);
  });

  it('never prices a different model that shares a prefix', () => {
    assert.equal(priceOf({ 'gpt-4o': PRICES.big }, 'gpt-4o-mini'), undefined);
  });

  it('does not treat inherited object keys as models', () => {
    assert.equal(priceOf({}, 'constructor'), undefined);
  });
});

describe('ModelPricesSchema', () => {
  it('accepts prices without a cached input price', () => {
    assert.ok(ModelPricesSchema.safeParse({ m: { input: 1, output: 2 } }).success);
  });

  it('refuses negative prices and unknown fields', () => {
    assert.equal(ModelPricesSchema.safeParse({ m: { input: -1, output: 2 } }).success, false);
    assert.equal(ModelPricesSchema.safeParse({ m: { input: 1, output: 2, currency: 'EUR' } }).success, false);
  });
});

describe('callCost', () => {
  it('charges uncached input, cached input and output at their prices per million', () => {
    // 600k uncached × 2.5 + 400k cached × 1.25 + 100k output × 10, per million.
    assert.equal(callCost(call('big', 1_000_000, 100_000, 400_000), PRICES), 1.5 + 0.5 + 1);
  });

  it('charges cached input as input when the model has no cached price', () => {
    assert.equal(callCost(call('small', 1_000_000, 0, 500_000), PRICES), 0.15);
  });

  it('is undefined for a model without a price', () => {
    assert.equal(callCost(call('other', 10, 10), PRICES), undefined);
  });
});

describe('runCost', () => {
  const usage: PhaseUsage[] = [
    { phase: 'plan', usage: call('big', 1_000_000, 0) },
    { phase: 'execute', usage: call('small', 0, 1_000_000) },
    { phase: 'replan', usage: call('unknown', 5, 5) },
    { phase: 'solve', usage: call('small', 1_000_000, 0, 0, true) },
  ];

  it('sums each phase and the total, counting unpriced calls instead of guessing', () => {
    const cost = runCost(usage, PRICES);
    assert.deepEqual(cost.plan, { usd: 2.5, unpricedCalls: 0, estimated: false });
    assert.deepEqual(cost.execute, { usd: 0.6, unpricedCalls: 0, estimated: false });
    assert.deepEqual(cost.replan, { usd: 0, unpricedCalls: 1, estimated: false, unpricedModels: ['unknown'] });
    assert.deepEqual(cost.solve, { usd: 0.15, unpricedCalls: 0, estimated: true });
    assert.equal(cost.total.usd.toFixed(6), (2.5 + 0.6 + 0.15).toFixed(6));
    assert.equal(cost.total.unpricedCalls, 1);
  });

  it('is zero for a run without model calls', () => {
    assert.deepEqual(runCost([], PRICES).total, { usd: 0, unpricedCalls: 0, estimated: false });
  });
});

describe('formatCost', () => {
  it('keeps small amounts readable', () => {
    assert.equal(formatCost({ usd: 0.00421, unpricedCalls: 0, estimated: false }), '$0.0042');
    assert.equal(formatCost({ usd: 0.1234, unpricedCalls: 0, estimated: false }), '$0.123');
    assert.equal(formatCost({ usd: 12.345, unpricedCalls: 0, estimated: false }), '$12.35');
  });

  it('marks a lower bound and an estimate', () => {
    assert.equal(formatCost({ usd: 0.5, unpricedCalls: 2, estimated: true }), '≥ ~$0.500');
  });
});

describe('costLine', () => {
  it('names the phases that spent something, then the total', () => {
    const cost = runCost([{ phase: 'plan', usage: call('big', 1000, 100) }, { phase: 'replan', usage: call('small', 1000, 0) }], PRICES);
    assert.equal(costLine(cost), 'planning $0.0035 · re-planning $0.0001 · total $0.0037');
  });

  it('names each model without a price once, so a lower bound says what it leaves out', () => {
    const cost = runCost([{ phase: 'plan', usage: call('local', 1000, 100) }, { phase: 'execute', usage: call('local', 10, 1) }, { phase: 'execute', usage: call('big', 1000, 0) }], PRICES);
    assert.equal(costLine(cost), 'planning ≥ $0.0000 · execution ≥ $0.0025 · total ≥ $0.0025 (no price for local)');
  });
});
