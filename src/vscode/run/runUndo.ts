// Undo from the editor, for one step or for the run from a step on: core puts the files back (or refuses);
// this says in the log what was restored, what was already as before and what was refused, with why
// (a file changed since, or a step that ran with no snapshot: "not undoable: no snapshot"). An undo of the run is
// journalled (an `undone` record), so the run reads as undone, here and after a reload.
import * as vscode from 'vscode';
import { stepReference } from '../../core/plan/stepNumbers';
import { applyRecord, type RunState } from '../../core/run/runState';
import type { Workspace } from '../../core/ports';
import { undoFromSnapshots, type UndoResult } from '../../core/tools/fileSnapshots';
import { undoneRecord, undoRun, type RunUndoResult } from '../../core/undo/undoRun';
import type { RecordLog } from '../../core/ports';
import { RunUnavailableError } from './runUnavailableError';

/** Puts back the files `stepId` changed, as they were before it ran; `whileStopped` pauses a live run around it. */
export async function undoStep(
  workspace: Workspace,
  state: RunState | undefined,
  stepId: string,
  log: vscode.LogOutputChannel,
  whileStopped: (work: () => Promise<UndoResult>) => Promise<UndoResult>,
): Promise<UndoResult> {
  const before = state?.steps.get(stepId)?.before ?? [];
  if (before.length === 0) throw new RunUnavailableError(vscode.l10n.t('{0} changed no files that Planwright kept a copy of.', state ? stepReference(state.plan, stepId) : stepId));
  const result = await whileStopped(() => undoFromSnapshots(workspace, before));
  log.info(`Undo ${stepId}: restored ${result.restored.join(', ') || 'nothing'}${result.unchanged.length ? `; already as before: ${result.unchanged.join(', ')}` : ''}`);
  return result;
}

/**
 * Puts back every file the run changed (from `fromStepId` on), refusing files changed since the run left them;
 * refused while it executes. Journals the undo in `journal`, and gives the run as it stands after it (undone).
 */
export async function undoWholeRun(
  workspace: Workspace,
  state: RunState | undefined,
  journal: RecordLog | undefined,
  executing: boolean,
  log: vscode.LogOutputChannel,
  fromStepId?: string,
): Promise<{ readonly result: RunUndoResult; readonly state: RunState | undefined }> {
  if (executing) throw new RunUnavailableError(vscode.l10n.t('The run is in progress: cancel it, or let it finish, before undoing it.'));
  if (!state) throw new RunUnavailableError(vscode.l10n.t('No run yet, so there is nothing to undo.'));
  const result = await undoRun(workspace, state, fromStepId);
  log.info(`Undo run${fromStepId ? ` back to before ${fromStepId}` : ''}: restored ${result.restored.join(', ') || 'nothing'}${result.removed.length ? `; removed ${result.removed.join(', ')} (the run created them)` : ''}${result.refused.length ? `; refused ${result.refused.map((entry) => `${entry.path} (${entry.reason})`).join(', ')}` : ''}`);
  const record = undoneRecord(state, result, Date.now(), fromStepId);
  if (!record || !journal) return { result, state: undefined };
  await journal.append(record);
  return { result, state: applyRecord(state, record) };
}
