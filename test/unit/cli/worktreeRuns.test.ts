// `planwright run --worktree` and `planwright worktree …` on real git repositories: the run works in its worktree and
// never touches the workspace; diff, apply (and its refusal), keep and discard; a resume waiting for approval goes on
// in the worktree; undo puts back the worktree's files, and once the worktree was applied or kept says so and what to
// do; a kept branch is still diffed and applied; a folder that is not a repository is refused, naming why.
// One run goes through the bundled dist/cli.js as a user runs it.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { cliInProcess as cli } from '../support/cliInProcess';
import { worktreePath } from '../../../src/node/runWorktree';
import { bundleCli, runCliProcess } from '../support/cliProcess';
import { committedRepository, gitIn } from '../support/gitRepository';
import { captureTree, makeTempDir, removeTempDir } from '../support/tempDir';

const PLAN = {
  version: 1,
  goal: 'Extend the notes',
  steps: [
    { id: 'E1', title: 'Add a line to a.txt', tool: 'appendFile', args: { path: 'a.txt', content: 'from the run\n' }, postcondition: { kind: 'fileContains', path: 'a.txt', text: 'from the run' } },
    { id: 'E2', title: 'Write c.txt', tool: 'writeFile', args: { path: 'c.txt', content: 'new\n' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'c.txt' } },
  ],
};

interface Ran {
  readonly runId: string;
  readonly status: string;
  readonly journal: string;
  readonly worktree: { readonly path: string; readonly branch: string };
}

/** The workspace's own files (git's and Planwright's folders left out). */
async function workspaceFiles(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await captureTree(dir)).filter(([entry]) => !entry.startsWith('.git') && !entry.startsWith('.planwright')));
}

const exists = (file: string) => stat(file).then(() => true, () => false);

describe('planwright run --worktree and planwright worktree', () => {
  let dir: string;
  let ws: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    ws = path.join(dir, 'ws');
    await writeFile(path.join(dir, 'notes.plan.json'), JSON.stringify(PLAN));
    await mkdir(ws);
    await committedRepository(ws);
  });
  afterEach(() => removeTempDir(dir));

  async function runInWorktree(approve = 'all'): Promise<Ran> {
    const before = await workspaceFiles(ws);
    const ran = await cli(['run', 'notes.plan.json', '--workspace', 'ws', '--approve', approve, '--worktree', '--json'], dir);
    assert.ok(ran.code === 0 || ran.code === 3, ran.stderr);
    assert.deepEqual(await workspaceFiles(ws), before, 'the workspace is untouched by a worktree run');
    assert.equal(gitIn(ws, 'status', '--porcelain'), '', "the workspace's status stays clean");
    return JSON.parse(ran.stdout) as Ran;
  }

  it('runs in a worktree on a branch of its own, and apply writes its changes into the workspace', async () => {
    const ran = await runInWorktree();
    assert.equal(ran.status, 'succeeded');
    assert.equal(ran.worktree.path, worktreePath(ws, ran.runId));
    assert.equal(ran.worktree.branch, `planwright/${ran.runId}`);
    assert.ok(ran.journal.startsWith(path.join(ws, '.planwright', 'runs')), 'the journal lives where run journals live');
    assert.equal(await readFile(path.join(ran.worktree.path, 'a.txt'), 'utf8'), 'one\nfrom the run\n');

    const diff = await cli(['worktree', 'diff', ran.runId, '--workspace', 'ws'], dir);
    assert.equal(diff.code, 0, diff.stderr);
    assert.match(diff.stdout, /\+from the run/);
    assert.match(diff.stdout, /c\.txt/);

    const applied = await cli(['worktree', 'apply', ran.runId, '--workspace', 'ws', '--json'], dir);
    assert.equal(applied.code, 0, applied.stderr);
    assert.deepEqual(JSON.parse(applied.stdout), { runId: ran.runId, applied: true, files: ['a.txt', 'c.txt'] });
    assert.equal(await readFile(path.join(ws, 'a.txt'), 'utf8'), 'one\nfrom the run\n');
    assert.equal(await readFile(path.join(ws, 'c.txt'), 'utf8'), 'new\n');
    assert.equal(await exists(ran.worktree.path), false);
    const again = await cli(['worktree', 'apply', ran.runId, '--workspace', 'ws'], dir);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /worktree is gone: Apply wrote its changes into /);
  });

  it('undo after Apply says the worktree is gone and what to do; with --workspace it puts the applied files back there', async () => {
    const ran = await runInWorktree();
    assert.equal((await cli(['worktree', 'apply', ran.runId, '--workspace', 'ws'], dir)).code, 0);
    const refused = await cli(['undo', ran.journal], dir);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /cannot undo in the run's worktree: run \S+'s worktree is gone: Apply wrote its changes into .*planwright undo with the run's journal and --workspace /);
    assert.equal(await readFile(path.join(ws, 'a.txt'), 'utf8'), 'one\nfrom the run\n', 'a refused undo writes nothing');
    const undone = await cli(['undo', ran.journal, '--workspace', 'ws'], dir);
    assert.equal(undone.code, 0, undone.stderr);
    assert.equal(await readFile(path.join(ws, 'a.txt'), 'utf8'), 'one\n');
    assert.equal(await exists(path.join(ws, 'c.txt')), false);
  });

  it('after Keep Branch, undo says the changes are on the branch, and worktree diff and apply still work on it', async () => {
    const ran = await runInWorktree();
    assert.equal((await cli(['worktree', 'keep', ran.runId, '--workspace', 'ws'], dir)).code, 0);
    const refused = await cli(['undo', ran.journal], dir);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, new RegExp(`Keep Branch committed its changes on branch planwright/${ran.runId}.*planwright worktree diff\\|apply\\|discard ${ran.runId}`));
    const diff = await cli(['worktree', 'diff', ran.runId, '--workspace', 'ws'], dir);
    assert.equal(diff.code, 0, diff.stderr);
    assert.match(diff.stdout, /\+new/);
    const applied = await cli(['worktree', 'apply', ran.runId, '--workspace', 'ws', '--json'], dir);
    assert.equal(applied.code, 0, applied.stderr);
    assert.deepEqual(JSON.parse(applied.stdout), { runId: ran.runId, applied: true, files: ['a.txt', 'c.txt'] });
    assert.equal(await readFile(path.join(ws, 'c.txt'), 'utf8'), 'new\n');
    assert.equal(gitIn(ws, 'branch', '--list', `planwright/${ran.runId}`), '');
  });

  it('refuses to apply when the workspace changed a file the run changed, listing it, and writes nothing', async () => {
    const ran = await runInWorktree();
    await writeFile(path.join(ws, 'a.txt'), 'one, edited meanwhile\n');
    const before = await workspaceFiles(ws);
    const refused = await cli(['worktree', 'apply', ran.runId, '--workspace', 'ws'], dir);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /changed in .* since the run started.*\n- a\.txt\n/);
    assert.deepEqual(await workspaceFiles(ws), before);
    assert.equal(await exists(ran.worktree.path), true, 'the worktree stays for keep or discard');
  });

  it('keeps the branch with the run committed, and discards another run entirely', async () => {
    const kept = await runInWorktree();
    const keep = await cli(['worktree', 'keep', kept.runId, '--workspace', 'ws'], dir);
    assert.equal(keep.code, 0, keep.stderr);
    assert.match(keep.stdout, new RegExp(`kept branch planwright/${kept.runId}`));
    assert.equal(gitIn(ws, 'show', `planwright/${kept.runId}:c.txt`), 'new\n');
    assert.equal(await exists(kept.worktree.path), false);

    const dropped = await runInWorktree();
    const discard = await cli(['worktree', 'discard', dropped.runId, '--workspace', 'ws'], dir);
    assert.equal(discard.code, 0, discard.stderr);
    assert.equal(gitIn(ws, 'branch', '--list', `planwright/${dropped.runId}`), '');
    assert.equal(await exists(dropped.worktree.path), false);
    assert.equal(await exists(path.join(ws, 'c.txt')), false, 'the workspace is as it was');
  });

  it('resumes a worktree run waiting for approval in its worktree, and undo puts back the worktree files', async () => {
    const waiting = await runInWorktree('reads');
    assert.equal(waiting.status, 'awaitingApproval');
    const resumed = await cli(['resume', '--journal', waiting.journal, '--approve', 'all', '--json'], dir);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal((JSON.parse(resumed.stdout) as Ran).worktree.path, waiting.worktree.path);
    assert.equal(await readFile(path.join(waiting.worktree.path, 'c.txt'), 'utf8'), 'new\n');
    assert.equal(await exists(path.join(ws, 'c.txt')), false, 'the resume did not touch the workspace');

    const undone = await cli(['undo', waiting.journal], dir);
    assert.equal(undone.code, 0, undone.stderr);
    assert.equal(await readFile(path.join(waiting.worktree.path, 'a.txt'), 'utf8'), 'one\n');
    assert.equal(await exists(path.join(waiting.worktree.path, 'c.txt')), false);
    assert.equal(await readFile(path.join(ws, 'a.txt'), 'utf8'), 'one\n');

    await cli(['worktree', 'discard', waiting.runId, '--workspace', 'ws'], dir);
    const gone = await cli(['resume', '--journal', waiting.journal], dir);
    assert.equal(gone.code, 2);
    assert.match(gone.stderr, /cannot resume run .* in its worktree: .*Discard removed it and its branch/);
  });

  it('refuses --worktree in a folder that is not a git repository, naming why, and writes no worktree', async () => {
    const plain = path.join(dir, 'plain');
    await mkdir(plain);
    const refused = await cli(['run', 'notes.plan.json', '--workspace', 'plain', '--approve', 'all', '--worktree'], dir);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--worktree: a run in a worktree needs the workspace to be a git repository.*not inside a git repository/);
    assert.equal(await exists(path.join(plain, 'a.txt')), false);
    assert.equal(await exists(path.join(plain, '.planwright', 'worktrees')), false);
  });

  it('runs in a worktree and applies through the bundled CLI', async function () {
    this.timeout(120_000);
    bundleCli();
    const ran = await runCliProcess(['run', 'notes.plan.json', '--workspace', 'ws', '--approve', 'all', '--worktree'], dir);
    assert.equal(ran.code, 0, ran.stderr);
    const line = /worktree: .* \(branch planwright\/(\S+)\); nothing in .* changed\. End it with planwright worktree diff\|apply\|keep\|discard \1 --workspace /.exec(ran.stdout);
    assert.ok(line, ran.stdout);
    assert.equal(await exists(path.join(ws, 'c.txt')), false);
    const applied = await runCliProcess(['worktree', 'apply', line[1]!, '--workspace', 'ws'], dir);
    assert.equal(applied.code, 0, applied.stderr);
    assert.equal(await readFile(path.join(ws, 'c.txt'), 'utf8'), 'new\n');
  });
});
