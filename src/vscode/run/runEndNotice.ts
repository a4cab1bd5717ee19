// The end of a run in the editor, as core's runEndNotices decides and words it: a succeeded run that changed
// files says so in its one notification ("Planwright: the plan succeeded (revision 2) and changed 3 files: …" with
// Keep, Undo Run, Show Files and Show Summary); other outcomes keep their own notification or status bar line, with
// the files notice beside them when they changed files. Each button acts only on the run it was shown for.
// Show Summary adds the run's cost per phase under the summary when `planwright.prices` prices its models.
import * as vscode from 'vscode';
import type { ModelPrices } from '../../core/cost/modelPrices';
import type { RunReport } from '../../core/executor/runSummary';
import { filesChangedNotice } from '../../core/undo/filesChangedNotice';
import { runCostText, summaryWithCost } from '../../core/view/runCostText';
import { runEndNotices, runEndText, type RunEndAction, type RunEndNotice } from '../../core/view/runEndNotices';
import { withChildUsage } from '../../core/view/runProgress';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { showFiles, undoNoticedRun } from './filesChangedSummary';
import type { RunDocuments } from './runDocuments';

/** What the end of a run is said with. */
export interface RunEndDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly documents: RunDocuments;
  /** The `planwright.prices` setting, read when the run stops. */
  readonly prices: () => ModelPrices;
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
      await deps.documents.show(`${vscode.l10n.t('Run summary')}.md`, report.summary);
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
  const text = runEndText(vscode.l10n, notice, report);
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
  // Priced now, from this run's calls and its sub-plans': a button may be clicked after the next run started.
  const cost = state ? runCostText(vscode.l10n, withChildUsage(state, deps.session.runs.children.values()), deps.prices()) : undefined;
  const shown = { ...report, summary: summaryWithCost(report.summary, cost) };
  for (const notice of runEndNotices(report.status, files)) void say(notice, shown, deps);
}
