// What the parts of a planned run work through — the step runner, the approval flow, recovery — built
// from the run's ports and recorder, and the journalled sweeps every part shares: invalidating what a
// broken step breaks, cancelling what has not finished, and saying when a step runs without undo.
import type { ChatModel, Logger, StatusReader } from '../ports';
import { toolStatusReader } from '../mcp/toolStatusReader';
import type { ToolCatalogue } from '../tools/toolCall';
import type { ApprovalIo } from './approvalFlow';
import type { RunDeps } from './planRun';
import type { RunOptions } from '../run/runOptions';
import type { RunRecorder } from './runRecorder';
import type { RecoveryIo } from './runRecovery';
import { statusById } from '../run/runState';
import { stepsToInvalidate } from './scheduler';
import type { StepRunnerIo } from './stepRunner';
import { transition } from '../run/stepTransitions';
import { stepReference } from '../plan/stepNumbers';

/** The ports a step's life works through: a run's, less the models that change its plan. */
export type StepDeps = Omit<RunDeps, 'replanner' | 'solver'>;

/** One run's ports, recorder, options and tool catalogue. */
export interface RunIo {
  readonly deps: StepDeps;
  /** The tools the run's steps call. */
  readonly tools: ToolCatalogue;
  readonly recorder: RunRecorder;
  readonly options: RunOptions;
  /** The worker model, metered against the run. */
  readonly workerModel: ChatModel | undefined;
}

/** What running one step works through. */
export function stepRunnerIo(io: RunIo, stepId: string): StepRunnerIo {
  const { deps, recorder, options } = io;
  return {
    context: {
      workspace: deps.workspace,
      commands: deps.commands,
      model: io.workerModel,
      ...(deps.subplans ? { subplans: deps.subplans } : {}),
      recordUsage: (usage) => recorder.recordUsage('execute', usage),
      runId: recorder.current.runId,
      limits: options.limits,
      status: statusReaderOf(io),
    },
    clock: deps.clock,
    retry: options.retry,
    record: async (event, fields) => {
      await recorder.step(stepId, event, fields);
    },
    trace: (event) => recorder.trace(event),
    durable: () => recorder.durable(),
  };
}

/** What a check that reads a read-only tool's state (a status check) reads through: the run's own tools. */
export function statusReaderOf(io: RunIo): StatusReader {
  return toolStatusReader(io.tools, { workspace: io.deps.workspace, commands: io.deps.commands, limits: io.options.limits });
}

/** What asking for approvals works through. */
export function approvalIoOf(io: RunIo): ApprovalIo {
  return { recorder: io.recorder, gate: io.deps.approvals, workspace: io.deps.workspace, settings: io.options.approval, invalidateDependents: (id, what) => invalidateDependents(io.recorder, id, what) };
}

/** What recovering interrupted steps works through. */
export function recoveryIoOf(io: RunIo, signal: AbortSignal): RecoveryIo {
  return {
    context: stepRunnerIo(io, '').context,
    signal,
    trace: (event) => io.recorder.trace(event),
    step: (id, event, fields) => io.recorder.step(id, event, fields),
    invalidateDependents: (id, what) => invalidateDependents(io.recorder, id, what),
  };
}

/** Invalidates (journalled and traced) every not-started step that depends on `stepId`, which `what`. */
export async function invalidateDependents(recorder: RunRecorder, stepId: string, what: string): Promise<void> {
  for (const id of stepsToInvalidate(recorder.current.plan, statusById(recorder.current), stepId)) {
    const reason = `depends on ${stepReference(recorder.current.plan, stepId)}, which ${what}`;
    await recorder.trace({ type: 'decision', stepId: id, decision: 'invalidate', reason });
    await recorder.step(id, 'invalidate', { reason });
  }
}

/** Cancels every step that has not finished, then the run, for the reason `signal` was aborted with. */
export async function cancelRemaining(recorder: RunRecorder, signal: AbortSignal): Promise<void> {
  for (const [id, run] of recorder.current.steps) {
    if (transition(run.status, 'cancel')) await recorder.step(id, 'cancel', { reason: 'the run was cancelled' });
  }
  await recorder.setStatus('cancelled', cancelReason(signal));
}

/** Why a run was cancelled: the text its host aborted it with (e.g. the signal the process got), or "cancelled by the user". */
export function cancelReason(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'cancelled by the user';
}

/** Says, in the log and the trace, that `stepId` runs without undo because its files could not be snapshotted. */
export async function recordNotUndoable(recorder: RunRecorder, logger: Logger, stepId: string, reason: string): Promise<void> {
  logger.warn(`${stepId}: ${reason}`);
  await recorder.trace({ type: 'decision', stepId, decision: 'notUndoable', reason });
}

