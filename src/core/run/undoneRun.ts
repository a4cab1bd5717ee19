// A run that was undone, folded from its journal like the rest of its state: the `undone` record says which
// steps had their files put back (from which step on, and which files were refused), so after a reload the
// goal row, those steps, the status bar and `run_status` say "undone" rather than the status the run ended in.
// The run moves on from an undone state only through a later record that changes it (a retry, a revision, a
// new status); a step's own later record clears its mark.
import type { JournalRecord, RunStatus } from './journalRecords';
import type { RunState, StepRun } from './runState';
import { withEntry } from './indexedMap';

/** What undoing left of a run: from which step on (absent: all of it), when, and the files refused. */
export interface UndoneMark {
  readonly at: number;
  readonly fromStepId?: string;
  readonly refused: readonly string[];
}

/** The part of a run's state that says it was undone. */
export interface UndoneState {
  /** Set once the run (or the part from `fromStepId` on) was undone, until the run moves on. */
  readonly undone?: UndoneMark;
}

/** A run status, or `undone` for a finished run whose files were put back: what every door reports. */
export type ReportedRunStatus = RunStatus | 'undone';

/** The status a door reports for `state`: `undone` once it was undone, else its own. */
export function reportedRunStatus(state: Pick<RunState, 'status'> & UndoneState): ReportedRunStatus {
  return state.undone ? 'undone' : state.status;
}

/** Records that leave a run's undone state as it is: they change neither its steps nor its files. */
const KEEPS_UNDONE: ReadonlySet<JournalRecord['type']> = new Set(['undone', 'usage', 'summary', 'retitled']);

/** `next` (the state after `record`) with its undone marks, from `before` (the state `record` followed). */
export function withUndone(before: RunState | undefined, record: JournalRecord, next: RunState): RunState {
  if (record.type === 'undone') {
    const mark: UndoneMark = { at: record.at, ...(record.fromStepId ? { fromStepId: record.fromStepId } : {}), refused: record.refused };
    let steps = next.steps;
    for (const stepId of record.steps) {
      const run = steps.get(stepId);
      if (run) steps = withEntry(steps, stepId, { ...run, undone: true });
    }
    return { ...next, steps, undone: mark };
  }
  let moved = next;
  if (before?.undone && !KEEPS_UNDONE.has(record.type)) {
    const { undone: _undone, ...rest } = next;
    moved = rest;
  }
  const run = record.type === 'step' ? moved.steps.get(record.stepId) : undefined;
  if (record.type !== 'step' || !run?.undone) return moved;
  const { undone: _mark, ...cleared } = run;
  return { ...moved, steps: withEntry(moved.steps, record.stepId, cleared as StepRun) };
}
