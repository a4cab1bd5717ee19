// Undoing a run from the editor: Undo Run (palette, view title) and Undo Back to Before This Step (a step's
// context menu), each after a confirmation that lists the files, then one message saying what was restored
// and what was refused (files changed since the run left them), with Run Again; an open run summary is marked undone.
import * as vscode from 'vscode';
import { changeKind, runFileChanges, UndoScopeError, type FileChange } from '../../core/undo/runFileChanges';
import type { RunUndoResult } from '../../core/undo/undoRun';
import { stepReference } from '../../core/plan/stepNumbers';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { stepIdOf } from '../plan/stepCommands';
import { reportFailure } from '../userMessages';
import type { RunDocuments } from './runDocuments';
import { undoneText } from '../../core/view/statusText';

/** What the undo commands work with. */
export interface UndoCommandDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  /** The run's read-only documents: an open run summary is marked undone. */
  readonly documents: RunDocuments;
}

/** "src/cli.js (changed)". */
function changeText(change: FileChange): string {
  switch (changeKind(change)) {
    case 'created':
      return vscode.l10n.t('{0} (created)', change.path);
    case 'deleted':
      return vscode.l10n.t('{0} (deleted)', change.path);
    case 'modified':
      return vscode.l10n.t('{0} (changed)', change.path);
  }
}

/** "src/cli.js (changed), notes.md (created)", cut after `max` files ("… and 3 more"). */
export function listChanges(changes: readonly FileChange[], max = 5): string {
  const shown = changes.slice(0, max).map(changeText).join(', ');
  const more = changes.length - max;
  if (more <= 0) return shown;
  return more === 1 ? vscode.l10n.t('{0} and 1 more', shown) : vscode.l10n.t('{0} and {1} more', shown, more);
}

/** The message that says what an undo did: restored, removed (files the run created), and refused with why. */
export function undoOutcome(result: RunUndoResult): string {
  const done = [
    ...(result.restored.length > 0 ? [vscode.l10n.t('Restored {0}.', result.restored.join(', '))] : []),
    ...(result.removed.length > 0 ? [vscode.l10n.t('Removed {0}, which the run created.', result.removed.join(', '))] : []),
  ];
  const refused = result.refused.map((entry) => `${entry.path}: ${entry.reason}`).join('; ');
  const said = [...(done.length > 0 ? done : [vscode.l10n.t('Restored nothing.')]), ...(refused ? [vscode.l10n.t('Refused {0} (your changes are kept).', refused)] : [])];
  return vscode.l10n.t('Planwright: {0}', said.join(' '));
}

async function undo(deps: UndoCommandDeps, fromStepId: string | undefined, ask: boolean): Promise<RunUndoResult | undefined> {
  const state = deps.session.runs.state;
  if (!state || deps.session.runs.executing) {
    void vscode.window.showInformationMessage(state ? vscode.l10n.t('The run is in progress: cancel it, or let it finish, before undoing it.') : vscode.l10n.t('No run yet, so there is nothing to undo.'));
    return undefined;
  }
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Planwright changes no files in an untrusted workspace; trust the workspace to undo a run.'));
    return undefined;
  }
  let changes: FileChange[];
  try {
    changes = runFileChanges(state, fromStepId);
  } catch (error) {
    if (error instanceof UndoScopeError) void vscode.window.showInformationMessage(error.message);
    else reportFailure(deps.log, vscode.l10n.t('Could not undo the run'), error);
    return undefined;
  }
  if (changes.length === 0) {
    void vscode.window.showInformationMessage(fromStepId ? vscode.l10n.t('The run changed no files from {0} on: nothing to undo.', stepReference(state.plan, fromStepId)) : vscode.l10n.t('The run changed no files: nothing to undo.'));
    return undefined;
  }
  if (ask) {
    const undoButton = vscode.l10n.t('Undo');
    const choice = await vscode.window.showWarningMessage(
      fromStepId
        ? vscode.l10n.t('Undo back to before {0}? {1} will be put back as they were.', stepReference(state.plan, fromStepId), listChanges(changes))
        : vscode.l10n.t('Undo the run? {0} will be put back as they were.', listChanges(changes)),
      { modal: true, detail: vscode.l10n.t('A file changed since the run left it is not touched: it is listed as refused.') },
      undoButton,
    );
    if (choice !== undoButton) return undefined;
  }
  try {
    const result = await deps.session.runs.undoRun(fromStepId);
    const undone = deps.session.runs.state;
    if (undone?.undone) void deps.documents.pages.amend(vscode.l10n.t('Run summary'), (text) => `> **${undoneText(vscode.l10n, undone.plan, undone.undone!)}**\n\n${text}`);
    const runAgain = vscode.l10n.t('Run Again');
    const say = result.refused.length > 0 ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void say(undoOutcome(result), runAgain).then((choice) => {
      if (choice === runAgain) void vscode.commands.executeCommand(COMMANDS.runAgain);
    });
    return result;
  } catch (error) {
    reportFailure(deps.log, vscode.l10n.t('Could not undo the run'), error);
    return undefined;
  }
}

/** Registers Undo Run and Undo Back to Before This Step; the caller owns the returned disposables. */
export function registerUndoCommands(deps: UndoCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    // From the palette or the view it asks first; a test or another command passing `false` does not.
    registerCommand(COMMANDS.undoRun, (ask?: unknown) => undo(deps, undefined, ask !== false)),
    registerCommand(COMMANDS.undoToStep, (target?: unknown) => {
      const stepId = stepIdOf(target);
      return stepId ? undo(deps, stepId, target !== stepId) : undefined;
    }),
  ];
}
