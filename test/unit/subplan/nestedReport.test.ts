// The nested report: children under the ids of their steps, recursively, the latest child of a step
// winning, each total counting every child run below it, and usage summed per level.
import * as assert from 'node:assert/strict';
import type { RunReport } from '../../../src/core/run/runSummary';
import { nestReport, usageByLevel, type ChildRecord } from '../../../src/core/subplan/nestedReport';

const usage = (calls: number, tokens: number) => ({ calls, promptTokens: tokens, completionTokens: 10 * calls, cachedTokens: 0, estimated: false, ms: 1 });
const report = (runId: string, calls = 1): RunReport => ({
  runId,
  mode: 'plan',
  status: 'succeeded',
  revision: 0,
  replans: 0,
  steps: [],
  replaced: [],
  waitingForApproval: [],
  usage: { plan: usage(calls, 100), execute: usage(0, 0), replan: usage(0, 0), solve: usage(0, 0), total: usage(calls, 100) },
  summary: '',
});
const child = (runId: string, goal: string, depth = 1): ChildRecord => ({ report: report(runId), goal, scope: ['src'], depth });
/** Child records keyed by their run ids, as the sub-plan runner keeps them. */
const childMap = (...children: Array<[runId: string, goal: string, depth?: number]>) =>
  new Map<string, ChildRecord>(children.map(([runId, goal, depth]) => [runId, child(runId, goal, depth)]));
/** A run with a step retried after a re-plan, a grandchild, and a child of another run. */
const familyOfRuns = () =>
  childMap(
    ['run.E1-00000001', 'first try'],
    ['run.E2-00000002', 'b'],
    ['run.E2-00000002.E1-00000003', 'deeper', 2],
    ['run.E1-00000004', 'after a re-plan'],
    ['other.E1-00000005', 'another run'],
  );

describe('nestReport', () => {
  it('nests each child under its step, grandchildren under theirs, and the latest child of a step wins', () => {
    const children = familyOfRuns();
    const nested = nestReport(report('run', 0), children);
    assert.deepEqual(Object.keys(nested.children ?? {}), ['E1', 'E2']);
    assert.equal(nested.children!.E1!.goal, 'after a re-plan');
    assert.equal(nested.children!.E2!.children!.E1!.goal, 'deeper');
  });

  it('counts every child run below a report in its total, its own calls kept apart', () => {
    const children = childMap(
      ['run.E1-00000001', 'a'],
      ['run.E1-00000001~2', 'a, tried again'],
      ['run.E1-00000001~2.E1-00000003', 'deeper', 2],
      ['other.E1-00000005', 'another run'],
    );
    const nested = nestReport(report('run', 2), children);
    assert.equal(nested.children!.E1!.goal, 'a, tried again');
    assert.deepEqual([nested.usage.own?.calls, nested.usage.total.calls, nested.usage.total.promptTokens], [2, 5, 400]);
    assert.deepEqual([nested.children!.E1!.usage.own?.calls, nested.children!.E1!.usage.total.calls], [1, 2]);
  });
});

describe('usageByLevel', () => {
  it('sums each level below the report, every attempt of every child counted', () => {
    const children = familyOfRuns();
    assert.deepEqual(usageByLevel(report('run', 0), children).map((level) => [level.level, level.runs, level.calls]), [[0, 1, 0], [1, 3, 3], [2, 1, 1]]);
  });
});
