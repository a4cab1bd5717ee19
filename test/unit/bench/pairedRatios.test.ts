// Paired split/fused ratios: tasks pair up across arms, the ratios are of sums (tokens) and of
// percentiles (latency), the bands group tasks by length, and the loss lines name each family once.
import * as assert from 'node:assert/strict';
import { bandOf, pairedRatios, pairsOf } from '../../../bench/pairedRatios';
import type { RunFigures } from '../../../bench/runFigures';
import { lossesOf, splitLossLines } from '../../../bench/splitLosses';
import { syntheticRun } from './syntheticRuns';

function figures(taskId: string, arm: 'split' | 'fused', tokens: number, completion: number, latencyMs: number, family = 'f'): RunFigures {
  return { run: syntheticRun(taskId, arm, { family }), profile: 'frontier-hosted', latencyMs, measuredMs: 0, promptTokens: tokens - completion, completionTokens: completion, cachedTokens: 0, callCachedTokens: [] };
}

const GROUP = { profile: 'frontier-hosted', kind: 'family', group: 'f', against: 'fused' } as const;

describe('pairedRatios', () => {
  const sample = [
    figures('t1', 'split', 1000, 300, 2000),
    figures('t1', 'fused', 2000, 100, 1000),
    figures('t2', 'split', 3000, 300, 4000),
    figures('t2', 'fused', 2000, 200, 5000),
    figures('t3', 'split', 9999, 999, 9999),
  ];

  it('pairs each task\'s runs across the two arms and leaves out tasks that ran in one', () => {
    assert.deepEqual(pairsOf(sample, 'fused').map((pair) => [pair.split.run.taskId, pair.other.run.taskId]), [['t1', 't1'], ['t2', 't2']]);
  });

  it('divides summed tokens and latency percentiles, and counts the tasks split finished sooner', () => {
    const ratios = pairedRatios(sample, GROUP, 1)!;
    assert.equal(ratios.tasks, 2);
    assert.equal(ratios.tokens.value, 4000 / 4000);
    assert.equal(ratios.completion.value, 600 / 300);
    assert.equal(ratios.latencyP50.value, 3000 / 3000);
    assert.equal(ratios.latencyP99.value, (2000 + 0.99 * 2000) / (1000 + 0.99 * 4000));
    assert.equal(ratios.splitFaster, 0.5);
    for (const estimate of [ratios.tokens, ratios.completion, ratios.latencyP50, ratios.latencyP95, ratios.latencyP99]) assert.ok(estimate.low <= estimate.value && estimate.value <= estimate.high);
    assert.deepEqual(pairedRatios(sample, GROUP, 1), ratios);
    assert.equal(pairedRatios(sample.filter((f) => f.run.arm === 'split'), GROUP, 1), undefined);
  });

  it('groups tasks by step-count band', () => {
    assert.deepEqual([1, 2, 5, 6, 10, 11, 20, 21, 40, 41].map(bandOf), ['1', '2-5', '2-5', '6-10', '6-10', '11-20', '11-20', '21-40', '21-40', '41+']);
  });
});

describe('splitLossLines', () => {
  it('lists each family under what split loses on: both, tokens only, p99 only, or neither', () => {
    const sample = [
      ...['both', 'tokens', 'p99', 'neither'].flatMap((family, index) => [
        figures(`${family}1`, 'split', family === 'both' || family === 'tokens' ? 3000 : 1000, 100, family === 'both' || family === 'p99' ? 5000 : 1000, family),
        figures(`${family}1`, 'fused', 2000, 100, 2000 + index, family),
      ]),
    ];
    const families = ['both', 'tokens', 'p99', 'neither'].map((family) => pairedRatios(sample.filter((f) => f.run.family === family), { ...GROUP, group: family }, 1)!);
    assert.deepEqual(families.map(lossesOf), [{ tokens: true, p99: true }, { tokens: true, p99: false }, { tokens: false, p99: true }, { tokens: false, p99: false }]);
    const [line] = splitLossLines(families);
    assert.match(line!, /^frontier-hosted, split vs fused: loses on both tokens and p99 in 1\/4: both \(tokens 1\.50x \[1\.50-1\.50\], p99 2\.50x \[2\.50-2\.50\]\); on tokens only in 1: tokens \(tokens 1\.50x/);
    assert.match(line!, /on p99 only in 1: p99 \(p99 2\.50x \[[\d.]+-[\d.]+\]\); on neither in 1\.$/);
  });
});
