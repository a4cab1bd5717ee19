// Fakes for executor tests: an in-memory record log, a clock that never waits but remembers every
// sleep, an approval gate answering from a script, a plan builder that goes through the real gate, and
// one function that assembles the dependencies of a run from them.
import { setTimeout as delay } from 'node:timers/promises';
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest, Clock, CommandRequest, CommandResult, CommandRunner, Logger, RecordLog } from '../../../src/core/ports';
import type { StepRecord } from '../../../src/core/run/journalRecords';
import type { RunDeps } from '../../../src/core/executor/planRun';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../../../src/core/run/runOptions';
import type { TraceEvent } from '../../../src/core/run/traceEvents';
import { formatProblem } from '../../../src/core/plan/planProblem';
import type { ValidPlan } from '../../../src/core/plan/planSchema';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { MemoryWorkspace, ScriptedCommandRunner } from './fakePorts';

/** A RecordLog in memory; records are stored as JSON text, as a file would hold them. */
export class MemoryRecordLog implements RecordLog {
  readonly lines: string[] = [];

  async append(record: unknown): Promise<void> {
    this.lines.push(JSON.stringify(record));
  }
  async flush(): Promise<void> {}
  async readAll(): Promise<readonly unknown[]> {
    return this.lines.map((line) => JSON.parse(line) as unknown);
  }
  /** Every record, parsed. */
  get records(): unknown[] {
    return this.lines.map((line) => JSON.parse(line) as unknown);
  }
}

/** A clock whose `sleep` returns at once, moving time forward and remembering the delay. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  private time = 1_000_000;

  now(): number {
    return this.time;
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    this.time += ms;
  }
}

/** A gate that answers from `answers` by step id (default: `fallback`) and records every request. */
export class ScriptedApprovalGate implements ApprovalGate {
  readonly requests: ApprovalRequest[] = [];
  constructor(
    private readonly answers: Readonly<Record<string, ApprovalAnswer>> = {},
    private readonly fallback: ApprovalAnswer = 'approved',
  ) {}

  async request(request: ApprovalRequest): Promise<ApprovalAnswer> {
    this.requests.push(request);
    return this.answers[request.stepId] ?? this.fallback;
  }
}

/** A logger that keeps what it was told. */
export class RecordingLogger implements Logger {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  info(): void {}
  warn(message: string): void {
    this.warnings.push(message);
  }
  error(message: string): void {
    this.errors.push(message);
  }
}

/** A plan of `steps` through the real validation gate; throws with the problems when it is invalid. */
export function validPlan(steps: readonly unknown[], fields: { readonly goal?: string; readonly revision?: number; readonly acceptance?: readonly unknown[] } = {}): ValidPlan {
  const verdict = validatePlan({ version: 1, goal: 'test goal', ...fields, steps });
  if (!verdict.ok) throw new Error(`test plan is invalid:\n${verdict.problems.map(formatProblem).join('\n')}`);
  return verdict.plan;
}

/** Fake ports for a run: memory workspace and logs, a command runner that succeeds, a gate that approves. */
export function fakeRunDeps(parts: Partial<RunDeps> = {}): RunDeps & { journal: RecordLog; trace: RecordLog; logger: RecordingLogger } {
  return {
    workspace: new MemoryWorkspace(),
    commands: new ScriptedCommandRunner(() => ({})),
    clock: new FakeClock(),
    journal: new MemoryRecordLog(),
    trace: new MemoryRecordLog(),
    logger: new RecordingLogger(),
    approvals: new ScriptedApprovalGate(),
    ...parts,
  } as RunDeps & { journal: RecordLog; trace: RecordLog; logger: RecordingLogger };
}

/** Run options with `changes` applied; approval defaults to everything allowed. */
export function runOptions(changes: Partial<RunOptions> = {}): RunOptions {
  return { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all', approvedCommands: [] }, ...changes };
}

/** The step records of a journal, in order. */
export async function stepRecords(journal: RecordLog): Promise<StepRecord[]> {
  return (await journal.readAll()).filter((record): record is StepRecord => (record as { type?: string }).type === 'step');
}

/** The trace events of a trace log, in order. */
export async function traceEvents(trace: RecordLog): Promise<TraceEvent[]> {
  return (await trace.readAll()) as TraceEvent[];
}

/** A live AbortSignal. */
export function liveSignal(): AbortSignal {
  return new AbortController().signal;
}

/** When one fake command ran, in `performance.now()` milliseconds. */
export interface TimedCall {
  readonly command: string;
  readonly start: number;
  readonly end: number;
}

/**
 * A CommandRunner that takes real time: each command waits `durationMs(command)` on a real timer and
 * records when it started and ended; `exitCode(command)` decides how it ends (0 by default).
 */
export class TimedCommandRunner implements CommandRunner {
  readonly calls: TimedCall[] = [];
  constructor(
    private readonly durationMs: (command: string) => number,
    private readonly exitCode: (command: string) => number = () => 0,
  ) {}

  async run(request: CommandRequest): Promise<CommandResult> {
    const start = performance.now();
    await delay(this.durationMs(request.command));
    const end = performance.now();
    this.calls.push({ command: request.command, start, end });
    return { exitCode: this.exitCode(request.command), output: `ran ${request.command}`, truncated: false, timedOut: false, cancelled: false, durationMs: end - start };
  }
}
