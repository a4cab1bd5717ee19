// What a resumed run does with steps the journal shows as `running` (the process stopped mid-step): a
// read-only or idempotent call simply runs again; a non-idempotent one is settled first — done, it is
// checked and kept; not done, it may run once more; otherwise it becomes `unknown` and goes to re-planning.
// A cancelled run that is reopened asks the same of its cancelled steps before any starts afresh.
import { evaluateCheck } from '../checks/evaluateCheck';
import type { Step } from '../plan/planSchema';
import type { StatusReader } from '../ports';
import { resolveStepArgs } from '../plan/resolveStepArgs';
import { stepFlags } from '../plan/stepFlags';
import type { FileSnapshot, ToolContext } from '../tools/defineTool';
import { findTool } from '../tools/toolCatalog';
import type { StepRecord } from '../run/journalRecords';
import { decideAfterSettle, DEFAULT_RETRY_LIMITS } from '../run/retryPolicy';
import { type RunState } from '../run/runState';
import { stepOutputs } from '../run/stepOutputs';
import { settleStep } from './stepRunner';
import type { StepEvent } from '../run/stepTransitions';
import type { TraceEventInput } from '../run/traceEvents';

/** What recovery works through. */
export interface RecoveryIo {
  readonly context: Omit<ToolContext, 'stepId' | 'flags' | 'signal'> & { readonly status?: StatusReader };
  readonly signal: AbortSignal;
  trace(event: TraceEventInput): Promise<void>;
  step(stepId: string, event: StepEvent, fields: Partial<StepRecord>): Promise<boolean>;
  invalidateDependents(stepId: string, what: string): Promise<void>;
}

/** Resolves every step left `running` in `state`. */
export async function recoverInterruptedSteps(state: RunState, io: RecoveryIo): Promise<void> {
  for (const step of state.plan.steps) {
    const run = state.steps.get(step.id);
    if (run?.status === 'running') await recoverStep(step, state, io, run.before ?? [], run.retriedAfterSettle);
  }
}

/** Why a cancelled step may start afresh when its run is reopened, or `undefined`: it stays cancelled. */
export interface CancelledRestart {
  readonly reason: string;
  /** Set when a settle allowed the restart: it is the one retry a not-done settle gives. */
  readonly retriedAfterSettle?: true;
}

/**
 * Decides whether the cancelled `step` may start afresh: one that never started, or is safe to repeat,
 * may; a non-idempotent one that had started only when its status check or status read shows its effect
 * did not happen (e.g. cancelled while the worker model was still answering), as the one retry such a
 * settle allows. Anything else may have had its effect and stays cancelled until a person decides.
 */
export async function cancelledRestart(step: Step, state: RunState, io: RecoveryIo): Promise<CancelledRestart | undefined> {
  const run = state.steps.get(step.id);
  if (!run || run.status !== 'cancelled') return undefined;
  if (run.attempts === 0) return { reason: 'the cancelled run was resumed' };
  const resolved = resolveStepArgs(step, stepOutputs(state));
  const tool = findTool(step.tool);
  const parsed = resolved.ok && tool ? tool.input.safeParse(resolved.args) : undefined;
  if (!tool || !parsed?.success) return undefined;
  const flags = stepFlags(step);
  if (tool.effect(parsed.data, flags) !== 'nonIdempotent') return { reason: 'the cancelled run was resumed' };
  const context: ToolContext = { ...io.context, stepId: step.id, flags, signal: io.signal };
  const checkContext = { ...io.context, signal: io.signal };
  const { method, outcome } = await settleStep(step, tool, parsed.data, context, run.before ?? [], (check) => evaluateCheck(check, checkContext));
  const decision = decideAfterSettle(outcome, run.retriedAfterSettle, DEFAULT_RETRY_LIMITS);
  const restart = decision.action === 'retry';
  await io.trace({ type: 'settle', stepId: step.id, method, outcome, decision: restart ? 'retry' : 'keepCancelled', reason: `after a cancellation: ${decision.reason}` });
  return restart ? { reason: `the cancelled run was resumed; ${decision.reason}`, retriedAfterSettle: true } : undefined;
}

const INTERRUPTED = { kind: 'ambiguous', reason: 'interrupted', message: 'the run stopped while this step was running' } as const;

async function recoverStep(step: Step, state: RunState, io: RecoveryIo, before: readonly FileSnapshot[], retried: boolean): Promise<void> {
  const resolved = resolveStepArgs(step, stepOutputs(state));
  const tool = findTool(step.tool);
  const parsed = resolved.ok && tool ? tool.input.safeParse(resolved.args) : undefined;
  if (!tool || !parsed?.success) {
    await io.step(step.id, 'becomeUnknown', { reason: 'interrupted, and its arguments can no longer be resolved', failure: INTERRUPTED });
    await io.invalidateDependents(step.id, 'became unknown');
    return;
  }
  const flags = stepFlags(step);
  const effect = tool.effect(parsed.data, flags);
  if (effect !== 'nonIdempotent') {
    await io.trace({ type: 'decision', stepId: step.id, decision: 'rerun', reason: `interrupted, and safe to run again (${effect})` });
    await io.step(step.id, 'interrupt', { reason: `interrupted, and safe to run again (${effect})` });
    return;
  }
  const context: ToolContext = { ...io.context, stepId: step.id, flags, signal: io.signal };
  const checkContext = { ...io.context, signal: io.signal };
  const { method, outcome } = await settleStep(step, tool, parsed.data, context, before, (check) => evaluateCheck(check, checkContext));
  const decision = decideAfterSettle(outcome, retried, DEFAULT_RETRY_LIMITS);
  await io.trace({ type: 'settle', stepId: step.id, method, outcome, decision: decision.action, reason: `after an interruption: ${decision.reason}` });
  switch (decision.action) {
    case 'checkPostcondition': {
      const post = step.postcondition ? await evaluateCheck(step.postcondition, checkContext) : { ok: true, detail: 'no postcondition' };
      await io.trace({ type: 'check', stepId: step.id, role: 'postcondition', ok: post.ok, detail: post.detail });
      if (post.ok) {
        await io.step(step.id, 'succeed', { reason: `interrupted, then ${decision.reason}`, output: { text: `(settled by ${method} after an interruption)` }, checkDetail: post.detail });
        return;
      }
      await io.step(step.id, 'fail', { reason: `postcondition failed: ${post.detail}`, checkDetail: post.detail, failure: { kind: 'definite', reason: 'postcondition', message: `postcondition failed: ${post.detail}` } });
      break;
    }
    case 'retry':
      await io.step(step.id, 'interrupt', { reason: `interrupted; ${decision.reason}`, retriedAfterSettle: true });
      return;
    case 'fail':
      await io.step(step.id, 'fail', { reason: decision.reason, failure: INTERRUPTED });
      break;
    case 'unknown':
      await io.step(step.id, 'becomeUnknown', { reason: `interrupted; ${decision.reason}`, failure: INTERRUPTED });
      break;
  }
  await io.invalidateDependents(step.id, decision.action === 'unknown' ? 'became unknown' : 'failed');
}
