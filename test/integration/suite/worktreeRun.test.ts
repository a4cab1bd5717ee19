// A run in a git worktree inside a real extension host: with planwright.isolation "worktree", Run Plan works in a new
// worktree of the (git) workspace and leaves the workspace and its status untouched; the end's notification, answered
// Show Diff and then Apply, shows the run's patch and writes the run into the workspace, removing worktree and branch;
// Undo Run then says the worktree is gone and what to do, writing nothing.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { worktreePath } from '../../../src/node/runWorktree';
import { COMMANDS } from '../../../src/vscode/ids';
import { offerWorktreeEnd, type WorktreeEndWindow } from '../../../src/vscode/run/worktreeEndNotice';
import { planwright, setUserSetting, workspaceUri } from './support';

const IDENTITY = { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@t' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...IDENTITY } });
}

async function exists(file: string): Promise<boolean> {
  return Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.file(file))).then(
    () => true,
    () => false,
  );
}

/** A window that answers each question with the next of `answers`, and keeps what it was shown. */
class ScriptedWindow implements WorktreeEndWindow {
  readonly asked: string[] = [];
  readonly diffs: string[] = [];
  constructor(private readonly answers: string[]) {}
  async showInformationMessage(message: string): Promise<string | undefined> {
    this.asked.push(message);
    return this.answers.shift();
  }
  async showErrorMessage(message: string): Promise<string | undefined> {
    this.asked.push(message);
    return undefined;
  }
  async showDiff(patch: string): Promise<void> {
    this.diffs.push(patch);
  }
}

describe('planwright.isolation worktree', function () {
  this.timeout(120_000);
  let root: string;

  before(async () => {
    root = workspaceUri('.').fsPath;
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'the demo workspace');
    await setUserSetting('isolation', 'worktree');
    await setUserSetting('autoApprove', 'readOnlyAndIdempotentFileEdits');
  });

  after(async () => {
    await setUserSetting('isolation', undefined);
    await setUserSetting('autoApprove', undefined);
    for (const made of ['.git', '.planwright', 'worktree-note.txt', 'worktree.plan.json']) rmSync(path.join(root, made), { recursive: true, force: true });
  });

  it('runs the plan in a new worktree, leaves the workspace untouched, and Apply at the end writes the run into it', async () => {
    const { session } = await planwright();
    const plan = {
      version: 1,
      goal: 'Write a note in a worktree',
      steps: [{ id: 'W1', title: 'Write the note', tool: 'writeFile', args: { path: 'worktree-note.txt', content: 'from the worktree\n' }, postcondition: { kind: 'fileExists', path: 'worktree-note.txt' } }],
    };
    const file = workspaceUri('worktree.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    git(root, 'add', 'worktree.plan.json');
    git(root, 'commit', '-q', '-m', 'the plan');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);

    const report = await vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan);
    assert.equal(report?.status, 'succeeded');
    const state = session.runs.state;
    assert.ok(state);
    const worktree = worktreePath(root, state.runId);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path.join(worktree, 'worktree-note.txt')))), 'from the worktree\n');
    assert.equal(await exists(path.join(root, 'worktree-note.txt')), false, 'the workspace is untouched before Apply');
    assert.equal(git(root, 'status', '--porcelain'), '', "the workspace's status stays clean");

    const window = new ScriptedWindow(['Show Diff', 'Apply']);
    assert.equal(await offerWorktreeEnd(state, window, { info: () => undefined, warn: () => undefined, error: () => undefined }), 'applied');
    assert.match(window.asked[0] ?? '', new RegExp(`branch planwright/${state.runId}; your workspace is unchanged`));
    assert.match(window.diffs[0] ?? '', /\+from the worktree/);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri('worktree-note.txt'))), 'from the worktree\n');
    assert.equal(await exists(worktree), false, 'the worktree is removed');
    assert.equal(git(root, 'branch', '--list', `planwright/${state.runId}`), '');

    await assert.rejects(session.runs.undoRun(), (error: unknown) => error instanceof Error && /worked in a git worktree that is no longer there: .*Apply wrote its changes into .*--workspace /.test(error.message));
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri('worktree-note.txt'))), 'from the worktree\n', 'the refused undo wrote nothing');
  });
});
