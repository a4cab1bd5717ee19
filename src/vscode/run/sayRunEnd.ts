// Says the end of a run, as core's runEndNotices decides and words it: each notice in a notification (an error for a
// failed run, a warning for one that stopped for a re-plan) or in a status bar line that goes by itself, with its
// buttons. Keep (and Keep Paused) does nothing: the files stay as the run left them and the notification closes; every other button
// acts only on the run it was shown for. The window and what the buttons do are ports (runEndNotice.ts passes the
// editor's), so the notices and their buttons are unit-tested.
import type { RunReport } from '../../core/run/runSummary';
import { suggestedCap } from '../../core/cost/costCap';
import type { Localize, Logger } from '../../core/ports';
import type { RunState } from '../../core/run/runState';
import { filesChangedNotice, type FilesChangedNotice } from '../../core/undo/filesChangedNotice';
import { runEndNotices, runEndText, type RunEndAction, type RunEndNotice } from '../../core/view/runEndNotices';

/** The window functions the end of a run is said with (vscode.window's). */
export interface RunEndWindow {
  showInformationMessage(message: string, ...buttons: string[]): Thenable<string | undefined>;
  showWarningMessage(message: string, ...buttons: string[]): Thenable<string | undefined>;
  showErrorMessage(message: string, ...buttons: string[]): Thenable<string | undefined>;
  setStatusBarMessage(text: string, hideAfterTimeout: number): unknown;
}

/** What the buttons other than Keep do. */
export interface RunEndButtons {
  undoRun(files: FilesChangedNotice): Promise<unknown>;
  showFiles(files: FilesChangedNotice): Promise<unknown>;
  showSummary(report: RunReport): Promise<unknown>;
  showTrace(): Promise<unknown>;
  replan(): Promise<unknown>;
  showLog(): void;
  /** Asks for a higher cost cap (starting from `suggested`), sets it, and carries the run on. */
  raiseCapAndResume(suggested: number): Promise<unknown>;
}

/** What the end of a run is said with. */
export interface RunEndPorts {
  readonly window: RunEndWindow;
  readonly l10n: Localize;
  readonly log: Logger;
  readonly buttons: RunEndButtons;
}

function actionLabel(l10n: Localize, action: RunEndAction): string {
  switch (action) {
    case 'keep':
      return l10n.t('Keep');
    case 'undoRun':
      return l10n.t('Undo Run');
    case 'showFiles':
      return l10n.t('Show Files');
    case 'showSummary':
      return l10n.t('Show Summary');
    case 'showTrace':
      return l10n.t('Show Trace');
    case 'replan':
      return l10n.t('Re-plan Remaining Steps');
    case 'showLog':
      return l10n.t('Show Log');
    case 'raiseCap':
      return l10n.t('Raise Cap and Resume');
    case 'keepPaused':
      return l10n.t('Keep Paused');
  }
}

async function act(action: RunEndAction, notice: RunEndNotice, report: RunReport, buttons: RunEndButtons): Promise<void> {
  switch (action) {
    case 'keep':
    case 'keepPaused':
      return;
    case 'raiseCap':
      if (notice.pause) await buttons.raiseCapAndResume(suggestedCap(notice.pause));
      return;
    case 'undoRun':
      if (notice.files) await buttons.undoRun(notice.files);
      return;
    case 'showFiles':
      if (notice.files) await buttons.showFiles(notice.files);
      return;
    case 'showSummary':
      await buttons.showSummary(report);
      return;
    case 'showTrace':
      await buttons.showTrace();
      return;
    case 'replan':
      await buttons.replan();
      return;
    case 'showLog':
      buttons.showLog();
  }
}

async function say(notice: RunEndNotice, report: RunReport, ports: RunEndPorts): Promise<void> {
  const { window, l10n } = ports;
  const text = runEndText(l10n, notice, report);
  if (notice.where === 'statusBar') {
    window.setStatusBarMessage(text, 5_000);
    return;
  }
  const labels = notice.actions.map((action) => actionLabel(l10n, action));
  const choice =
    notice.kind === 'failed'
      ? await window.showErrorMessage(text, ...labels)
      : notice.kind === 'needsReplan' || notice.kind === 'costCap'
        ? await window.showWarningMessage(text, ...labels)
        : await window.showInformationMessage(text, ...labels);
  const action = notice.actions[labels.findIndex((label) => label === choice)];
  if (action) await act(action, notice, report, ports.buttons);
}

/** Says how the run of `report` stopped, and what `state` shows it changed; resolves once every notice was answered. */
export async function sayRunEnd(report: RunReport, state: RunState | undefined, ports: RunEndPorts): Promise<void> {
  if (report.status === 'succeeded') ports.log.info(`Summary:\n${report.summary}`);
  const files = state ? filesChangedNotice(state) : undefined;
  await Promise.all(runEndNotices(report.status, files, state?.costCapPause).map((notice) => say(notice, report, ports)));
}
