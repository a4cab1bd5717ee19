// The words at the end of a run, as core's runEndNotices decides them: a succeeded run that changed files says
// so in its one notification ("Planwright: the plan succeeded (revision 2) and changed 3 files: …" with Keep,
// Undo Run, Show Files and Show Summary); other outcomes keep their own notification or status bar line, with
// the files notice beside them when they changed files. Each button acts only on the run it was shown for.
import * as vscode from 'vscode';
import type { RunReport } from '../../core/executor/runSummary';
import type { RunStatus } from '../../core/run/journalRecords';
import { filesChangedNotice } from '../../core/undo/filesChangedNotice';
import { PLAN_STATUS_TEXT } from '../../core/view/planTreeModel';
import { reasonHeadline } from '../../core/view/reasonHeadline';
import { runEndNotices, type RunEndAction, type RunEndNotice } from '../../core/view/runEndNotices';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { filesChangedText, showFiles, undoNoticedRun } from './filesChangedSummary';
import type { RunDocuments } from './runDocuments';

/** What the end of a run is said with. */
export interface RunEndDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly documents: RunDocuments;
}

function actionLabel(action: RunEndAction): string {
  switch (action) {
    case 'keep':
      return vscode.l10n.t('Keep');
    case 'undoRun':
      return vscode.l10n.t('Undo Run');
    case 'showFiles':
      return vscode.l10n.t('Show Files');
    case 'showSummary':
      return vscode.l10n.t('Show Summary');
    case 'showTrace':
      return vscode.l10n.t('Show Trace');
    case 'replan':
      return vscode.l10n.t('Re-plan Remaining Steps');
    case 'showLog':
      return vscode.l10n.t('Show Log');
  }
}

function succeededText(revision: number, notice: RunEndNotice): string {
  const files = notice.files;
  if (!files) return vscode.l10n.t('Planwright: the plan succeeded (revision {0}).', revision);
  return files.count === 1
    ? vscode.l10n.t('Planwright: the plan succeeded (revision {0}) and changed 1 file: {1}', revision, files.names)
    : vscode.l10n.t('Planwright: the plan succeeded (revision {0}) and changed {1} files: {2}', revision, files.count, files.names);
}

/** A status in words, never its internal name (`needsReplan`). */
function statusLine(status: RunStatus, reason: string): string {
  if (status === 'cancelled') return vscode.l10n.t('Planwright: run cancelled');
  if (status === 'paused') return vscode.l10n.t('Planwright: paused — Run Plan carries on');
  return vscode.l10n.t('Planwright: {0}', `${PLAN_STATUS_TEXT[status]}${reason}`);
}

function noticeText(notice: RunEndNotice, report: RunReport): string {
  const reason = report.reason ? `: ${reasonHeadline(report.reason)}` : '';
  if (notice.kind === 'filesChanged') return notice.files ? filesChangedText(notice.files) : '';
  if (notice.kind === 'succeeded') return succeededText(report.revision, notice);
  if (notice.kind === 'needsReplan') return vscode.l10n.t('Planwright stopped{0}', reason);
  if (notice.kind === 'failed') return vscode.l10n.t('Planwright: the run failed{0}', reason);
  return statusLine(notice.kind, reason);
}

async function act(action: RunEndAction, notice: RunEndNotice, report: RunReport, deps: RunEndDeps): Promise<void> {
  switch (action) {
    case 'keep':
      return;
    case 'undoRun':
      if (notice.files) await undoNoticedRun(deps.session, notice.files);
      return;
    case 'showFiles':
      if (notice.files) await showFiles(deps, notice.files);
      return;
    case 'showSummary':
      await deps.documents.show('Run summary.md', report.summary);
      return;
    case 'showTrace':
      await vscode.commands.executeCommand(COMMANDS.showTrace);
      return;
    case 'replan':
      await vscode.commands.executeCommand(COMMANDS.replanRemaining);
      return;
    case 'showLog':
      deps.log.show(true);
  }
}

async function say(notice: RunEndNotice, report: RunReport, deps: RunEndDeps): Promise<void> {
  const text = noticeText(notice, report);
  if (notice.where === 'statusBar') {
    vscode.window.setStatusBarMessage(text, 5_000);
    return;
  }
  const labels = notice.actions.map(actionLabel);
  const choice =
    notice.kind === 'failed'
      ? await vscode.window.showErrorMessage(text, ...labels)
      : notice.kind === 'needsReplan'
        ? await vscode.window.showWarningMessage(text, ...labels)
        : await vscode.window.showInformationMessage(text, ...labels);
  const action = notice.actions[labels.findIndex((label) => label === choice)];
  if (action) await act(action, notice, report, deps);
}

/** Says how the run of `report` stopped, and what it changed. Not awaited: the command resolves when the run stops. */
export function announce(report: RunReport, deps: RunEndDeps): void {
  if (report.status === 'succeeded') deps.log.info(`Summary:\n${report.summary}`);
  const state = deps.session.runs.state;
  const files = state ? filesChangedNotice(state) : undefined;
  for (const notice of runEndNotices(report.status, files)) void say(notice, report, deps);
}
