// Two more columns of the editor's guarantees × doors matrix, inside a real extension host (doorMatrixSupport.ts).
// In a git worktree (planwright.isolation "worktree"): through Run Plan, the Language Model tool and Plan a Task in
// split, fused and auto mode, the steps wait for approval, the four changes land in the run's worktree and none in
// the workspace, usage counts every call, the journal replays to the same state and Undo Run puts every change back
// there. Undone: a fused, an auto and a sub-plan run, once Undo Run put its changes back, reads as undone in its
// report and its journal, also after a reload, with nothing left to resume and nothing run or asked again.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { reportedRunStatus } from '../../../src/core/run/undoneRun';
import { runReport, type RunReport } from '../../../src/core/run/runSummary';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { openRunWorktree, WORKTREES_FOLDER, worktreePath } from '../../../src/node/runWorktree';
import { discardWorktree } from '../../../src/node/worktreeEnd';
import { COMMANDS } from '../../../src/vscode/ids';
import { CHANGED, doorFiles, doorSuiteHooks, ORIGINAL, ran, UNDONE_DOORS, workingFolder, workspaceRoot, WORKTREE_DOORS } from './doorMatrixSupport';
import { planwright, setUserSetting } from './support';

const IDENTITY = { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@t' };

function git(...args: string[]): void {
  execFileSync('git', args, { cwd: workspaceRoot(), env: { ...process.env, ...IDENTITY } });
}

/** The journal of the run the window shows, replayed. */
async function replayed() {
  const { session } = await planwright();
  return loadRunState(new JsonlRecordLog(session.runs.runFiles!.journalPath, false), () => undefined);
}

async function undoRun(): Promise<{ refused: { path: string }[] }> {
  const result = await vscode.commands.executeCommand<{ refused: { path: string }[] }>(COMMANDS.undoRun, false);
  assert.ok(result, 'Undo Run undid the run');
  return result;
}

describe('guarantees × the editor\'s doors: in a git worktree, and undone', function () {
  this.timeout(120_000);
  const server = doorSuiteHooks({}, ['mode', 'isolation']);

  describe('in a git worktree', () => {
    before(async () => {
      git('init', '-q', '-b', 'main');
      git('add', '-A');
      git('commit', '-q', '-m', 'the demo workspace');
      await setUserSetting('isolation', 'worktree');
    });
    after(async () => {
      await setUserSetting('isolation', undefined);
      for (const made of ['.git', WORKTREES_FOLDER]) rmSync(path.join(workspaceRoot(), made), { recursive: true, force: true });
    });

    for (const [name, mode, door] of WORKTREE_DOORS) {
      it(`${name}: waits for approval, changes the worktree and not the workspace, counts every call, replays, and undo restores the worktree`, async () => {
        const { session } = await planwright();
        const served = server().requests.length;
        const { report, waited } = await ran(door);
        assert.ok(waited.length > 0, 'the writes waited for approval');
        assert.equal(report.status, 'succeeded', JSON.stringify(report));
        assert.equal(report.mode, mode);
        const root = workspaceRoot();
        const worktree = workingFolder();
        assert.equal(worktree, worktreePath(root, String(report.runId)), 'the run worked in its own worktree');
        assert.deepEqual(await doorFiles(worktree), CHANGED);
        assert.deepEqual(await doorFiles(), ORIGINAL, 'the workspace is untouched');
        assert.equal((report.usage as RunReport['usage']).total.calls, server().requests.length - served);
        assert.deepEqual(runReport(await replayed()), runReport(session.runs.state!));

        assert.deepEqual((await undoRun()).refused, []);
        assert.deepEqual(await doorFiles(worktree), ORIGINAL);
        assert.deepEqual(await doorFiles(), ORIGINAL);
        await discardWorktree(await openRunWorktree(root, String(report.runId)));
      });
    }
  });

  describe('undone', () => {
    for (const [name, , door] of UNDONE_DOORS) {
      it(`${name}: Undo Run puts every change back; its report and journal say undone, also after a reload, and nothing is resumed or asked again`, async () => {
        const { session } = await planwright();
        const { report } = await ran(door);
        assert.equal(report.status, 'succeeded', JSON.stringify(report));
        assert.deepEqual(await doorFiles(), CHANGED);

        assert.deepEqual((await undoRun()).refused, []);
        assert.deepEqual(await doorFiles(), ORIGINAL);
        assert.equal(session.runs.report?.status, 'undone', 'the run\'s report says undone');
        assert.equal(reportedRunStatus(await replayed()), 'undone', 'the journal replays as undone');

        const served = server().requests.length;
        const restored = await session.runs.restore();
        assert.equal(restored && reportedRunStatus(restored), 'undone', 'after a reload the run still reads as undone');
        assert.equal(session.runs.resumable, false, 'nothing is left to resume');
        assert.deepEqual(await doorFiles(), ORIGINAL, 'nothing ran again');
        assert.equal(server().requests.length, served, 'no model was asked again');
      });
    }
  });
});
