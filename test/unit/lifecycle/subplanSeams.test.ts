// A sub-plan's step keeps the promises a plain step keeps: undo covers what its child changed in a scope
// folder (one that did not exist yet too), a child step waiting for approval makes the run wait and a
// resume carries the child on, and the model calls of a child plan that was refused still count.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { runReport } from '../../../src/core/run/runSummary';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { undoRun } from '../../../src/core/undo/undoRun';
import { fakeRunDeps, liveSignal, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { ChildLogStore, scriptedChildPlanner, subplanRunner, subplanStep, writeStep } from '../support/subplanFakes';

const exists = (path: string) => ({ kind: 'fileExists', path });

async function runOneSubplan(files: Record<string, string>, scope: string[], childSteps: readonly unknown[]) {
  const workspace = new MemoryWorkspace(files);
  const deps = fakeRunDeps({ workspace });
  const planner = scriptedChildPlanner({ part: childSteps });
  const run = await PlanRun.start(validPlan([subplanStep('E1', 'part', scope, exists('one/b.txt'))]), { runId: 'p', options: runOptions({ maxReplans: 0 }) }, { ...deps, subplans: subplanRunner(deps, planner, new ChildLogStore()) });
  return { workspace, run, report: await run.execute(liveSignal()) };
}

describe('sub-plan steps in the step lifecycle', () => {
  it('undo puts back what the child changed inside a scope folder', async () => {
    const { workspace, run, report } = await runOneSubplan({ 'one/a.txt': 'a', 'two/c.txt': 'c' }, ['one'], [writeStep('E1', 'one/a.txt', 'A'), writeStep('E2', 'one/b.txt', 'B')]);
    assert.equal(report.status, 'succeeded');
    const result = await undoRun(workspace, run.current);
    assert.deepEqual(result.refused, []);
    assert.deepEqual(result.restored, ['one/a.txt']);
    assert.deepEqual(result.removed, ['one/b.txt']);
    assert.deepEqual(Object.fromEntries(workspace.files), { 'one/a.txt': 'a', 'two/c.txt': 'c' });
  });

  it('undo removes what the child created in a scope folder that did not exist yet', async () => {
    const { workspace, run, report } = await runOneSubplan({ 'two/c.txt': 'c' }, ['one'], [writeStep('E1', 'one/b.txt', 'B')]);
    assert.equal(report.status, 'succeeded');
    const result = await undoRun(workspace, run.current);
    assert.deepEqual(result, { restored: [], removed: ['one/b.txt'], unchanged: [], refused: [] });
    assert.deepEqual(Object.fromEntries(workspace.files), { 'two/c.txt': 'c' });
  });

  it('undo refuses a file in the scope folder edited since the run', async () => {
    const { workspace, run } = await runOneSubplan({ 'one/a.txt': 'a' }, ['one'], [writeStep('E1', 'one/a.txt', 'A'), writeStep('E2', 'one/b.txt', 'B')]);
    workspace.files.set('one/a.txt', 'mine');
    const result = await undoRun(workspace, run.current);
    assert.deepEqual(result.refused.map((entry) => entry.path), ['one/a.txt']);
    assert.deepEqual(result.removed, ['one/b.txt']);
  });

  it('counts the model call of a child plan refused by its scope rule', async () => {
    const { report } = await runOneSubplan({}, ['one'], [writeStep('E1', 'elsewhere.txt', 'x')]);
    assert.equal(report.steps[0]!.status, 'failed');
    assert.equal(report.usage.total.calls, 1);
  });

  it('counts the model call of a child plan refused by the depth limit', async () => {
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({}) });
    const planner = scriptedChildPlanner({ part: [subplanStep('E1', 'deeper', ['one'], exists('one/b.txt'))] });
    const runner = subplanRunner(deps, planner, new ChildLogStore(), { maxDepth: 1 });
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'part', ['one'], exists('one/b.txt'))]), { runId: 'p', options: runOptions({ maxReplans: 0 }) }, { ...deps, subplans: runner });
    const report = await run.execute(liveSignal());
    assert.equal(report.steps[0]!.status, 'failed');
    assert.match(report.steps[0]!.error ?? '', /levels deep/);
    assert.equal(report.usage.total.calls, 1);
  });

  it('waits when a child step waits for approval, names it E1/E1, and a resume that approves carries the child on', async () => {
    const workspace = new MemoryWorkspace({});
    const logs = new ChildLogStore();
    const planner = scriptedChildPlanner({ part: [writeStep('E1', 'one/b.txt', 'B')] });
    const waiting = fakeRunDeps({ workspace, approvals: new ScriptedApprovalGate({}, 'wait') });
    const reads = { ...DEFAULT_RUN_OPTIONS, maxReplans: 0 };
    const first = await PlanRun.start(validPlan([subplanStep('E1', 'part', ['one'], exists('one/b.txt'))]), { runId: 'p', options: reads }, { ...waiting, subplans: subplanRunner(waiting, planner, logs, { options: reads }) });
    const stopped = await first.execute(liveSignal());
    assert.equal(stopped.status, 'awaitingApproval');
    assert.equal(stopped.steps[0]!.status, 'awaitingApproval');
    assert.match(stopped.reason ?? '', /E1\/E1/);
    assert.deepEqual((waiting.approvals as ScriptedApprovalGate).requests.map((request) => request.stepId), ['E1/E1']);

    const all = runOptions({ maxReplans: 0 });
    const resumedDeps = { ...waiting, approvals: new ScriptedApprovalGate({}, 'wait') };
    const resumed = await PlanRun.resume({ ...resumedDeps, subplans: subplanRunner(resumedDeps, planner, logs, { options: all }) }, { approval: all.approval });
    const report = await resumed.execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    assert.equal(report.replans, 0);
    assert.deepEqual(planner.goals, ['part'], 'the child was carried on, not planned again');
    assert.equal(workspace.files.get('one/b.txt'), 'B');
    assert.equal(runReport(resumed.current).steps[0]!.status, 'succeeded');
  });
});
