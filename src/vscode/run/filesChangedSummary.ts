// What the end of a run says about the files it changed: "Planwright changed 2 files: a.js, b.js", Undo Run
// (the Undo Run command, only for the run the notice is about) and Show Files (the files in a quick pick, each
// opening the file). What it says, and whether it says anything, is core's filesChangedNotice; which
// notification carries it is core's runEndNotices (runEndNotice.ts shows them).
import * as vscode from 'vscode';
import type { ChangeKind } from '../../core/undo/runFileChanges';
import type { FilesChangedNotice } from '../../core/undo/filesChangedNotice';
import { filesChangedText } from '../../core/view/runEndNotices';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { reportFailure } from '../userMessages';

/** What the files notice works with. */
export interface FilesChangedDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
}

type FileItem = vscode.QuickPickItem & { readonly path?: string; readonly undo?: true };

function kindText(kind: ChangeKind): string {
  if (kind === 'created') return vscode.l10n.t('created');
  return kind === 'deleted' ? vscode.l10n.t('deleted') : vscode.l10n.t('changed');
}

const KIND_ICONS: Readonly<Record<ChangeKind, string>> = { created: 'diff-added', deleted: 'diff-removed', modified: 'diff-modified' };

/**
 * Undo Run from a notification that may have sat in the notification centre: only while its run is still
 * the one shown, so a later run is never undone by an old summary.
 */
export async function undoNoticedRun(session: PlanSession, notice: FilesChangedNotice): Promise<void> {
  if (session.runs.state?.runId !== notice.runId) {
    void vscode.window.showInformationMessage(vscode.l10n.t('That run is no longer the last one, so nothing was undone.'));
    return;
  }
  // The notification listed the files: the command does not ask again.
  await vscode.commands.executeCommand(COMMANDS.undoRun, false);
}

/** The files `notice` lists, in a quick pick that opens the one picked (or undoes the run). */
export async function showFiles(deps: FilesChangedDeps, notice: FilesChangedNotice): Promise<void> {
  const files = notice.files.map((file): FileItem => ({
    label: `$(${KIND_ICONS[file.kind]}) ${file.path}`,
    description: kindText(file.kind),
    detail: vscode.l10n.t('by {0}', file.steps),
    // A deleted file has nothing to open.
    ...(file.kind === 'deleted' ? {} : { path: file.path }),
  }));
  const items: FileItem[] = [
    ...files,
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(discard) ${vscode.l10n.t('Undo Run')}`, description: vscode.l10n.t('put every file back as it was before the run'), undo: true },
  ];
  const choice = await vscode.window.showQuickPick(items, { title: filesChangedText(vscode.l10n, notice), placeHolder: vscode.l10n.t('Select a file to open it') });
  if (choice?.undo) await undoNoticedRun(deps.session, notice);
  // Runs work in the window's first folder (runFolder.ts), so the paths are relative to it.
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!choice?.path || !folder) return;
  try {
    await vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, choice.path), { preview: true });
  } catch (error) {
    reportFailure(deps.log, vscode.l10n.t('Could not open {0}', choice.path), error);
  }
}
