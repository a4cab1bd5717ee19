// Where a run may happen in this window: only in a trusted workspace (its steps write files and run
// commands), and inside a workspace folder, the same one for every run of the window once chosen.
import * as vscode from 'vscode';
import { RunUnavailableError } from './runUnavailableError';

/** Refuses, saying how to go on, when the workspace is not trusted. */
export function refuseUntrusted(): void {
  if (!vscode.workspace.isTrusted) {
    throw new RunUnavailableError(
      vscode.l10n.t('Planwright runs nothing in an untrusted workspace: its steps write files and run commands. You can still open, edit and save plans; trust the workspace to run them.'),
    );
  }
}

/** The folder a run works in: `chosen`, else the window's first; refuses when no folder is open. */
export function runFolder(chosen: vscode.WorkspaceFolder | undefined): vscode.WorkspaceFolder {
  const folder = chosen ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new RunUnavailableError(vscode.l10n.t('Open a folder first: a plan runs inside a workspace folder.'));
  return folder;
}
