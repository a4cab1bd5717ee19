// Unit tests of the run's cost in the editor's words: nothing without prices, a line per phase that made a call,
// the unpriced calls counted (never priced), every word through the Localize port, and the run summary's paragraph.
import * as assert from 'node:assert/strict';
import type { ModelPrices } from '../../../src/core/cost/modelPrices';
import type { PhaseUsage } from '../../../src/core/run/runState';
import { englishText } from '../../../src/core/text/englishText';
import { costTooltip, runCostText, summaryWithCost } from '../../../src/core/view/runCostText';
import { bracketed, unlocalized } from '../support/bracketedText';

function call(phase: PhaseUsage['phase'], model: string, promptTokens: number, completionTokens: number): PhaseUsage {
  return { phase, usage: { role: 'planner', model, promptTokens, completionTokens, cachedTokens: 0, estimated: false, ms: 1 } };
}

/** $1 per million input tokens, $4 per million output tokens. */
const PRICES: ModelPrices = { zorb: { input: 1, output: 4 } };

describe('runCostText', () => {
  it('says nothing without prices or without model calls', () => {
    assert.equal(runCostText(englishText, { usage: [call('plan', 'zorb', 1000, 100)] }, {}), undefined);
    assert.equal(runCostText(englishText, { usage: [] }, PRICES), undefined);
  });

  it('gives the total and one line per phase that made a call', () => {
    const cost = runCostText(englishText, { usage: [call('plan', 'zorb', 10_000, 1_000), call('execute', 'zorb', 2_000, 500), call('execute', 'zorb', 1_000, 0)] }, PRICES);
    assert.deepEqual(cost, { total: '$0.019', phases: ['Planning: $0.014', 'Execution: $0.0050'], totalLine: 'Cost: $0.019' });
  });

  it('counts calls of a model without a price and makes the total a lower bound', () => {
    const one = runCostText(englishText, { usage: [call('plan', 'zorb', 10_000, 0), call('replan', 'other', 5_000, 500)] }, PRICES);
    assert.deepEqual(one, {
      total: '≥ $0.010',
      phases: ['Planning: $0.010', 'Re-planning: ≥ $0.0000'],
      totalLine: 'Cost: ≥ $0.010',
      unpriced: '1 model call has no price in planwright.prices and is not counted.',
    });
    const two = runCostText(englishText, { usage: [call('solve', 'other', 1, 1), call('solve', 'other', 1, 1)] }, PRICES);
    assert.equal(two?.unpriced, '2 model calls have no price in planwright.prices and are not counted.');
    assert.deepEqual(two?.phases, ['Summary: ≥ $0.0000']);
  });

  it('puts every word through the Localize port', () => {
    const cost = runCostText(bracketed, { usage: [call('plan', 'zorb', 10, 1), call('execute', 'zorb', 10, 1), call('replan', 'zorb', 10, 1), call('solve', 'qux', 10, 1)] }, PRICES);
    assert.ok(cost);
    const text = costTooltip(cost);
    assert.equal(text.split('\n').length, 6);
    assert.deepEqual(unlocalized(text, new Set()), []);
  });
});

describe('costTooltip', () => {
  it('lists the phases, then the total, then the unpriced calls', () => {
    assert.equal(costTooltip({ total: '$1', phases: ['Planning: $1'], totalLine: 'Cost: $1', unpriced: '1 model call has no price' }), 'Planning: $1\nCost: $1\n1 model call has no price');
  });
});

describe('summaryWithCost', () => {
  it('adds the cost under the summary: the total, each phase as an item, then the unpriced calls', () => {
    const cost = { total: '≥ $0.019', phases: ['Planning: $0.014', 'Execution: $0.005'], totalLine: 'Cost: ≥ $0.019', unpriced: '1 model call has no price' };
    assert.equal(summaryWithCost('Goal: zorb\nOutcome: succeeded', cost), 'Goal: zorb\nOutcome: succeeded\n\nCost: ≥ $0.019\n- Planning: $0.014\n- Execution: $0.005\n\n1 model call has no price');
  });

  it('leaves the summary as it is without a cost', () => {
    assert.equal(summaryWithCost('Goal: zorb', undefined), 'Goal: zorb');
  });
});
