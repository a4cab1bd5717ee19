// Undoing a run, or the part of it from one step on: every file it changed is put back as it was before,
// file by file, except where the file changed since the run left it (those are refused and listed, never
// overwritten). The decisions are runFileChanges.ts's; this module reads and writes through the Workspace port.
import { FileNotFoundError } from '../errors';
import type { Workspace } from '../ports';
import type { JournalRecord } from '../run/journalRecords';
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

/**
 * The journal record of an undo of `state` (from `fromStepId` on) that did `result`: the steps whose every changed
 * file is now as before the run (a step with a refused file is left as it ended), and the refused files.
 * `undefined` when the undo put nothing back and nothing was already as before.
 */
export function undoneRecord(state: UndoSource, result: RunUndoResult, at: number, fromStepId?: string): Extract<JournalRecord, { type: 'undone' }> | undefined {
  const back = new Set([...result.restored, ...result.removed, ...result.unchanged]);
  if (back.size === 0) return undefined;
  const refused = result.refused.map((entry) => entry.path);
  const changes = runFileChanges(state, fromStepId);
  const changed = new Set(changes.flatMap((change) => change.stepIds));
  const stepIds = [...new Set((state.touches ?? []).map((touch) => touch.stepId))].filter((stepId) => changed.has(stepId));
  const steps = stepIds.filter((stepId) => changes.every((change) => !change.stepIds.includes(stepId) || back.has(change.path)));
  return { type: 'undone', at, ...(fromStepId ? { fromStepId } : {}), steps, refused };
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
