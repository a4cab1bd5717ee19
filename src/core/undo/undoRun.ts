// Undoing a run, or the part of it from one step on: every file it changed is put back as it was before,
// file by file, except where the file changed since the run left it (those are refused and listed, never
// overwritten). The decisions are runFileChanges.ts's; this module reads and writes through the Workspace port.
import { FileNotFoundError } from '../errors';
import type { Workspace } from '../ports';
import { readOrNull } from '../readOrNull';
import { decideUndo, runFileChanges, undoStepName, type UndoSource } from './runFileChanges';

/** What undoing a run did: files put back, files the run created and undo removed, files already as before, and files refused with the reason. */
export interface RunUndoResult {
  readonly restored: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: readonly string[];
  readonly refused: readonly { readonly path: string; readonly reason: string }[];
}

/** Undoes the run of `state` (from `fromStepId` on, when given); see the file header. */
export async function undoRun(workspace: Workspace, state: UndoSource, fromStepId?: string): Promise<RunUndoResult> {
  const restored: string[] = [];
  const removed: string[] = [];
  const unchanged: string[] = [];
  const refused: { path: string; reason: string }[] = [];
  for (const change of runFileChanges(state, fromStepId)) {
    const decision = decideUndo(change, await readOrNull(workspace, change.path), undoStepName(state));
    if (decision.action === 'unchanged') unchanged.push(decision.path);
    else if (decision.action === 'refuse') refused.push({ path: decision.path, reason: decision.reason });
    else {
      if (decision.content === null) {
        await deleteIfPresent(workspace, decision.path);
        removed.push(decision.path);
      } else {
        await workspace.writeFile(decision.path, decision.content);
        restored.push(decision.path);
      }
    }
  }
  return { restored, removed, unchanged, refused };
}

/** One line per file: what was restored, what was removed, what was already as before, and what was refused and why. */
export function describeRunUndo(result: RunUndoResult): string[] {
  const lines = [
    ...result.restored.map((path) => `restored  ${path}`),
    ...result.removed.map((path) => `removed   ${path} (the run created it)`),
    ...result.unchanged.map((path) => `unchanged ${path} (already as before)`),
    ...result.refused.map((entry) => `refused   ${entry.path}: ${entry.reason}`),
  ];
  return lines.length > 0 ? lines : ['the run changed no files'];
}

async function deleteIfPresent(workspace: Workspace, path: string): Promise<void> {
  try {
    await workspace.deleteFile(path);
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error;
  }
}
