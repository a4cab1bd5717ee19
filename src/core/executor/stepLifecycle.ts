// The life of one approved step, the same in every mode and at every level: a planned step, a fused
// agent's call, a step of the plan an escalation wrote, a sub-plan child's step. It snapshots the files the
// call may write, journals the start (with that snapshot), runs the tool with its retries and settling
// (stepRunner.ts), traces the decision, snapshots the files again, journals the end (with what the step
// left, so undo can tell the user's later edits from the run's own) and invalidates what a failure breaks.
// Plan runs and the fused loop call `runStepLife`; neither keeps a copy of it.
import { formatProblem } from '../plan/planProblem';
import type { Step } from '../plan/planSchema';
import { resolveStepArgs } from '../plan/resolveStepArgs';
import { stepReference } from '../plan/stepNumbers';
import type { RunState } from '../run/runState';
import { stepOutputs } from '../run/stepOutputs';
import type { FileSnapshot } from '../tools/defineTool';
import { filesOf, snapshotsAfter, snapshotsBefore, takeSnapshots } from '../tools/fileSnapshots';
import { callOf, type ToolCatalogue, type ToolCall } from '../tools/toolCall';
import { invalidateDependents, recordNotUndoable, stepRunnerIo, type RunIo } from './runIo';
import { runStep, type StepEnd } from './stepRunner';
import { claimStepWrites } from './stepClaims';

/** A step's call resolved against the run: the call, or why it cannot be made. */
export type StepCall = { readonly call: ToolCall } | { readonly problems: string };

/** Resolves `step`'s `#E` references from the run's outputs and parses the arguments, once per start. */
export function resolveStepCall(step: Step, state: RunState, catalogue: ToolCatalogue): StepCall {
  const tool = catalogue.find(step.tool);
  if (!tool) return { problems: `${step.id}.tool: unknown tool ${JSON.stringify(step.tool)}` };
  const resolved = resolveStepArgs(step, stepOutputs(state));
  if (!resolved.ok) return { problems: resolved.problems.map(formatProblem).join('; ') };
  return { call: callOf(tool, resolved.args as Record<string, unknown>) };
}

/** The files `step` may write as the run stands now (its `#E` references resolved); none when it cannot be resolved. */
export function writesOfStep(step: Step, state: RunState, catalogue: ToolCatalogue): readonly string[] {
  const resolved = resolveStepCall(step, state, catalogue);
  return 'call' in resolved ? resolved.call.writes : [];
}

/** A waiting step as the run's reason names it: `1 Migrate billing (E1/E1)` when it waits on its sub-plan's steps. */
export function waitingReference(state: RunState, stepId: string): string {
  const waitingOn = state.steps.get(stepId)?.waitingOn;
  return `${stepReference(state.plan, stepId)}${waitingOn?.length ? ` (${waitingOn.join(', ')})` : ''}`;
}

/** How the caller takes part in a step's life. */
export interface StepLifeHooks {
  /** Why the step starts, as its start record says (`scheduled`, `called by the agent`). */
  readonly reason: string;
  /** Called once the start is journalled, or refused, before the tool runs. */
  started?(): void;
  /** Runs after the start is journalled and before the tool (a streamed plan's `earlyStart` trace). */
  afterStart?(): Promise<void>;
}

/**
 * Runs the approved `step` as `resolved` through its whole life (see the header). Returns how it ended,
 * or undefined when the journal refused its start (the step had moved on meanwhile).
 */
export async function runStepLife(step: Step, resolved: StepCall, io: RunIo, signal: AbortSignal, hooks: StepLifeHooks): Promise<StepEnd | undefined> {
  const { recorder, deps } = io;
  const take = snapshotTaker(io);
  let before: FileSnapshot[] = [];
  // Another run's step writing the same files goes first: the snapshot and the tool see this step's files alone.
  const claim = 'call' in resolved ? await claimStepWrites(io, step, resolved.call.writes, signal) : undefined;
  try {
    if ('call' in resolved && !(claim && 'end' in claim)) before = await snapshotsBefore(resolved.call.writes, take, (reason) => recordNotUndoable(recorder, deps.logger, step.id, reason));
    if (!(await recorder.step(step.id, 'start', { before, reason: hooks.reason }))) {
      if (claim && 'release' in claim) await claim.release();
      return undefined;
    }
  } finally {
    hooks.started?.();
  }
  try {
    return await livedStep(step, resolved, claim && 'end' in claim ? claim.end : undefined, before, io, signal, hooks);
  } finally {
    if (claim && 'release' in claim) await claim.release();
  }
}

/** The rest of a started step's life: the tool (unless its claim already ended it), the decision, the end record. */
async function livedStep(step: Step, resolved: StepCall, claimEnd: StepEnd | undefined, before: FileSnapshot[], io: RunIo, signal: AbortSignal, hooks: StepLifeHooks): Promise<StepEnd> {
  const { recorder } = io;
  await hooks.afterStart?.();
  const end: StepEnd =
    claimEnd ??
    ('call' in resolved
      ? await runStep(step, resolved.call, before, stepRunnerIo(io, step.id), signal, recorder.current.steps.get(step.id)?.retriedAfterSettle)
      : { event: 'fail', reason: resolved.problems, failure: { kind: 'definite', reason: 'badArguments', message: resolved.problems } });
  await recorder.trace({ type: 'decision', stepId: step.id, decision: end.event, reason: end.reason });
  const after = 'call' in resolved && !claimEnd ? await snapshotsAfter(resolved.call.writes, before, snapshotTaker(io)) : undefined;
  await recorder.step(step.id, end.event, { reason: end.reason, output: end.output, failure: end.failure, checkDetail: end.checkDetail, ...(end.waitingOn ? { waitingOn: [...end.waitingOn] } : {}), ...(after ? { after } : {}) });
  if (end.event === 'fail' || end.event === 'becomeUnknown') await invalidateDependents(recorder, step.id, end.event === 'fail' ? 'failed' : 'became unknown');
  return end;
}

/** Snapshots of the files at `paths`; a folder the call writes (a sub-plan's scope) is snapshotted file by file. */
function snapshotTaker({ deps, options }: RunIo): (paths: readonly string[]) => Promise<FileSnapshot[]> {
  return async (paths) => takeSnapshots(deps.workspace, await filesOf(deps.workspace, paths), options.limits.maxReadBytes);
}
