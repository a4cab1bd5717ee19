// `planwright run --worktree` and the resume of such a run: the run's worktree made (or found again from the
// journal's host record) and where the run's steps work, with the line that tells how to end it. The journal and
// trace stay where a run's files live (the workspace's .planwright/runs by default); only the steps work elsewhere.
import type { RunState } from '../core/run/runState';
import { messageOf } from '../core/text/errorText';
import { GitError } from '../node/gitCommand';
import { createRunWorktree, openRunWorktree, recordedWorktree, WorktreeError, worktreeRecord, type RunWorktree } from '../node/runWorktree';

/** What `run --worktree` journals in its host record, and where its steps work. */
export interface WorktreePlace {
  readonly worktree: RunWorktree;
  readonly host: { readonly workspace: string; readonly worktree: ReturnType<typeof worktreeRecord> };
}

/** Run `runId`'s new worktree of the workspace `root`, or why there is none (not a git repository, git failed). */
export async function newWorktreePlace(root: string, runId: string): Promise<WorktreePlace | { readonly error: string }> {
  try {
    const worktree = await createRunWorktree(root, runId);
    return { worktree, host: { workspace: worktree.root, worktree: worktreeRecord(worktree) } };
  } catch (error) {
    if (error instanceof WorktreeError || error instanceof GitError) return { error: `--worktree: ${messageOf(error)}` };
    throw error;
  }
}

/**
 * The worktree a journalled run works in: undefined for a run in its workspace; its worktree when the journal
 * records one; or why it cannot go on (the worktree was applied, kept or discarded).
 */
export async function journalledWorktree(state: RunState): Promise<RunWorktree | undefined | { readonly error: string }> {
  const recorded = recordedWorktree(state.host);
  if (!recorded) return undefined;
  try {
    return await openRunWorktree(recorded.workspace, state.runId);
  } catch (error) {
    if (error instanceof WorktreeError || error instanceof GitError) return { error: messageOf(error) };
    throw error;
  }
}

/** The line after a worktree run's report: where it worked and how to end it. */
export function worktreeEndLine(worktree: RunWorktree): string {
  return `worktree: ${worktree.path} (branch ${worktree.branch}); nothing in ${worktree.workspace} changed. End it with planwright worktree diff|apply|keep|discard ${worktree.runId} --workspace ${worktree.workspace}`;
}

/** The worktree in a `--json` report. */
export function worktreeJson(worktree: RunWorktree): { readonly path: string; readonly branch: string; readonly base: string; readonly workspace: string } {
  return { path: worktree.path, branch: worktree.branch, base: worktree.base, workspace: worktree.workspace };
}
