// Unit tests of what the end of a run says: a succeeded run that changed files says both in one notification,
// every other outcome keeps what it showed, with the files notice beside it when it changed files; and, from real
// runs that failed or were cancelled having changed files, the words and buttons the user gets.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { CommandRunner } from '../../../src/core/ports';
import type { Replanner } from '../../../src/core/run/modelRoles';
import { englishText } from '../../../src/core/text/englishText';
import { filesChangedNotice, type FilesChangedNotice } from '../../../src/core/undo/filesChangedNotice';
import { runEndNotices, runEndText } from '../../../src/core/view/runEndNotices';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const files: FilesChangedNotice = { runId: 'r1', count: 2, names: 'a.js, b.js', files: [] };

describe('runEndNotices', () => {
  it('says a succeeded run changed files in its one notification, with Keep, Undo Run, Show Files and Show Summary', () => {
    assert.deepEqual(runEndNotices('succeeded', files), [{ kind: 'succeeded', where: 'notification', files, actions: ['keep', 'undoRun', 'showFiles', 'showSummary'] }]);
  });

  it('keeps one success notification with Show Summary and Show Trace when the run changed nothing', () => {
    assert.deepEqual(runEndNotices('succeeded', undefined), [{ kind: 'succeeded', where: 'notification', actions: ['showSummary', 'showTrace'] }]);
  });

  it('keeps how a failed or cancelled run ended, and adds the files notice when it changed files', () => {
    const fileNotice = { kind: 'filesChanged', where: 'notification', files, actions: ['keep', 'undoRun', 'showFiles'] };
    assert.deepEqual(runEndNotices('failed', files), [{ kind: 'failed', where: 'notification', actions: ['showLog'] }, fileNotice]);
    assert.deepEqual(runEndNotices('cancelled', files), [{ kind: 'cancelled', where: 'statusBar', actions: [] }, fileNotice]);
    assert.deepEqual(runEndNotices('failed', undefined), [{ kind: 'failed', where: 'notification', actions: ['showLog'] }]);
  });

  it('offers the re-plan of a run that stopped for one, and says a pause in the status bar', () => {
    assert.deepEqual(runEndNotices('needsReplan', undefined), [{ kind: 'needsReplan', where: 'notification', actions: ['replan', 'showLog'] }]);
    assert.deepEqual(runEndNotices('paused', undefined), [{ kind: 'paused', where: 'statusBar', actions: [] }]);
  });

  it('never puts two notifications up for a succeeded run, whatever it changed', () => {
    for (const changed of [files, undefined]) assert.equal(runEndNotices('succeeded', changed).filter((notice) => notice.where === 'notification').length, 1);
  });
});

describe('the end of a failed or cancelled run that changed files', () => {
  const plan = validPlan([
    { id: 'E1', title: 'Write a', tool: 'writeFile', args: { path: 'a.js', content: 'new a' }, postcondition: { kind: 'fileExists', path: 'a.js' } },
    { id: 'E2', title: 'Write b', tool: 'writeFile', args: { path: 'b.js', content: 'b' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'b.js' } },
    { id: 'E3', title: 'Run the tests', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['E2'], postcondition: { kind: 'exitCode', equals: 0 } },
  ]);

  /** Each notice of the run's end as the user gets it: where, its text, its buttons. */
  async function endOf(run: PlanRun, signal: AbortSignal, cancel?: () => void) {
    const done = run.execute(signal);
    cancel?.();
    const report = await done;
    const notices = runEndNotices(report.status, filesChangedNotice(run.current));
    return notices.map((notice) => [notice.where, runEndText(englishText, notice, report), notice.actions]);
  }

  it('a cancelled run says so in the status bar, and its files in a notification with Keep, Undo Run and Show Files', async () => {
    let started: () => void = () => undefined;
    const testing = new Promise<void>((resolve) => (started = resolve));
    const commands: CommandRunner = {
      run: (_request, signal) => {
        started();
        return new Promise((resolve) => signal?.addEventListener('abort', () => resolve({ exitCode: null, output: '', truncated: false, timedOut: false, cancelled: true, durationMs: 1 })));
      },
    };
    const run = await PlanRun.start(plan, { runId: 'r', options: runOptions() }, fakeRunDeps({ workspace: new MemoryWorkspace({ 'a.js': 'old a' }), commands }));
    const controller = new AbortController();
    const said = await endOf(run, controller.signal, () => void testing.then(() => controller.abort('cancelled by the user')));
    assert.deepEqual(said, [
      ['statusBar', 'Planwright: run cancelled', []],
      ['notification', 'Planwright changed 2 files: a.js, b.js', ['keep', 'undoRun', 'showFiles']],
    ]);
  });

  it('a failed run keeps its error, and its files get the same notification of their own', async () => {
    const replanner: Replanner = { replan: () => Promise.reject(new Error('no re-plan is allowed in this run')) };
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'a.js': 'old a' }), commands: new ScriptedCommandRunner(() => ({ exitCode: 1 })), replanner });
    const run = await PlanRun.start(plan, { runId: 'r', options: runOptions({ maxReplans: 0 }) }, deps);
    const said = await endOf(run, liveSignal());
    assert.deepEqual(said, [
      ['notification', 'Planwright: the run failed: gave up after 0 re-plan(s); what failed each time: 1. 3 Run the tests failed: exit code: expected 0, got 1', ['showLog']],
      ['notification', 'Planwright changed 2 files: a.js, b.js', ['keep', 'undoRun', 'showFiles']],
    ]);
  });
});
