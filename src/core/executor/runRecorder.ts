// The keeper of a run's state, journal first: every change is a record queued to the journal and only
// then applied in memory, one change at a time and in journal order. Queued is not yet durable: the
// journal commits what is queued together (one sync for a scheduling tick), and whoever is about to act
// on the world — start a tool, hand the run back to its host — first waits at `durable()`. So a crash
// can lose only records that no effect has followed, and a resumed run sees every intent that preceded
// an effect. A failed commit breaks the recorder: every later change is refused with the same error.
// Each record is applied in the form it has on disk (a JSON round trip, then the journal schema), so the
// state a resumed run rebuilds from the journal is the state the live run had, field for field.
import { RecordLogChangedError } from '../errors';
import { FIRST_REVISION } from '../plan/planSchema';
import type { Clock, RecordLog } from '../ports';
import { JournalRecordSchema, type CostCapPause, type JournalRecord, type RunStatus, type StepRecord, type UsageRecord } from '../run/journalRecords';
import { applyRecord, JournalError, type RunState } from '../run/runState';
import { transition, type StepEvent } from '../run/stepTransitions';
import type { TraceEventInput } from '../run/traceEvents';

/** Where a run's records go, and who hears about each change. */
export interface RecorderIo {
  readonly journal: RecordLog;
  readonly trace: RecordLog;
  readonly clock: Clock;
  /** Called after every change, with the ids of the steps it touched (none for run-level changes). */
  readonly onChange?: (state: RunState, stepIds: readonly string[]) => void;
}

/**
 * Reads and replays a journal, each record through the schema and the step transition table; a record
 * that cannot follow the ones before it is a `JournalError` naming its line. A torn last line is skipped
 * and reported through `onWarning`.
 */
export async function loadRunState(journal: RecordLog, onWarning: (message: string) => void): Promise<RunState> {
  const raw = await journal.readAll(onWarning);
  let state: RunState | undefined;
  raw.forEach((entry, index) => {
    const where = `${journal.path ? `${journal.path}:` : 'journal line '}${index + 1}`;
    const parsed = JournalRecordSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new JournalError(`${where}: not a valid record: ${issue?.path.join('.') || 'record'}: ${issue?.message}`);
    }
    try {
      state = applyRecord(state, parsed.data);
    } catch (error) {
      throw error instanceof JournalError ? new JournalError(`${where}: ${error.message}`) : error;
    }
  });
  if (!state) throw new JournalError('the journal is empty');
  return state;
}

/**
 * `record` with its plan at revision 1 when the plan says 0 or nothing (a plan file, the fused agent's first
 * action): a run counts revisions from 1 whatever its plan came from, as the planner's plans do, so its first
 * re-plan is revision 2 in every message. Journals written before keep their 0 and replay as they ran.
 */
function fromFirstRevision(record: Extract<JournalRecord, { type: 'runStarted' }>): Extract<JournalRecord, { type: 'runStarted' }> {
  const plan = record.plan;
  if (typeof plan !== 'object' || plan === null || (plan as { revision?: unknown }).revision) return record;
  return { ...record, plan: { ...plan, revision: FIRST_REVISION } };
}

/**
 * A journal or trace commit failed, or the file was changed behind the log's back: the records queued
 * with it are not durable, and the run must stop.
 */
export class JournalWriteError extends Error {
  readonly reason = 'journalWrite';
  constructor(
    /** Which of the run's logs failed. */
    readonly log: 'journal' | 'trace',
    /** Where that log is kept, when it says. */
    readonly path: string | undefined,
    readonly cause: unknown,
  ) {
    super(
      cause instanceof RecordLogChangedError
        ? `the ${log} was changed by something other than Planwright, so the run stopped: ${cause.message}`
        : `the ${log} could not be written: ${path ? `${path}: ` : ''}${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'JournalWriteError';
  }
}

/** Told of each change to a run: the state after it and before it, and the steps a step record is about (none for others). */
export type RunWatcher = (state: RunState, previous: RunState, stepIds: readonly string[]) => void;

/** Owns a run's state; the only way to change it is to journal a record. */
export class RunRecorder {
  /** The first failed commit; once set, every change is refused. */
  private failure: JournalWriteError | undefined;
  private readonly watchers = new Set<RunWatcher>();

  private constructor(
    private state: RunState,
    private readonly io: RecorderIo,
  ) {}

  /** Queues `runStarted` and returns the recorder of the new run. */
  static async begin(record: Extract<JournalRecord, { type: 'runStarted' }>, io: RecorderIo): Promise<RunRecorder> {
    const stored = onDisk(fromFirstRevision(record));
    const recorder = new RunRecorder(applyRecord(undefined, stored), io);
    recorder.queue('journal', stored);
    io.onChange?.(recorder.state, []);
    return recorder;
  }

  /** A recorder that continues a run rebuilt from its journal. */
  static continue(state: RunState, io: RecorderIo): RunRecorder {
    return new RunRecorder(state, io);
  }

  /** The run as it stands. */
  get current(): RunState {
    return this.state;
  }

  /** Calls `watcher` after every change from now on, with the state before it; returns how to stop. */
  watch(watcher: RunWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** The time on the run's clock, for stamping records. */
  now(): number {
    return this.io.clock.now();
  }

  /** Journals a step event if the transition is legal now; false when it is not (the step moved on). */
  async step(stepId: string, event: StepEvent, fields: Partial<StepRecord>): Promise<boolean> {
    this.throwIfFailed();
    const from = this.state.steps.get(stepId)?.status;
    const to = from && transition(from, event);
    if (!to) return false;
    this.record({ ...fields, type: 'step', at: this.io.clock.now(), stepId, event, to } as StepRecord, [stepId]);
    return true;
  }

  /** Journals the run's status; `costCap` when the run pauses at its cost cap. */
  setStatus(status: RunStatus, reason?: string, costCap?: CostCapPause): Promise<void> {
    return this.append({ type: 'runStatus', at: this.io.clock.now(), status, ...(reason ? { reason } : {}), ...(costCap ? { costCap } : {}) });
  }

  /** Journals one model call against a phase of the run, and traces it as an `llm` event. */
  async recordUsage(phase: 'plan' | 'execute' | 'replan' | 'solve', usage: UsageRecord): Promise<void> {
    this.throwIfFailed();
    this.record({ type: 'usage', at: this.io.clock.now(), phase, usage }, []);
    await this.trace({ type: 'llm', ...usage });
  }

  /** Journals a run-level record (`revised`, `summary`, ...). */
  async append(record: JournalRecord): Promise<void> {
    this.throwIfFailed();
    this.record(record, []);
  }

  /**
   * Journals the record `make` builds from the state as it is now; the decision and its record happen
   * in one synchronous turn, so no step can start between them. Journals nothing when `make` builds none.
   */
  async appendFrom<T>(make: (state: RunState) => { readonly record?: JournalRecord; readonly result: T }): Promise<T> {
    this.throwIfFailed();
    const { record, result } = make(this.state);
    if (record) this.record(record, []);
    return result;
  }

  /** Queues a trace event, stamped with the time and the run id. */
  async trace(event: TraceEventInput): Promise<void> {
    this.throwIfFailed();
    this.queue('trace', { ...event, at: this.io.clock.now(), runId: this.state.runId });
  }

  /**
   * The durability barrier: resolves once every record and trace event so far is written (the journal
   * synced), committing them together; rejects with `JournalWriteError` when a commit failed.
   */
  async durable(): Promise<void> {
    this.throwIfFailed();
    await Promise.all((['journal', 'trace'] as const).map((log) => this.io[log].flush().catch((error: unknown) => this.fail(log, error))));
    this.throwIfFailed();
  }

  /** The journal first, then memory: a record the schema refuses is never queued, nor applied. */
  private record(record: JournalRecord, stepIds: readonly string[]): void {
    const stored = onDisk(record);
    const next = applyRecord(this.state, stored);
    this.queue('journal', stored);
    const previous = this.state;
    this.state = next;
    for (const watcher of this.watchers) watcher(next, previous, stepIds);
    this.io.onChange?.(this.state, stepIds);
  }

  private queue(log: 'journal' | 'trace', record: unknown): void {
    this.io[log].append(record).catch((error: unknown) => this.fail(log, error));
  }

  /** Keeps the first failure; the journal's is reported before the trace's when both failed in one commit. */
  private fail(log: 'journal' | 'trace', error: unknown): void {
    if (this.failure?.log === 'journal') return;
    if (this.failure && log === 'trace') return;
    this.failure = new JournalWriteError(log, this.io[log].path, error);
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}

/**
 * The record as a replay will read it back: without `undefined` fields, through the journal schema.
 * A record the schema refuses is never written, so a journal can always be replayed.
 */
function onDisk<Record extends JournalRecord>(record: Record): Record {
  return JournalRecordSchema.parse(JSON.parse(JSON.stringify(record))) as Record;
}
