// What the editor says when a run stops, decided here and shown by the run commands: one notification per
// outcome where one can say it all. A succeeded run that changed files says both in one ("the plan succeeded
// and changed 3 files: …" with Keep, Undo Run, Show Files and Show Summary), so the notification centre never
// holds a success next to a separate files notice; one that changed nothing keeps Show Summary and Show Trace.
// A run that stopped for a re-plan offers it; a failed run is an error; a cancelled or paused one is a status
// bar line that goes by itself, except one paused at its cost cap: a warning with the spend and the cap, and
// Raise Cap and Resume / Keep Paused. A failed or cancelled run that changed files adds the files notice of its own,
// since its outcome is said elsewhere (an error, the status bar) and the files need their Keep / Undo Run.
// The words of each notice are here too; the run's reason inside them stays English (the journal's words).
import type { RunReport } from '../run/runSummary';
import type { Localize } from '../ports';
import type { CostCapPause, RunStatus } from '../run/journalRecords';
import { costCapNoticeText } from './costCapText';
import type { FilesChangedNotice } from '../undo/filesChangedNotice';
import { reasonHeadline } from './reasonHeadline';
import { planStatusText } from './statusText';

/** A button of an end-of-run notification. */
export type RunEndAction = 'keep' | 'undoRun' | 'showFiles' | 'showSummary' | 'showTrace' | 'replan' | 'showLog' | 'raiseCap' | 'keepPaused';

/** One thing said at the end of a run. */
export interface RunEndNotice {
  /** How the run ended, or `filesChanged` for a notice about the files alone. */
  readonly kind: RunStatus | 'filesChanged' | 'costCap';
  /** A notification (it stays in the notification centre), or a status bar line that goes by itself. */
  readonly where: 'notification' | 'statusBar';
  /** The files the run changed, when this notice names them. */
  readonly files?: FilesChangedNotice;
  /** Why the run paused at its cost cap, when this notice says so. */
  readonly pause?: CostCapPause;
  readonly actions: readonly RunEndAction[];
}

const FILE_ACTIONS: readonly RunEndAction[] = ['keep', 'undoRun', 'showFiles'];

/** What to say when a run stops in `status` having changed `files` (core's filesChangedNotice; absent: none), paused at its cost cap for `pause`. */
export function runEndNotices(status: RunStatus, files: FilesChangedNotice | undefined, pause?: CostCapPause): RunEndNotice[] {
  if (status === 'paused' && pause) return [{ kind: 'costCap', where: 'notification', pause, actions: ['raiseCap', 'keepPaused'] }];
  if (status === 'succeeded') {
    return [files ? { kind: status, where: 'notification', files, actions: [...FILE_ACTIONS, 'showSummary'] } : { kind: status, where: 'notification', actions: ['showSummary', 'showTrace'] }];
  }
  const outcome: RunEndNotice =
    status === 'needsReplan'
      ? { kind: status, where: 'notification', actions: ['replan', 'showLog'] }
      : status === 'failed'
        ? { kind: status, where: 'notification', actions: ['showLog'] }
        : { kind: status, where: 'statusBar', actions: [] };
  return files ? [outcome, { kind: 'filesChanged', where: 'notification', files, actions: FILE_ACTIONS }] : [outcome];
}

/** The files notice's text: `Planwright changed 2 files: a.js, b.js`. */
export function filesChangedText(l10n: Localize, files: Pick<FilesChangedNotice, 'count' | 'names'>): string {
  return files.count === 1 ? l10n.t('Planwright changed 1 file: {0}', files.names) : l10n.t('Planwright changed {0} files: {1}', files.count, files.names);
}

function succeededText(l10n: Localize, revision: number, files: FilesChangedNotice | undefined): string {
  if (!files) return l10n.t('Planwright: the plan succeeded (revision {0}).', revision);
  return files.count === 1
    ? l10n.t('Planwright: the plan succeeded (revision {0}) and changed 1 file: {1}', revision, files.names)
    : l10n.t('Planwright: the plan succeeded (revision {0}) and changed {1} files: {2}', revision, files.count, files.names);
}

/** What `notice` says about the run of `report`, with the first line of its reason where there is one. */
export function runEndText(l10n: Localize, notice: RunEndNotice, report: Pick<RunReport, 'revision' | 'reason'>): string {
  const reason = report.reason ? reasonHeadline(l10n, report.reason) : undefined;
  switch (notice.kind) {
    case 'filesChanged':
      return notice.files ? filesChangedText(l10n, notice.files) : '';
    case 'costCap':
      return notice.pause ? costCapNoticeText(l10n, notice.pause) : l10n.t('Planwright: paused — Run Plan carries on');
    case 'succeeded':
      return succeededText(l10n, report.revision, notice.files);
    case 'needsReplan':
      return reason ? l10n.t('Planwright stopped: {0}', reason) : l10n.t('Planwright stopped');
    case 'failed':
      return reason ? l10n.t('Planwright: the run failed: {0}', reason) : l10n.t('Planwright: the run failed');
    case 'cancelled':
      return l10n.t('Planwright: run cancelled');
    case 'paused':
      return l10n.t('Planwright: paused — Run Plan carries on');
    default:
      return reason ? l10n.t('Planwright: {0}: {1}', planStatusText(l10n, notice.kind), reason) : l10n.t('Planwright: {0}', planStatusText(l10n, notice.kind));
  }
}
