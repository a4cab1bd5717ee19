// Where an editor run works: the workspace folder, or with `planwright.isolation: "worktree"` a new git worktree
// of it (src/node/runWorktree.ts), whose folder stands in for the workspace folder for the run's files, commands
// and claims. The journal records the worktree (its host record's `worktree`), so a resumed run, undo and the end
// choices find it again, or say what became of it once it was applied, kept or discarded; the journal itself stays in
// the extension's run storage.
import * as vscode from 'vscode';
import type { RunState } from '../../core/run/runState';
import { messageOf } from '../../core/text/errorText';
import { GitError } from '../../node/gitCommand';
import { createRunWorktree, openRunWorktree, recordedWorktree, WorktreeError, worktreeRecord, type WorktreeRecord } from '../../node/runWorktree';
import { RunUnavailableError } from './runUnavailableError';

/** The folder a new run works in and what its journal's host record adds for it. */
export interface RunPlace {
  readonly folder: vscode.WorkspaceFolder;
  readonly host: { readonly worktree?: WorktreeRecord };
}

/** `folder` with its place taken by the folder at `root` (a worktree's copy of it). */
function standIn(folder: vscode.WorkspaceFolder, root: string): vscode.WorkspaceFolder {
  return { uri: vscode.Uri.file(root), name: folder.name, index: folder.index };
}

/** Where new run `runId` works: `folder` itself, or a new worktree of it when `isolation` says so; refuses a folder git does not track. */
export async function newRunPlace(isolation: 'none' | 'worktree', folder: vscode.WorkspaceFolder, runId: string): Promise<RunPlace> {
  if (isolation === 'none') return { folder, host: {} };
  try {
    const worktree = await createRunWorktree(folder.uri.fsPath, runId);
    return { folder: standIn(folder, worktree.root), host: { worktree: worktreeRecord(worktree) } };
  } catch (error) {
    if (!(error instanceof WorktreeError || error instanceof GitError)) throw error;
    throw new RunUnavailableError(vscode.l10n.t('planwright.isolation is "worktree", but no worktree could be made: {0}', messageOf(error)));
  }
}

/**
 * The folder the journalled run `state` works in: its worktree's when it has one, else `folder`. Refuses, saying what
 * became of it and what to do, when that worktree was applied, kept or discarded: there is nothing of it to undo or resume.
 */
export async function runWorkFolder(folder: vscode.WorkspaceFolder, state: RunState | undefined): Promise<vscode.WorkspaceFolder> {
  const recorded = recordedWorktree(state?.host);
  if (!recorded || !state) return folder;
  try {
    await openRunWorktree(recorded.workspace, state.runId);
  } catch (error) {
    if (!(error instanceof WorktreeError || error instanceof GitError)) throw error;
    throw new RunUnavailableError(vscode.l10n.t('Run {0} worked in a git worktree that is no longer there: {1}', state.runId, messageOf(error)));
  }
  return standIn(folder, recorded.root);
}
