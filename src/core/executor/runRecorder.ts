// The keeper of a run's state, journal first: every change is a record that is appended to the journal
// (durably, by the log) and only then applied in memory, one change at a time. Each record is applied
// in the form it has on disk (a JSON round trip, then the journal schema), so the state a resumed run
// rebuilds from the journal is the state the live run had, field for field.
import type { Clock, RecordLog } from '../ports';
import { JournalRecordSchema, type JournalRecord, type RunStatus, type StepRecord, type UsageRecord } from './journalRecords';
import { applyRecord, JournalError, replayJournal, type RunState } from './runState';
import { transition, type StepEvent } from './stepTransitions';
import type { TraceEventInput } from './traceEvents';

/** Where a run's records go, and who hears about each change. */
export interface RecorderIo {
  readonly journal: RecordLog;
  readonly trace: RecordLog;
  readonly clock: Clock;
  /** Called after every change, with the ids of the steps it touched (none for run-level changes). */
  readonly onChange?: (state: RunState, stepIds: readonly string[]) => void;
}

/** Reads and replays a journal; a torn last line is skipped and reported through `onWarning`. */
export async function loadRunState(journal: RecordLog, onWarning: (message: string) => void): Promise<RunState> {
  const raw = await journal.readAll(onWarning);
  const records = raw.map((entry, index) => {
    const parsed = JournalRecordSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new JournalError(`journal record ${index + 1} is not a valid record: ${issue?.path.join('.') || 'record'}: ${issue?.message}`);
    }
    return parsed.data;
  });
  return replayJournal(records);
}

/** Owns a run's state; the only way to change it is to journal a record. */
export class RunRecorder {
  private lock: Promise<unknown> = Promise.resolve();

  private constructor(
    private state: RunState,
    private readonly io: RecorderIo,
  ) {}

  /** Journals `runStarted` and returns the recorder of the new run. */
  static async begin(record: Extract<JournalRecord, { type: 'runStarted' }>, io: RecorderIo): Promise<RunRecorder> {
    const stored = onDisk(record);
    const state = applyRecord(undefined, stored);
    await io.journal.append(stored);
    const recorder = new RunRecorder(state, io);
    io.onChange?.(state, []);
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

  /** The time on the run's clock, for stamping records. */
  now(): number {
    return this.io.clock.now();
  }

  /** Journals a step event if the transition is legal now; false when it is not (the step moved on). */
  step(stepId: string, event: StepEvent, fields: Partial<StepRecord>): Promise<boolean> {
    return this.serialised(async () => {
      const from = this.state.steps.get(stepId)?.status;
      const to = from && transition(from, event);
      if (!to) return false;
      await this.appendNow({ ...fields, type: 'step', at: this.io.clock.now(), stepId, event, to } as StepRecord, [stepId]);
      return true;
    });
  }

  /** Journals the run's status. */
  setStatus(status: RunStatus, reason?: string): Promise<void> {
    return this.append({ type: 'runStatus', at: this.io.clock.now(), status, ...(reason ? { reason } : {}) });
  }

  /** Journals one model call against a phase of the run, and traces it as an `llm` event. */
  recordUsage(phase: 'plan' | 'execute' | 'replan' | 'solve', usage: UsageRecord): Promise<void> {
    return this.serialised(async () => {
      await this.appendNow({ type: 'usage', at: this.io.clock.now(), phase, usage }, []);
      await this.trace({ type: 'llm', ...usage });
    });
  }

  /** Journals a run-level record (`revised`, `summary`, ...). */
  append(record: JournalRecord): Promise<void> {
    return this.serialised(() => this.appendNow(record, []));
  }

  /**
   * Journals the record `make` builds from the state as it is once every change before it is in, so
   * no step can start between the decision and its record; journals nothing when `make` builds none.
   */
  appendFrom<T>(make: (state: RunState) => { readonly record?: JournalRecord; readonly result: T }): Promise<T> {
    return this.serialised(async () => {
      const { record, result } = make(this.state);
      if (record) await this.appendNow(record, []);
      return result;
    });
  }

  /** Appends a trace event, stamped with the time and the run id. */
  trace(event: TraceEventInput): Promise<void> {
    return this.io.trace.append({ ...event, at: this.io.clock.now(), runId: this.state.runId });
  }

  /** The journal first, then memory: a record that is not on disk never took effect. */
  private async appendNow(record: JournalRecord, stepIds: readonly string[]): Promise<void> {
    const stored = onDisk(record);
    const next = applyRecord(this.state, stored);
    await this.io.journal.append(stored);
    this.state = next;
    this.io.onChange?.(this.state, stepIds);
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.lock.then(work);
    this.lock = result.catch(() => undefined);
    return result;
  }
}

/**
 * The record as a replay will read it back: without `undefined` fields, through the journal schema.
 * A record the schema refuses is never written, so a journal can always be replayed.
 */
function onDisk<Record extends JournalRecord>(record: Record): Record {
  return JournalRecordSchema.parse(JSON.parse(JSON.stringify(record))) as Record;
}
