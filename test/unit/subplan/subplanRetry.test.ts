// Running a `subplan` step again: after its child failed, a retry of the step plans and runs a fresh child
// attempt (`…~2`) and keeps the failed attempt's journal as it was; a child a cancel stopped is carried on,
// not planned again; a child's approval questions name its step by its path.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { childRunIdOf } from '../../../src/core/run/childRunIds';
import { fakeRunDeps, liveSignal, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { ChildLogStore, scriptedChildPlanner, subplanRunner, subplanStep } from '../support/subplanFakes';

const contains = (path: string, text: string) => ({ kind: 'fileContains', path, text });
const edit = (id: string, path: string, find: string, replace: string) => ({ id, title: `edit ${path}`, tool: 'editFile', args: { path, edits: [{ find, replace }] }, postcondition: contains(path, replace) });
const PARENT = validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contains('src/a.ts', 'newApi'))]);
const firstId = childRunIdOf('p', 'E1', { goal: 'migrate a.ts', scope: ['src/a.ts'] });
const write = (id: string, content: string, dependsOn: string[] = []) => ({ id, title: `write ${content}`, tool: 'writeFile', args: { path: 'src/a.ts', content }, dependsOn, postcondition: contains('src/a.ts', content) });

/** A workspace that calls `onWrite` after each write. */
class WatchedWorkspace extends MemoryWorkspace {
  onWrite: (path: string, content: string) => void = () => undefined;
  override async writeFile(path: string, content: string): Promise<void> {
    await super.writeFile(path, content);
    this.onWrite(path, content);
  }
}

describe('sub-plans run again', () => {
  it('retries a failed subplan step with a fresh child attempt, keeping the failed attempt’s journal', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [edit('E1', 'src/a.ts', 'old()', 'newApi()')] });
    const logs = new ChildLogStore();
    const deps = fakeRunDeps({ workspace });
    // The first child cannot apply its edit: the file does not say old() yet.
    await workspace.writeFile('src/a.ts', 'older()');
    const run = await PlanRun.start(PARENT, { runId: 'p', options: runOptions({ maxReplans: 0 }) }, { ...deps, subplans: subplanRunner(deps, planner, logs) });
    const first = await run.execute(liveSignal());
    assert.equal(first.status, 'needsReplan');
    assert.equal(run.current.steps.get('E1')?.status, 'failed');
    const failedLines = logs.journals.get(firstId)!.lines.length;

    await workspace.writeFile('src/a.ts', 'old()');
    assert.deepEqual(await run.retry('E1'), { ok: true });
    const second = await run.execute(liveSignal());

    assert.equal(second.status, 'succeeded');
    assert.equal(await workspace.readFile('src/a.ts'), 'newApi()');
    assert.deepEqual(planner.goals, ['migrate a.ts', 'migrate a.ts'], 'the fresh attempt was planned again');
    assert.deepEqual([...logs.journals.keys()], [firstId, `${firstId}~2`]);
    assert.equal(logs.journals.get(firstId)!.lines.length, failedLines, 'the failed attempt’s journal is kept as it was');
    assert.equal((await loadRunState(logs.journals.get(firstId)!, () => undefined)).status, 'needsReplan');
    const details = run.current.steps.get('E1')?.output?.details as { subplan: { runId: string } };
    assert.equal(details.subplan.runId, `${firstId}~2`);
  });

  it('carries on a child a cancel stopped, without planning it again', async () => {
    const workspace = new WatchedWorkspace({ 'src/a.ts': 'old()' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [write('E1', 'mid()'), write('E2', 'newApi()', ['E1'])] });
    const logs = new ChildLogStore();
    const stop = new AbortController();
    // Cancels the whole run once the child's first step has written, as Ctrl-C would.
    workspace.onWrite = (_path, content) => {
      if (content === 'mid()') stop.abort('cancelled by the user');
    };
    const deps = fakeRunDeps({ workspace });
    const run = await PlanRun.start(PARENT, { runId: 'p', options: runOptions() }, { ...deps, subplans: subplanRunner(deps, planner, logs) });
    assert.equal((await run.execute(stop.signal)).status, 'cancelled');
    assert.equal((await loadRunState(logs.journals.get(firstId)!, () => undefined)).status, 'cancelled');
    workspace.onWrite = () => undefined;
    await run.reopen();
    assert.equal((await run.execute(liveSignal())).status, 'succeeded');
    assert.deepEqual(planner.goals, ['migrate a.ts'], 'the child was planned once');
    assert.deepEqual([...logs.journals.keys()], [firstId]);
    assert.equal(await workspace.readFile('src/a.ts'), 'newApi()');
  });

  it('asks for a child’s step under its path, so the answer cannot reach the parent’s step of the same id', async () => {
    const approvals = new ScriptedApprovalGate();
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [edit('E1', 'src/a.ts', 'old()', 'newApi()')] });
    const deps = fakeRunDeps({ workspace, approvals });
    const run = await PlanRun.start(PARENT, { runId: 'p', options: runOptions({ approval: { autoApprove: 'none', approvedCommands: [] } }) }, { ...deps, subplans: subplanRunner(deps, planner, new ChildLogStore(), { options: runOptions({ approval: { autoApprove: 'none', approvedCommands: [] } }) }) });
    assert.equal((await run.execute(liveSignal())).status, 'succeeded');
    // The subplan step itself is never asked (its child's steps are); the child's E1 is asked as E1/E1.
    assert.deepEqual(approvals.requests.map((request) => request.stepId), ['E1/E1']);
  });
});
