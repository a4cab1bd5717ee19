// A run of the workspace as the Runs view finds it: read from its journal (goal, status, progress) and its
// lease (who runs it now), whichever door started it (the editor, the CLI, an MCP server). Also which of the
// runs found are worth listing: every run that is running, waiting or stopped before its end, and the finished
// ones of the last day, newest first, so a busy workspace's history does not bury what needs the user.
import type { RunLeaseHolder } from '../errors';
import { FINISHED_RUN_STATUSES } from './journalRecords';
import type { ReportedRunStatus } from './undoneRun';

/** Where a run is, as the Runs view groups it. */
export type FoundRunPhase = 'running' | 'waiting' | 'stopped' | 'finished';

/** The door a run came in by, as far as where its journal lives tells: the editor's storage, or the workspace's `.planwright/runs` (the CLI, MCP). */
export type FoundRunDoor = 'editor' | 'workspace';

/** One run found in a journal folder. */
export interface FoundRun {
  readonly runId: string;
  readonly journalPath: string;
  readonly door: FoundRunDoor;
  readonly goal: string;
  /** The run's status as its journal last recorded it, `undone` once its files were put back. */
  readonly status: ReportedRunStatus;
  readonly startedAt: number;
  /** When its journal last changed (ms since the epoch). */
  readonly changedAt: number;
  /** Steps that ended, and the plan's steps. */
  readonly ended: number;
  readonly steps: number;
  /** Who holds the run's lease, when a live process does. */
  readonly holder?: RunLeaseHolder;
}

/** How long a finished run stays listed after its journal last changed. */
export const RECENT_MS = 24 * 60 * 60 * 1000;

/** The most runs the view lists. */
export const MAX_LISTED = 20;

/** Where `run` is: running while a live process holds it (waiting when its journal says so), else stopped or finished (an undone run too) by its status. */
export function foundRunPhase(run: Pick<FoundRun, 'status' | 'holder'>): FoundRunPhase {
  if (run.status === 'undone' || FINISHED_RUN_STATUSES.has(run.status)) return 'finished';
  if (run.status === 'awaitingApproval') return 'waiting';
  return run.holder ? 'running' : 'stopped';
}

/** The runs worth listing at `now`: all but the finished ones older than RECENT_MS, newest first, at most MAX_LISTED. */
export function listedRuns(runs: readonly FoundRun[], now: number): FoundRun[] {
  return runs
    .filter((run) => foundRunPhase(run) !== 'finished' || now - run.changedAt <= RECENT_MS)
    .sort((a, b) => b.startedAt - a.startedAt || b.runId.localeCompare(a.runId))
    .slice(0, MAX_LISTED);
}
