// lapseCost pairs two reports' runs by task and arm on the tasks that lapsed, and prints each arm's calls,
// tokens and latency without and with the lapse.
import * as assert from 'node:assert/strict';
import { lapseCostLines } from '../../../bench/lapseCost';

const run = (taskId: string, arm: string, lapsed: boolean, calls: number, latency: number) => ({
  set: 'v1',
  taskId,
  arm,
  lapsed,
  completed: true,
  calls: Array.from({ length: calls }, () => ({ promptTokens: 100, completionTokens: 10 })),
  latencyMs: { 'frontier-hosted': latency },
});

describe('lapseCost', () => {
  it('pairs only the lapsed tasks, per arm, and prints the means without and with the lapse', () => {
    const without = [run('t1', 'split', false, 1, 4000), run('t1', 'fused', false, 3, 6000), run('t2', 'split', false, 1, 1000)];
    const withLapse = [run('t1', 'split', true, 2, 6000), run('t1', 'fused', true, 4, 7000), run('t2', 'split', false, 1, 1000)];
    assert.deepEqual(lapseCostLines(without, withLapse), [
      '1 lapsed tasks, paired by task and arm (without the lapse → with it):',
      '- split: done 1/1 → 1/1; model calls 1.0 → 2.0; tokens 110 → 220; frontier-hosted latency 4.0 → 6.0 s',
      '- fused: done 1/1 → 1/1; model calls 3.0 → 4.0; tokens 330 → 440; frontier-hosted latency 6.0 → 7.0 s',
    ]);
  });
});
