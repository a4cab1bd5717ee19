// Unit tests of undoing a run: which files a run changed (from the snapshots its journal keeps), what
// undoing decides per file, and the undo itself over a workspace a real run changed, finished or cancelled.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { replayJournal, type FileTouch } from '../../../src/core/run/runState';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { changeKind, decideUndo, runFileChanges, UndoScopeError } from '../../../src/core/undo/runFileChanges';
import { describeRunUndo, undoneRecord, undoRun } from '../../../src/core/undo/undoRun';
import { applyRecord } from '../../../src/core/run/runState';
import { reportedRunStatus } from '../../../src/core/run/undoneRun';
import type { CommandRunner } from '../../../src/core/ports';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

const touch = (stepId: string, before: Record<string, string | null>, after?: Record<string, string | null>): FileTouch => ({
  stepId,
  at: 0,
  before: Object.entries(before).map(([path, content]) => ({ path, content })),
  ...(after ? { after: Object.entries(after).map(([path, content]) => ({ path, content })) } : {}),
});

describe('runFileChanges', () => {
  it('keeps each file as it was before the first step that wrote it and as the last one left it', () => {
    const touches = [touch('E1', { 'a.txt': 'A' }, { 'a.txt': 'A1' }), touch('E2', { 'new.txt': null }, { 'new.txt': 'N' }), touch('E3', { 'a.txt': 'A1' }, { 'a.txt': 'A2' })];
    const changes = runFileChanges({ touches });
    assert.deepEqual(changes, [
      { path: 'a.txt', original: 'A', final: 'A2', stepIds: ['E1', 'E3'] },
      { path: 'new.txt', original: null, final: 'N', stepIds: ['E2'] },
    ]);
    assert.deepEqual(changes.map(changeKind), ['modified', 'created']);
  });

  it('from a step on, starts each file at its content just before that step', () => {
    const touches = [touch('E1', { 'a.txt': 'A' }, { 'a.txt': 'A1' }), touch('E2', {}, {}), touch('E3', { 'a.txt': 'A1' }, { 'a.txt': 'A2' })];
    assert.deepEqual(runFileChanges({ touches }, 'E2'), [{ path: 'a.txt', original: 'A1', final: 'A2', stepIds: ['E3'] }]);
    assert.throws(() => runFileChanges({ touches }, 'E9'), UndoScopeError);
  });

  it('leaves out a file a step wrote back as it was', () => {
    assert.deepEqual(runFileChanges({ touches: [touch('E1', { 'a.txt': 'A' }, { 'a.txt': 'A' })] }), []);
  });
});

describe('decideUndo', () => {
  const change = { path: 'a.txt', original: 'A', final: 'A2', stepIds: ['E1'] };

  it('restores a file exactly as the run left it', () => {
    assert.deepEqual(decideUndo(change, 'A2'), { path: 'a.txt', action: 'restore', content: 'A' });
  });

  it('refuses a file edited, or deleted, since the run changed it, saying which step did', () => {
    assert.deepEqual(decideUndo(change, 'A2 and my own edit'), { path: 'a.txt', action: 'refuse', reason: 'edited since E1 changed it' });
    assert.equal(decideUndo(change, null).action, 'refuse');
  });

  it('names the step in a refusal the way the tree numbers it, when told how', () => {
    const name = (stepId: string) => (stepId === 'E1' ? '3 Test the flag' : stepId);
    assert.deepEqual(decideUndo(change, null, name), { path: 'a.txt', action: 'refuse', reason: 'deleted since 3 Test the flag changed it' });
    assert.match((decideUndo({ ...change, final: undefined }, 'A2', name) as { reason: string }).reason, /^the run stopped before recording what 3 Test the flag left in it/);
  });

  it('does nothing to a file already as before, and refuses when the run never recorded what it left', () => {
    assert.equal(decideUndo(change, 'A').action, 'unchanged');
    assert.equal(decideUndo({ ...change, final: undefined }, 'A2').action, 'refuse');
  });
});

describe('undoRun over a real run', () => {
  const plan = validPlan(
    [
      { id: 'E1', title: 'Write a', tool: 'writeFile', args: { path: 'a.txt', content: 'new a' }, postcondition: { kind: 'fileExists', path: 'a.txt' } },
      { id: 'E2', title: 'Write b', tool: 'writeFile', args: { path: 'b.txt', content: 'b' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'b.txt' } },
      { id: 'E3', title: 'Append to a', tool: 'appendFile', args: { path: 'a.txt', content: '!' }, dependsOn: ['E2'], postcondition: { kind: 'fileContains', path: 'a.txt', text: '!' } },
    ],
    { revision: 1 },
  );
  const options = runOptions({ maxParallel: 1, approval: { autoApprove: 'readOnlyAndIdempotentFileEdits', approvedCommands: [] } });

  async function ranPlan() {
    const workspace = new MemoryWorkspace({ 'a.txt': 'old a' });
    const deps = fakeRunDeps({ workspace });
    const run = await PlanRun.start(plan, { runId: 'undo', options }, deps);
    assert.equal((await run.execute(liveSignal())).status, 'succeeded');
    return { workspace, deps, run };
  }

  it('journals what each step left in its files, so a replay knows it too', async () => {
    const { deps } = await ranPlan();
    const records = (await deps.journal.readAll(() => undefined)).map((record) => JournalRecordSchema.parse(record));
    const state = replayJournal(records);
    assert.deepEqual(state.touches?.map((entry) => `${entry.stepId}:${entry.after?.map((file) => `${file.path}=${file.content}`).join(',')}`), ['E1:a.txt=new a', 'E2:b.txt=b', 'E3:a.txt=new a!']);
  });

  it('puts every file back, removing the ones the run created', async () => {
    const { workspace, run } = await ranPlan();
    const result = await undoRun(workspace, run.current);
    assert.deepEqual(result, { restored: ['a.txt'], removed: ['b.txt'], unchanged: [], refused: [] });
    assert.deepEqual(describeRunUndo(result), ['restored  a.txt', 'removed   b.txt (the run created it)']);
    assert.equal(workspace.files.get('a.txt'), 'old a');
    assert.equal(workspace.files.has('b.txt'), false);
  });

  it('refuses, file by file, what the user edited since, and restores the rest', async () => {
    const { workspace, run } = await ranPlan();
    await workspace.writeFile('b.txt', 'b, edited by hand');
    const result = await undoRun(workspace, run.current);
    assert.deepEqual(result.restored, ['a.txt']);
    assert.deepEqual(result.refused, [{ path: 'b.txt', reason: 'edited since 2 Write b changed it' }]);
    assert.equal(workspace.files.get('b.txt'), 'b, edited by hand');
    assert.deepEqual(describeRunUndo(result), ['restored  a.txt', 'refused   b.txt: edited since 2 Write b changed it']);
  });

  it('journals an undo as undone steps: the run and each step whose files are back read as undone', async () => {
    const { workspace, run } = await ranPlan();
    const record = undoneRecord(run.current, await undoRun(workspace, run.current), 5);
    assert.deepEqual(record, { type: 'undone', at: 5, steps: ['E1', 'E2', 'E3'], refused: [] });
    const undone = applyRecord(run.current, record!);
    assert.equal(reportedRunStatus(undone), 'undone');
    assert.equal(undone.status, 'succeeded');
    assert.deepEqual(['E1', 'E2', 'E3'].map((id) => undone.steps.get(id)?.undone), [true, true, true]);
  });

  it('leaves a step with a refused file as it ended, and a run left as it was when nothing went back', async () => {
    const { workspace, run } = await ranPlan();
    await workspace.writeFile('b.txt', 'b, edited by hand');
    const record = undoneRecord(run.current, await undoRun(workspace, run.current), 5);
    assert.deepEqual(record, { type: 'undone', at: 5, steps: ['E1', 'E3'], refused: ['b.txt'] });
    assert.equal(undoneRecord(run.current, { restored: [], removed: [], unchanged: [], refused: [{ path: 'a.txt', reason: 'edited' }] }, 5), undefined);
  });

  it('undone from a step on marks only that step and later ones, until a later record moves the run on', async () => {
    const { workspace, run } = await ranPlan();
    const record = undoneRecord(run.current, await undoRun(workspace, run.current, 'E3'), 5, 'E3');
    assert.deepEqual(record, { type: 'undone', at: 5, fromStepId: 'E3', steps: ['E3'], refused: [] });
    const undone = applyRecord(run.current, record!);
    assert.deepEqual(undone.undone, { at: 5, fromStepId: 'E3', refused: [] });
    assert.equal(undone.steps.get('E1')?.undone, undefined);
    const usage = applyRecord(undone, { type: 'summary', at: 6, text: 'done' });
    assert.equal(reportedRunStatus(usage), 'undone');
    const moved = applyRecord(usage, { type: 'runStatus', at: 7, status: 'paused' });
    assert.equal(reportedRunStatus(moved), 'paused');
    assert.equal(moved.steps.get('E3')?.undone, true, 'a step keeps its mark until a record of its own');
  });

  it('undoes back to before a step: only what it and later steps changed', async () => {
    const { workspace, run } = await ranPlan();
    const result = await undoRun(workspace, run.current, 'E3');
    assert.deepEqual(result.restored, ['a.txt']);
    assert.equal(workspace.files.get('a.txt'), 'new a');
    assert.equal(workspace.files.get('b.txt'), 'b');
  });
});

describe('undoRun after Cancel', () => {
  const plan = validPlan(
    [
      { id: 'E1', title: 'Write a', tool: 'writeFile', args: { path: 'a.txt', content: 'new a' }, postcondition: { kind: 'fileExists', path: 'a.txt' } },
      { id: 'E2', title: 'Write b', tool: 'writeFile', args: { path: 'b.txt', content: 'b' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'b.txt' } },
      { id: 'E3', title: 'Build', tool: 'runCommand', args: { command: 'make' }, dependsOn: ['E2'], postcondition: { kind: 'exitCode', equals: 0 } },
      { id: 'E4', title: 'Write the log', tool: 'writeFile', args: { path: 'log.txt', content: 'slow' }, dependsOn: ['E2'], postcondition: { kind: 'fileExists', path: 'log.txt' } },
      { id: 'E5', title: 'Write c', tool: 'writeFile', args: { path: 'c.txt', content: 'c' }, dependsOn: ['E3', 'E4'], postcondition: { kind: 'fileExists', path: 'c.txt' } },
    ],
    { revision: 1 },
  );

  /** A workspace whose write of log.txt waits for `release`: that step is still running when the run is cancelled. */
  class SlowLogWorkspace extends MemoryWorkspace {
    release: () => void = () => undefined;
    private readonly released = new Promise<void>((resolve) => (this.release = resolve));
    override async writeFile(path: string, content: string): Promise<void> {
      if (path === 'log.txt') await this.released;
      return super.writeFile(path, content);
    }
  }

  /** `make` runs until the run is cancelled. */
  const building: CommandRunner & { started: boolean } = {
    started: false,
    run(_request, signal) {
      building.started = true;
      return new Promise((resolve) => signal?.addEventListener('abort', () => resolve({ exitCode: null, output: '', truncated: false, timedOut: false, cancelled: true, durationMs: 1 })));
    },
  };

  async function cancelledRun() {
    building.started = false;
    const workspace = new SlowLogWorkspace({ 'a.txt': 'old a', 'log.txt': 'old log' });
    const deps = fakeRunDeps({ workspace, commands: building });
    const run = await PlanRun.start(plan, { runId: 'cancelled', options: runOptions({ maxParallel: 2 }) }, deps);
    const controller = new AbortController();
    const done = run.execute(controller.signal);
    while (!building.started) await new Promise((resolve) => setImmediate(resolve));
    controller.abort('cancelled by the user');
    workspace.release();
    assert.equal((await done).status, 'cancelled');
    return { workspace, deps, run };
  }

  it('puts back every file the cancelled run changed, the step running at Cancel included, and leaves what never ran', async () => {
    const { workspace, run } = await cancelledRun();
    // E4's write landed while the run was being cancelled; E5 never started.
    assert.equal(workspace.files.get('log.txt'), 'slow');
    assert.equal(run.current.steps.get('E5')?.attempts ?? 0, 0);
    const result = await undoRun(workspace, run.current);
    assert.deepEqual(result, { restored: ['a.txt', 'log.txt'], removed: ['b.txt'], unchanged: [], refused: [] });
    assert.deepEqual(Object.fromEntries(workspace.files), { 'a.txt': 'old a', 'log.txt': 'old log' });
  });

  it('refuses, file by file, what the user edited after Cancel, and restores the rest', async () => {
    const { workspace, run } = await cancelledRun();
    await workspace.writeFile('a.txt', 'new a, edited after Cancel');
    const result = await undoRun(workspace, run.current);
    assert.deepEqual([result.restored, result.removed], [['log.txt'], ['b.txt']]);
    assert.deepEqual(result.refused, [{ path: 'a.txt', reason: 'edited since 1 Write a changed it' }]);
    assert.equal(workspace.files.get('a.txt'), 'new a, edited after Cancel');
  });

  it('undoes the cancelled run as its journal replays it, as after a window reload or from the command line', async () => {
    const { workspace, deps } = await cancelledRun();
    const state = replayJournal((await deps.journal.readAll(() => undefined)).map((record) => JournalRecordSchema.parse(record)));
    assert.equal(state.status, 'cancelled');
    const result = await undoRun(workspace, state);
    assert.deepEqual([result.restored, result.removed], [['a.txt', 'log.txt'], ['b.txt']]);
    assert.equal(workspace.files.has('b.txt'), false);
  });
});
