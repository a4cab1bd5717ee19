// A run's git worktree with real git in temporary repositories: made from the workspace as it is (uncommitted and
// new files included) without touching the workspace or its status; its diff; apply (and its refusal naming the files
// changed in the workspace since the start); keep; discard; what is said of a worktree once it was ended; a kept
// branch diffed, applied and discarded later; and the refusal of a folder that is not a repository.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createRunWorktree, openRunWorktree, WorktreeError, worktreePath } from '../../../src/node/runWorktree';
import { applyWorktree, discardWorktree, keepWorktree, worktreeDiff } from '../../../src/node/worktreeEnd';
import { committedRepository, gitIn } from '../support/gitRepository';
import { captureTree, makeTempDir, removeTempDir } from '../support/tempDir';

/** The workspace's own files (git's objects and Planwright's folder left out). */
async function workspaceFiles(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await captureTree(dir)).filter(([entry]) => !entry.startsWith('.git') && !entry.startsWith('.planwright')));
}

const exists = (file: string) => stat(file).then(() => true, () => false);

describe('runWorktree', () => {
  let repo: string;
  beforeEach(async () => {
    repo = await makeTempDir();
    await committedRepository(repo);
  });
  afterEach(() => removeTempDir(repo));

  it('makes the worktree inside .planwright/worktrees on a new branch, from the workspace with its uncommitted and new files, and leaves the status clean', async () => {
    await writeFile(path.join(repo, 'a.txt'), 'one, edited\n');
    await writeFile(path.join(repo, 'new.txt'), 'new\n');
    const statusBefore = gitIn(repo, 'status', '--porcelain');
    const headBefore = gitIn(repo, 'rev-parse', 'HEAD');
    const worktree = await createRunWorktree(repo, 'r1');
    assert.equal(worktree.path, worktreePath(repo, 'r1'));
    assert.equal(worktree.branch, 'planwright/r1');
    assert.equal(await readFile(path.join(worktree.root, 'a.txt'), 'utf8'), 'one, edited\n');
    assert.equal(await readFile(path.join(worktree.root, 'new.txt'), 'utf8'), 'new\n');
    assert.equal(gitIn(repo, 'status', '--porcelain'), statusBefore, 'the workspace status is unchanged');
    assert.equal(gitIn(repo, 'rev-parse', 'HEAD'), headBefore);
    assert.equal(gitIn(worktree.path, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'planwright/r1');
  });

  it('starts from HEAD itself when the workspace has no changes', async () => {
    const worktree = await createRunWorktree(repo, 'r1');
    assert.equal(worktree.base, gitIn(repo, 'rev-parse', 'HEAD').trim());
  });

  it('diffs what the run changed against the start, new files included', async () => {
    const worktree = await createRunWorktree(repo, 'r1');
    await writeFile(path.join(worktree.root, 'a.txt'), 'one\nmore\n');
    await writeFile(path.join(worktree.root, 'c.txt'), 'three\n');
    const diff = await worktreeDiff(worktree);
    assert.deepEqual([...diff.files].sort(), ['a.txt', 'c.txt']);
    assert.match(diff.patch, /\+more/);
    assert.match(diff.patch, /new file mode/);
  });

  it("leaves Planwright's own files in the worktree out of the diff, also when only the workspace's .planwright/.gitignore ignored them", async () => {
    await mkdir(path.join(repo, '.planwright'));
    await writeFile(path.join(repo, '.planwright', '.gitignore'), '*\n');
    const worktree = await createRunWorktree(repo, 'r1');
    await mkdir(path.join(worktree.root, '.planwright', 'claims'), { recursive: true });
    await writeFile(path.join(worktree.root, '.planwright', 'claims', 'table'), 'a claim\n');
    await writeFile(path.join(worktree.root, 'c.txt'), 'three\n');
    assert.deepEqual((await worktreeDiff(worktree)).files, ['c.txt']);
  });

  it('applies the run to the workspace, then removes the worktree and its branch', async () => {
    const worktree = await createRunWorktree(repo, 'r1');
    await writeFile(path.join(worktree.root, 'a.txt'), 'one\nmore\n');
    await writeFile(path.join(worktree.root, 'c.txt'), 'three\n');
    // A change in the workspace to a file the run did not touch is no clash.
    await writeFile(path.join(repo, 'b.txt'), 'two, mine\n');
    assert.equal(await readFile(path.join(repo, 'a.txt'), 'utf8'), 'one\n', 'the workspace is untouched before apply');
    const applied = await applyWorktree(worktree);
    assert.deepEqual([...applied.files].sort(), ['a.txt', 'c.txt']);
    assert.equal(await readFile(path.join(repo, 'a.txt'), 'utf8'), 'one\nmore\n');
    assert.equal(await readFile(path.join(repo, 'c.txt'), 'utf8'), 'three\n');
    assert.equal(await readFile(path.join(repo, 'b.txt'), 'utf8'), 'two, mine\n');
    assert.equal(await exists(worktree.path), false);
    assert.equal(gitIn(repo, 'branch', '--list', 'planwright/r1'), '');
    await assert.rejects(openRunWorktree(repo, 'r1'), (error: unknown) => error instanceof WorktreeError && error.reason === 'noWorktree');
  });

  it('refuses to apply, writing nothing and naming the files, when the workspace changed a file the run changed since the start', async () => {
    const worktree = await createRunWorktree(repo, 'r1');
    await writeFile(path.join(worktree.root, 'a.txt'), 'run\n');
    await writeFile(path.join(worktree.root, 'c.txt'), 'run\n');
    await writeFile(path.join(repo, 'a.txt'), 'mine\n');
    await writeFile(path.join(repo, 'c.txt'), 'mine too\n');
    const before = await workspaceFiles(repo);
    await assert.rejects(applyWorktree(worktree), (error: unknown) => {
      assert.ok(error instanceof WorktreeError);
      assert.equal(error.reason, 'conflict');
      assert.deepEqual([...error.files].sort(), ['a.txt', 'c.txt']);
      assert.match(error.message, /- a\.txt\n- c\.txt/);
      return true;
    });
    assert.deepEqual(await workspaceFiles(repo), before, 'nothing was written');
    assert.equal((await openRunWorktree(repo, 'r1')).base, worktree.base, 'the worktree is kept');
  });

  it('keeps the branch with the run committed on it, and removes the worktree folder', async () => {
    const worktree = await createRunWorktree(repo, 'r1');
    await writeFile(path.join(worktree.root, 'c.txt'), 'three\n');
    const kept = await keepWorktree(worktree, 'Planwright run r1');
    assert.equal(kept.branch, 'planwright/r1');
    assert.equal(gitIn(repo, 'show', 'planwright/r1:c.txt'), 'three\n');
    assert.equal(gitIn(repo, 'log', '-1', '--format=%s', 'planwright/r1').trim(), 'Planwright run r1');
    assert.equal(await exists(worktree.path), false);
    assert.equal(await exists(path.join(repo, 'c.txt')), false, 'the workspace is untouched');
  });

  it('discards the worktree and its branch, leaving the workspace as it is', async () => {
    const before = gitIn(repo, 'status', '--porcelain');
    const worktree = await createRunWorktree(repo, 'r1');
    await writeFile(path.join(worktree.root, 'a.txt'), 'run\n');
    await discardWorktree(worktree);
    assert.equal(await exists(worktree.path), false);
    assert.equal(gitIn(repo, 'branch', '--list', 'planwright/r1'), '');
    assert.equal(await readFile(path.join(repo, 'a.txt'), 'utf8'), 'one\n');
    assert.equal(gitIn(repo, 'status', '--porcelain'), before);
  });

  it('says what became of a worktree once it was applied, discarded or kept, and what can still be done', async () => {
    const notThere = (runId: string, pattern: RegExp) => assert.rejects(openRunWorktree(repo, runId), (error: unknown) => error instanceof WorktreeError && error.reason === 'noWorktree' && pattern.test(error.message));
    await applyWorktree(await createRunWorktree(repo, 'applied'));
    await notThere('applied', /Apply wrote its changes into .*planwright undo with the run's journal and --workspace /);
    await discardWorktree(await createRunWorktree(repo, 'dropped'));
    await notThere('dropped', /Discard removed it and its branch, so its changes never reached .* nothing left to undo or resume/);
    await keepWorktree(await createRunWorktree(repo, 'kept'), 'Planwright run kept');
    await notThere('kept', /Keep Branch committed its changes on branch planwright\/kept.*planwright worktree diff\|apply\|discard kept/);
    await notThere('never', /run never has no worktree/);
  });

  it('diffs, applies and discards a kept branch later, against the start Keep Branch kept', async () => {
    const first = await createRunWorktree(repo, 'r1');
    await writeFile(path.join(first.root, 'c.txt'), 'three\n');
    await keepWorktree(first, 'Planwright run r1');
    const kept = await openRunWorktree(repo, 'r1', { keptBranch: true });
    assert.equal(kept.kept, true);
    assert.deepEqual((await worktreeDiff(kept)).files, ['c.txt']);
    assert.deepEqual((await applyWorktree(kept)).files, ['c.txt']);
    assert.equal(await readFile(path.join(repo, 'c.txt'), 'utf8'), 'three\n');
    assert.equal(gitIn(repo, 'branch', '--list', 'planwright/r1'), '', 'applied, the kept branch is removed');
    await assert.rejects(openRunWorktree(repo, 'r1', { keptBranch: true }), /Apply wrote its changes/);

    const second = await createRunWorktree(repo, 'r2');
    await writeFile(path.join(second.root, 'd.txt'), 'four\n');
    await keepWorktree(second, 'Planwright run r2');
    await discardWorktree(await openRunWorktree(repo, 'r2', { keptBranch: true }));
    assert.equal(gitIn(repo, 'branch', '--list', 'planwright/r2'), '');
    assert.equal(await exists(path.join(repo, 'd.txt')), false);
    await assert.rejects(openRunWorktree(repo, 'r2', { keptBranch: true }), /Discard removed it/);
  });

  it('works for a workspace that is a folder inside the repository', async () => {
    await mkdir(path.join(repo, 'sub'));
    await writeFile(path.join(repo, 'sub', 's.txt'), 's\n');
    const worktree = await createRunWorktree(path.join(repo, 'sub'), 'r1');
    assert.equal(worktree.root, path.join(worktree.path, 'sub'));
    await writeFile(path.join(worktree.root, 's.txt'), 's, run\n');
    await applyWorktree(worktree);
    assert.equal(await readFile(path.join(repo, 'sub', 's.txt'), 'utf8'), 's, run\n');
  });

  it('refuses a workspace that is not a git repository, naming why', async () => {
    const plain = await makeTempDir();
    try {
      await assert.rejects(createRunWorktree(plain, 'r1'), (error: unknown) => error instanceof WorktreeError && error.reason === 'notGit' && /not inside a git repository/.test(error.message));
      assert.deepEqual(await captureTree(plain), {}, 'nothing was written');
    } finally {
      await removeTempDir(plain);
    }
  });
});
