// The end of a worktree run, the user's choice: the diff of what the run changed against the worktree's start,
// apply it to the workspace (refused, listing the files, when a file the run changed was changed in the workspace
// too since the run started; nothing is written then), keep the branch (the run's changes committed on it, the
// worktree folder removed), or discard worktree and branch. A kept branch can still be diffed, applied or discarded
// (against the start, which Keep Branch keeps). Renames are diffed as a deletion and an addition, so every file the
// run touched is named.
import * as nodePath from 'node:path';
import { commitIdentity, git, gitAsks } from './gitCommand';
import { baseRef, gitRepository, noteEnding, workingTree, WorktreeError, WORKTREES_FOLDER, type RunWorktree, type WorktreeEnding } from './runWorktree';

/** What the run changed: the files (repository paths) and the patch. */
export interface WorktreeDiff {
  readonly files: readonly string[];
  /** A binary-safe patch against the worktree's start, as `git diff --binary` writes it; empty when nothing changed. */
  readonly patch: string;
}

/** What "apply" did: the files it wrote into the workspace. */
export interface WorktreeApplied {
  readonly files: readonly string[];
}

/** Stages everything of the worktree in its own index, so new files show in the diff; Planwright's own files (a step's claims) are never the run's changes. */
async function stageAll(worktree: RunWorktree): Promise<void> {
  await git(['add', '-A', '--', '.', ':(exclude,glob)**/.planwright/**'], { cwd: worktree.path });
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

/** What the run changed in its worktree (or, kept, on its branch) since the worktree's start. */
export async function worktreeDiff(worktree: RunWorktree): Promise<WorktreeDiff> {
  if (worktree.kept) {
    const range = [worktree.base, worktree.branch];
    const cwd = worktree.repository;
    const files = lines(await git(['diff', '--no-renames', '--name-only', ...range], { cwd }));
    return { files, patch: files.length === 0 ? '' : await git(['diff', '--no-renames', '--binary', ...range], { cwd }) };
  }
  await stageAll(worktree);
  const cwd = worktree.path;
  const files = lines(await git(['diff', '--cached', '--no-renames', '--name-only', worktree.base], { cwd }));
  const patch = files.length === 0 ? '' : await git(['diff', '--cached', '--no-renames', '--binary', worktree.base], { cwd });
  return { files, patch };
}

/** The files of `files` the workspace changed since the worktree's start. */
async function changedInWorkspace(worktree: RunWorktree, files: readonly string[]): Promise<string[]> {
  const scratch = nodePath.join(worktree.workspace, WORKTREES_FOLDER, `${worktree.runId}.apply.index`);
  const now = await workingTree(await gitRepository(worktree.workspace), scratch);
  const changed = new Set(lines(await git(['diff-tree', '-r', '--no-renames', '--name-only', worktree.base, now], { cwd: worktree.repository })));
  return files.filter((file) => changed.has(file));
}

/** Removes the worktree's folder; unless `ending` is kept, its branch and base ref too. Notes the ending. */
async function removeWorktree(worktree: RunWorktree, ending: WorktreeEnding): Promise<void> {
  const cwd = worktree.repository;
  if (!worktree.kept) await git(['worktree', 'remove', '--force', worktree.path], { cwd });
  if (ending !== 'kept') {
    await git(['update-ref', '-d', baseRef(worktree.runId)], { cwd });
    await git(['branch', '-D', worktree.branch], { cwd });
  }
  await noteEnding(worktree, ending);
}

/**
 * Writes what the run changed into the workspace and removes the worktree and its branch. Refuses, writing
 * nothing and keeping the worktree, when a file the run changed was changed in the workspace since the run started.
 */
export async function applyWorktree(worktree: RunWorktree): Promise<WorktreeApplied> {
  const diff = await worktreeDiff(worktree);
  const clashes = await changedInWorkspace(worktree, diff.files);
  if (clashes.length > 0) {
    throw new WorktreeError(
      'conflict',
      `run ${worktree.runId} was not applied: ${clashes.length === 1 ? 'this file was' : 'these files were'} changed in ${worktree.workspace} since the run started, and the run changed ${clashes.length === 1 ? 'it' : 'them'} too:\n${clashes.map((file) => `- ${file}`).join('\n')}\nnothing was written; keep the branch (${worktree.branch}) and merge it, or discard the run`,
      clashes,
    );
  }
  if (diff.patch !== '') await git(['apply', '--binary', '--whitespace=nowarn', '-'], { cwd: worktree.repository, input: diff.patch });
  await removeWorktree(worktree, 'applied');
  return { files: diff.files };
}

/** Commits what the run changed on the worktree's branch (when it changed anything), removes the worktree folder and keeps the branch (a kept one stays as it is). */
export async function keepWorktree(worktree: RunWorktree, message: string): Promise<{ readonly branch: string; readonly files: readonly string[] }> {
  const diff = await worktreeDiff(worktree);
  if (worktree.kept) return { branch: worktree.branch, files: diff.files };
  // Staged against the worktree's HEAD, not its start: a step may have committed some of it itself.
  if (!(await gitAsks(['diff', '--cached', '--quiet'], { cwd: worktree.path }))) await git(['commit', '--quiet', '--no-verify', '-m', message], { cwd: worktree.path, env: await commitIdentity(worktree.path) });
  await removeWorktree(worktree, 'kept');
  return { branch: worktree.branch, files: diff.files };
}

/** Removes the worktree and its branch: what the run changed is gone, the workspace is as it is. */
export async function discardWorktree(worktree: RunWorktree): Promise<void> {
  await removeWorktree(worktree, 'discarded');
}
