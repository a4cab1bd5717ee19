// What the editor says when a run stops, decided here and shown by the run commands: one notification per
// outcome where one can say it all. A succeeded run that changed files says both in one ("the plan succeeded
// and changed 3 files: …" with Keep, Undo Run, Show Files and Show Summary), so the notification centre never
// holds a success next to a separate files notice; one that changed nothing keeps Show Summary and Show Trace.
// A run that stopped for a re-plan offers it; a failed run is an error; a cancelled or paused one is a status
// bar line that goes by itself. A failed or cancelled run that changed files adds the files notice of its own,
// since its outcome is said elsewhere (an error, the status bar) and the files need their Keep / Undo Run.
import type { RunStatus } from '../run/journalRecords';
import type { FilesChangedNotice } from '../undo/filesChangedNotice';

/** A button of an end-of-run notification. */
export type RunEndAction = 'keep' | 'undoRun' | 'showFiles' | 'showSummary' | 'showTrace' | 'replan' | 'showLog';

/** One thing said at the end of a run. */
export interface RunEndNotice {
  /** How the run ended, or `filesChanged` for a notice about the files alone. */
  readonly kind: RunStatus | 'filesChanged';
  /** A notification (it stays in the notification centre), or a status bar line that goes by itself. */
  readonly where: 'notification' | 'statusBar';
  /** The files the run changed, when this notice names them. */
  readonly files?: FilesChangedNotice;
  readonly actions: readonly RunEndAction[];
}

const FILE_ACTIONS: readonly RunEndAction[] = ['keep', 'undoRun', 'showFiles'];

/** What to say when a run stops in `status` having changed `files` (core's filesChangedNotice; absent: none). */
export function runEndNotices(status: RunStatus, files: FilesChangedNotice | undefined): RunEndNotice[] {
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
