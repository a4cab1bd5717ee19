// What the "Files changed" summary at the end of a run says: nothing while the run can still go on (paused,
// waiting, stopped for a re-plan) or when it left every file as it found it; otherwise how many files it
// changed, the first few by path, and one entry per file (what happened to it, which steps did it) for Show.
import { isRunFinished } from '../run/journalRecords';
import type { RunState } from '../run/runState';
import { changeKind, runFileChanges, undoStepName, type ChangeKind } from './runFileChanges';

/** How many paths the notification names before "…". */
const NAMED_FILES = 3;

/** One file in the summary's list. */
export interface ChangedFile {
  readonly path: string;
  readonly kind: ChangeKind;
  /** The steps that wrote it, named as the tree numbers them: "1 Write a, 3 Append to a". */
  readonly steps: string;
}

/** The summary of a run that ended having changed files. */
export interface FilesChangedNotice {
  /** The run it is about: Undo Run acts only while that run is still the current one. */
  readonly runId: string;
  readonly count: number;
  /** "a.js, b.js, c.js…": the first paths, with an ellipsis when there are more. */
  readonly names: string;
  readonly files: readonly ChangedFile[];
}

/** The summary for `state`, or `undefined` when there is nothing to say (see the file header). */
export function filesChangedNotice(state: Pick<RunState, 'runId' | 'status' | 'touches' | 'plan'>, named = NAMED_FILES): FilesChangedNotice | undefined {
  if (!isRunFinished(state.status)) return undefined;
  const changes = runFileChanges(state);
  if (changes.length === 0) return undefined;
  const name = undoStepName(state);
  const paths = changes.map((change) => change.path);
  return {
    runId: state.runId,
    count: changes.length,
    names: paths.length > named ? `${paths.slice(0, named).join(', ')}…` : paths.join(', '),
    files: changes.map((change) => ({ path: change.path, kind: changeKind(change), steps: change.stepIds.map(name).join(', ') })),
  };
}
