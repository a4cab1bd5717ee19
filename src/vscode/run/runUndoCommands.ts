// Undoing a run from the editor: Undo Run (palette, view title) and Undo Back to Before This Step (a step's
// context menu), each after a confirmation that lists the files, then one message saying what was restored
// and what was refused (files changed since the run left them). At the end of every run that changed files,
// a "Files changed" notification offers Keep or Undo Run.
import * as vscode from 'vscode';
import { changeKind, runFileChanges, UndoScopeError, type FileChange } from '../../core/undo/runFileChanges';
import type { RunUndoResult } from '../../core/undo/undoRun';
import { stepReference } from '../../core/view/stepNumbers';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { stepIdOf } from '../plan/stepCommands';
import { reportFailure } from '../userMessages';

/** What the undo commands work with. */
export interface UndoCommandDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
}

const KIND_TEXT = { created: 'created', deleted: 'deleted', modified: 'changed' } as const;

/** "src/cli.js (changed), notes.md (created)", cut after `max` files. */
export function listChanges(changes: readonly FileChange[], max = 5): string {
  const shown = changes.slice(0, max).map((change) => `${change.path} (${KIND_TEXT[changeKind(change)]})`);
  return changes.length > max ? `${shown.join(', ')} and ${changes.length - max} more` : shown.join(', ');
}

/** The message that says what an undo did: restored, and refused with why. */
export function undoOutcome(result: RunUndoResult): string {
  const restored = result.restored.length > 0 ? `Restored ${result.restored.join(', ')}.` : 'Restored nothing.';
  const refused = result.refused.map((entry) => `${entry.path}: ${entry.reason}`).join('; ');
  return `Planwright: ${restored}${refused ? ` Refused ${refused} (your changes are kept).` : ''}`;
}

async function undo(deps: UndoCommandDeps, fromStepId: string | undefined, ask: boolean): Promise<RunUndoResult | undefined> {
  const state = deps.session.runs.state;
  if (!state || deps.session.runs.executing) {
    void vscode.window.showInformationMessage(state ? 'The run is in progress: cancel it, or let it finish, before undoing it.' : 'No run yet, so there is nothing to undo.');
    return undefined;
  }
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('Planwright changes no files in an untrusted workspace; trust the workspace to undo a run.');
    return undefined;
  }
  let changes: FileChange[];
  try {
    changes = runFileChanges(state, fromStepId);
  } catch (error) {
    if (error instanceof UndoScopeError) void vscode.window.showInformationMessage(error.message);
    else reportFailure(deps.log, 'Could not undo the run', error);
    return undefined;
  }
  if (changes.length === 0) {
    void vscode.window.showInformationMessage(`The run changed no files${fromStepId ? ` from ${stepReference(state.plan, fromStepId)} on` : ''}: nothing to undo.`);
    return undefined;
  }
  if (ask) {
    const scope = fromStepId ? `back to before ${stepReference(state.plan, fromStepId)}` : 'the run';
    const choice = await vscode.window.showWarningMessage(
      `Undo ${scope}? ${listChanges(changes)} will be put back as they were.`,
      { modal: true, detail: 'A file changed since the run left it is not touched: it is listed as refused.' },
      'Undo',
    );
    if (choice !== 'Undo') return undefined;
  }
  try {
    const result = await deps.session.runs.undoRun(fromStepId);
    const message = undoOutcome(result);
    if (result.refused.length > 0) void vscode.window.showWarningMessage(message);
    else void vscode.window.showInformationMessage(message);
    return result;
  } catch (error) {
    reportFailure(deps.log, 'Could not undo the run', error);
    return undefined;
  }
}

/**
 * The "Files changed" notification at the end of a run that changed files: Keep dismisses it, Undo Run
 * undoes the run (without asking again: the notification listed the files).
 */
export async function offerFilesChanged(deps: UndoCommandDeps): Promise<void> {
  const state = deps.session.runs.state;
  const changes = state ? runFileChanges(state) : [];
  if (changes.length === 0) return;
  const count = changes.length === 1 ? '1 file' : `${changes.length} files`;
  const choice = await vscode.window.showInformationMessage(`Planwright: files changed by the run (${count}): ${listChanges(changes)}.`, 'Keep', 'Undo Run');
  if (choice === 'Undo Run') await undo(deps, undefined, false);
}

/** Registers Undo Run and Undo Back to Before This Step; the caller owns the returned disposables. */
export function registerUndoCommands(deps: UndoCommandDeps): vscode.Disposable[] {
  return [
    // From the palette or the view it asks first; a test or another command passing `false` does not.
    vscode.commands.registerCommand(COMMANDS.undoRun, (ask?: unknown) => undo(deps, undefined, ask !== false)),
    vscode.commands.registerCommand(COMMANDS.undoToStep, (target?: unknown) => {
      const stepId = stepIdOf(target);
      return stepId ? undo(deps, stepId, target !== stepId) : undefined;
    }),
  ];
}
