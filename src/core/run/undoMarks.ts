// What an undo of a run did, as the run keeps it: the span of step starts it put back (from the first start
// of the step it went back to, up to the undo) and the files it refused. From the marks the view reads
// which steps are undone and whether the run as a whole is; a step that starts again after an undo is not.
import type { JournalRecord } from './journalRecords';
import type { FileTouch } from './runState';

/** One undo of the run: the touches `[from, to)` it put back, the step it went back to, and the files it refused. */
export interface UndoMark {
  readonly at: number;
  readonly fromStepId?: string;
  readonly from: number;
  readonly to: number;
  readonly refused: readonly string[];
}

/** Where undoing from `fromStepId` starts in `touches`: the step's first start (0 for the whole run, -1 when it never started). */
export function undoStart(touches: readonly FileTouch[], fromStepId: string | undefined): number {
  return fromStepId === undefined ? 0 : touches.findIndex((touch) => touch.stepId === fromStepId);
}

/** The mark of an `undone` record, given the run's touches when it was journalled. */
export function undoMark(touches: readonly FileTouch[], record: Extract<JournalRecord, { type: 'undone' }>): UndoMark {
  return {
    at: record.at,
    ...(record.fromStepId === undefined ? {} : { fromStepId: record.fromStepId }),
    from: Math.max(0, undoStart(touches, record.fromStepId)),
    to: touches.length,
    refused: record.refused,
  };
}

/** The run as undo marks are read: its touches and its undos. */
export interface UndoView {
  readonly touches?: readonly FileTouch[];
  readonly undos?: readonly UndoMark[];
}

/**
 * The steps an undo put back: each step whose last start lies in an undone span and wrote files, none of
 * them refused by that undo. A step that started again after the undo is left out: it ran since.
 */
export function undoneSteps(run: UndoView): ReadonlySet<string> {
  const touches = run.touches ?? [];
  const last = new Map<string, number>();
  touches.forEach((touch, index) => last.set(touch.stepId, index));
  const undone = new Set<string>();
  for (const [stepId, index] of last) {
    const touch = touches[index]!;
    const mark = (run.undos ?? []).find((candidate) => index >= candidate.from && index < candidate.to);
    if (mark && touch.before.length > 0 && !touch.before.some((snapshot) => mark.refused.includes(snapshot.path))) undone.add(stepId);
  }
  return undone;
}

/**
 * The undo the run as a whole now stands at: the last one, when nothing started after it. `partly` when it
 * refused a file or went back only to a later step.
 */
export function standingUndo(run: UndoView): { readonly mark: UndoMark; readonly partly: boolean } | undefined {
  const mark = run.undos?.at(-1);
  if (!mark || mark.to !== (run.touches?.length ?? 0)) return undefined;
  return { mark, partly: mark.refused.length > 0 || mark.from > 0 };
}
