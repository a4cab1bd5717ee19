// The bench's cost per phase: each call priced under its profile's name (or, measured, the endpoint's model),
// with the cached tokens the profile's cache gave it; means per arm; the split/fused lines.
import * as assert from 'node:assert/strict';
import { armCosts, costLines, runFiguresCost } from '../../../bench/benchCost';
import type { RunFigures } from '../../../bench/runFigures';
import { syntheticCall, syntheticRun } from './syntheticRuns';

const PRICES = { 'frontier-hosted': { input: 2, cachedInput: 0.5, output: 10 }, 'gpt-4o': { input: 4, output: 20 } };

function figures(arm: 'split' | 'fused', profile: RunFigures['profile'], calls: ReturnType<typeof syntheticCall>[], cached: number[]): RunFigures {
  const run = syntheticRun(`t-${arm}`, arm, { calls });
  return { run, profile, latencyMs: 1, measuredMs: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0, callCachedTokens: cached };
}

// Prompts of 1,003 and 503 tokens (the marks' tokens plus 3), 100 and 50 completion tokens.
const planner = syntheticCall('planner', [['a', 1000]], 100, 0, 1);
const replanner = syntheticCall('replanner', [['b', 500]], 50, 1, 2);
const agent = syntheticCall('fused', [['c', 1000]], 100, 0, 1);

describe('bench cost', () => {
  it('prices each call under the profile, its cached tokens at the cached price, per phase and in all', () => {
    const cost = runFiguresCost(figures('split', 'frontier-hosted', [planner, replanner], [1000, 0]), PRICES);
    const plan = (3 * 2 + 1000 * 0.5 + 100 * 10) / 1e6;
    const replan = (503 * 2 + 50 * 10) / 1e6;
    assert.ok(Math.abs(cost.plan.usd - plan) < 1e-12);
    assert.ok(Math.abs(cost.replan.usd - replan) < 1e-12);
    assert.equal(cost.execute.usd, 0);
    assert.ok(Math.abs(cost.total.usd - (plan + replan)) < 1e-12);
    assert.equal(cost.total.unpricedCalls, 0);
  });

  it('prices a measured run under the model the endpoint reported, and counts calls without a price', () => {
    const measured = figures('fused', 'measured', [{ ...agent, model: 'gpt-4o-2024-08-06' }, { ...agent, model: 'llama3' }], [0, 0]);
    const cost = runFiguresCost(measured, PRICES);
    assert.ok(Math.abs(cost.execute.usd - (1003 * 4 + 100 * 20) / 1e6) < 1e-12);
    assert.equal(cost.total.unpricedCalls, 1);
  });

  it('refuses a call whose role is billed to no phase instead of leaving it out', () => {
    assert.throws(() => runFiguresCost(figures('split', 'frontier-hosted', [syntheticCall('critic', [['a', 10]], 1, 0, 1)], [0]), PRICES), /role "critic"/);
  });

  it('averages each arm per run and compares split with fused in total', () => {
    const all = [
      figures('split', 'frontier-hosted', [planner], [0]),
      figures('split', 'frontier-hosted', [planner, replanner], [0, 0]),
      figures('fused', 'frontier-hosted', [agent, agent, agent], [0, 0, 0]),
    ];
    const costs = armCosts(all, PRICES);
    const split = costs.find((cost) => cost.arm === 'split')!;
    const fused = costs.find((cost) => cost.arm === 'fused')!;
    const onePlan = (1003 * 2 + 100 * 10) / 1e6;
    assert.ok(Math.abs(split.meanUsd.plan - onePlan) < 1e-12);
    assert.ok(Math.abs(split.meanUsd.replan - (503 * 2 + 50 * 10) / 1e6 / 2) < 1e-12);
    assert.ok(Math.abs(fused.meanUsd.execute - 3 * onePlan) < 1e-12);
    const lines = costLines(costs, 'frontier-hosted');
    assert.match(lines.find((line) => line.startsWith('cost per run, split:'))!, /^cost per run, split: planning \$0\.0030 · re-planning \$0\.0008 · total \$0\.0038$/);
    assert.equal(lines.find((line) => line.startsWith('cost split/fused:')), `cost split/fused: ${(split.meanUsd.total / fused.meanUsd.total).toFixed(2)}x`);
    assert.deepEqual(costLines(costs, 'local-8b'), []);
  });
});
