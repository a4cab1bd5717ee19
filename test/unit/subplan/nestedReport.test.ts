// The nested report: children under the ids of their steps, recursively, the latest child of a step
// winning, each total counting every child run below it, and usage summed per level.
import * as assert from 'node:assert/strict';
import type { RunReport } from '../../../src/core/executor/runSummary';
import { nestReport, usageByLevel, type ChildRecord } from '../../../src/core/subplan/nestedReport';

const usage = (calls: number, tokens: number) => ({ calls, promptTokens: tokens, completionTokens: 10 * calls, cachedTokens: 0, estimated: false, ms: 1 });
const report = (runId: string, calls = 1): RunReport => ({
  runId,
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

describe('nestReport', () => {
  it('nests each child under its step, grandchildren under theirs, and the latest child of a step wins', () => {
    const children = new Map<string, ChildRecord>([
      ['run.E1-00000001', child('run.E1-00000001', 'first try')],
      ['run.E2-00000002', child('run.E2-00000002', 'b')],
      ['run.E2-00000002.E1-00000003', child('run.E2-00000002.E1-00000003', 'deeper', 2)],
      ['run.E1-00000004', child('run.E1-00000004', 'after a re-plan')],
      ['other.E1-00000005', child('other.E1-00000005', 'another run')],
    ]);
    const nested = nestReport(report('run', 0), children);
    assert.deepEqual(Object.keys(nested.children ?? {}), ['E1', 'E2']);
    assert.equal(nested.children!.E1!.goal, 'after a re-plan');
    assert.equal(nested.children!.E2!.children!.E1!.goal, 'deeper');
  });

  it('counts every child run below a report in its total, its own calls kept apart', () => {
    const children = new Map<string, ChildRecord>([
      ['run.E1-00000001', child('run.E1-00000001', 'a')],
      ['run.E1-00000001~2', child('run.E1-00000001~2', 'a, tried again')],
      ['run.E1-00000001~2.E1-00000003', child('run.E1-00000001~2.E1-00000003', 'deeper', 2)],
      ['other.E1-00000005', child('other.E1-00000005', 'another run')],
    ]);
    const nested = nestReport(report('run', 2), children);
    assert.equal(nested.children!.E1!.goal, 'a, tried again');
    assert.deepEqual([nested.usage.own?.calls, nested.usage.total.calls, nested.usage.total.promptTokens], [2, 5, 400]);
    assert.deepEqual([nested.children!.E1!.usage.own?.calls, nested.children!.E1!.usage.total.calls], [1, 2]);
  });
});

describe('usageByLevel', () => {
  it('sums each level below the report, every attempt of every child counted', () => {
    const children = new Map<string, ChildRecord>([
      ['run.E1-00000001', child('run.E1-00000001', 'first try')],
      ['run.E2-00000002', child('run.E2-00000002', 'b')],
      ['run.E2-00000002.E1-00000003', child('run.E2-00000002.E1-00000003', 'deeper', 2)],
      ['run.E1-00000004', child('run.E1-00000004', 'after a re-plan')],
      ['other.E1-00000005', child('other.E1-00000005', 'another run')],
    ]);
    assert.deepEqual(usageByLevel(report('run', 0), children).map((level) => [level.level, level.runs, level.calls]), [[0, 1, 0], [1, 3, 3], [2, 1, 1]]);
  });
});
