// Runs one started step to its end: precondition, the tool call, retries the policy allows, settling an
// uncertain effect, and the postcondition. Every attempt is preceded by an `intent` in the trace, and
// the tool is called only once that intent and the step's start (or retry) record are durable; every
// decision is traced with its reason. The caller journals the start and the end.
import { evaluateCheck } from '../checks/evaluateCheck';
import type { Check } from '../checks/checkSchema';
import type { StepCommandResult } from '../checks/checkContext';
import { ApprovalWaitError, type ToolError } from '../errors';
import { CostCapReachedError } from '../errors';
import type { Step } from '../plan/planSchema';
import { stepFlags } from '../plan/stepFlags';
import type { Clock, StatusReader } from '../ports';
import { tail } from '../text/shorten';
import { messageOf } from '../text/errorText';
import type { FileSnapshot, SettleOutcome, ToolContext, ToolDefinition, ToolOutput } from '../tools/defineTool';
import { toToolError } from '../tools/toolFailure';
import type { ToolCall } from '../tools/toolCall';
import type { FailureRecord, OutputRecord, StepRecord } from '../run/journalRecords';
import { decideAfterFailure, decideAfterSettle, type RetryLimits } from '../run/retryPolicy';
import { JournalWriteError } from './runRecorder';
import type { TraceEventInput } from '../run/traceEvents';

/** How a step ended, as the journal records it. */
export interface StepEnd {
  /** `interrupt`: a model call the cost cap refused; the step goes back to approved and runs when the run goes on. */
  readonly event: 'succeed' | 'fail' | 'becomeUnknown' | 'cancel' | 'askApproval' | 'interrupt';
  readonly reason: string;
  readonly output?: OutputRecord;
  readonly failure?: FailureRecord;
  readonly checkDetail?: string;
  /** With `askApproval`: the child steps asked about, by path. */
  readonly waitingOn?: readonly string[];
}

/** What the step runner works with; `context` is the tool context without the per-step parts. */
export interface StepRunnerIo {
  readonly context: Omit<ToolContext, 'stepId' | 'flags' | 'signal'> & { readonly status?: StatusReader };
  readonly clock: Clock;
  readonly retry: RetryLimits;
  /** Journals a mid-run event of this step (`retry`). */
  record(event: 'retry', fields: Partial<StepRecord>): Promise<void>;
  trace(event: TraceEventInput): Promise<void>;
  /** Resolves once everything journalled and traced so far is durable; rejects with `JournalWriteError`. */
  durable(): Promise<void>;
}

const OUTPUT_TAIL_CHARS = 2_000;

function failureOf(error: ToolError): FailureRecord {
  return { kind: error.kind, reason: error.reason, message: error.message, ...(error.output ? { outputTail: tail(error.output, OUTPUT_TAIL_CHARS) } : {}) };
}

function commandResultOf(output: ToolOutput | undefined): StepCommandResult | undefined {
  if (!output) return undefined;
  const exitCode = output.details?.exitCode;
  const structured = output.details?.structuredContent;
  return { exitCode: typeof exitCode === 'number' ? exitCode : null, output: output.text, ...(structured !== undefined ? { structured } : {}) };
}

/** Runs the started step `step` as the resolved `call`; `before` is the snapshot journalled at its start. */
export async function runStep(step: Step, call: ToolCall, before: readonly FileSnapshot[], io: StepRunnerIo, signal: AbortSignal, retriedBefore = false): Promise<StepEnd> {
  const { tool, input } = call;
  const flags = stepFlags(step);
  const context: ToolContext = { ...io.context, stepId: step.id, flags, signal };
  const check = async (role: 'precondition' | 'postcondition' | 'statusCheck', which: Check, output?: ToolOutput) => {
    const result = await evaluateCheck(which, { ...io.context, signal, stepResult: commandResultOf(output) });
    await io.trace({ type: 'check', stepId: step.id, role, ok: result.ok, detail: result.detail });
    return result;
  };
  const finish = async (output: ToolOutput): Promise<StepEnd> => {
    const record: OutputRecord = { text: output.text, ...(output.details ? { details: { ...output.details } } : {}) };
    if (!step.postcondition) return { event: 'succeed', reason: 'the tool succeeded', output: record };
    const post = await check('postcondition', step.postcondition, output);
    if (post.ok) return { event: 'succeed', reason: 'the postcondition holds', output: record, checkDetail: post.detail };
    const failure: FailureRecord = { kind: 'definite', reason: 'postcondition', message: `postcondition failed: ${post.detail}`, outputTail: tail(output.text, OUTPUT_TAIL_CHARS) };
    return { event: 'fail', reason: failure.message, output: record, failure, checkDetail: post.detail };
  };

  try {
    if (step.precondition) {
      const pre = await check('precondition', step.precondition);
      if (!pre.ok) {
        const failure: FailureRecord = { kind: 'definite', reason: 'precondition', message: `precondition failed: ${pre.detail}` };
        return { event: 'fail', reason: `${failure.message}; the tool did not run`, failure, checkDetail: pre.detail };
      }
    }
    const effect = tool.effect(input, flags);
    let retriedAfterSettle = retriedBefore;
    for (let attempt = 1; ; attempt++) {
      await io.trace({ type: 'intent', stepId: step.id, tool: step.tool, args: input, attempt });
      await io.durable();
      const started = io.clock.now();
      let error: ToolError;
      try {
        const output = await tool.execute(input, context);
        await io.trace({ type: 'result', stepId: step.id, attempt, ok: true, ms: io.clock.now() - started, outputChars: output.text.length });
        return await finish(output);
      } catch (caught) {
        if (caught instanceof JournalWriteError) throw caught;
        if (caught instanceof ApprovalWaitError) return { event: 'askApproval', reason: caught.message, waitingOn: caught.waitingOn };
        if (caught instanceof CostCapReachedError) return { event: 'interrupt', reason: caught.message };
        error = toToolError(caught, `${step.tool} (${step.id})`);
        await io.trace({ type: 'result', stepId: step.id, attempt, ok: false, ms: io.clock.now() - started, failure: { kind: error.kind, reason: error.reason, message: error.message } });
      }
      if (signal.aborted) return { event: 'cancel', reason: 'the run was cancelled while the step ran', failure: failureOf(error) };
      const decision = decideAfterFailure(effect, error.kind, attempt, io.retry, retriedAfterSettle);
      if (decision.action === 'fail') return { event: 'fail', reason: decision.reason, failure: failureOf(error) };
      if (decision.action === 'retry') {
        // A repeat is safe, but not always successful: a delete that landed before the connection
        // dropped would fail on retry with "file not found". Read the status first when the tool can.
        if (await effectLanded(tool, input, context, before)) {
          const reason = 'the status read shows the effect happened before the failure was reported: no retry needed';
          await io.trace({ type: 'settle', stepId: step.id, method: 'statusRead', outcome: 'done', decision: 'checkPostcondition', reason });
          return await finish({ text: '(settled by statusRead: the effect happened)' });
        }
        await io.trace({ type: 'retry', stepId: step.id, attempt: attempt + 1, delayMs: decision.delayMs, reason: decision.reason });
        await io.clock.sleep(decision.delayMs, signal);
        await io.record('retry', { reason: decision.reason });
        continue;
      }
      const { method, outcome } = await settleStep(step, tool, input, context, before, (which) => check('statusCheck', which));
      const next = decideAfterSettle(outcome, retriedAfterSettle, io.retry);
      await io.trace({ type: 'settle', stepId: step.id, method, outcome, decision: next.action, reason: next.reason });
      if (next.action === 'checkPostcondition') return await finish({ text: `(settled by ${method}: the effect happened)` });
      if (next.action === 'fail') return { event: 'fail', reason: next.reason, failure: failureOf(error) };
      if (next.action === 'unknown') return { event: 'becomeUnknown', reason: next.reason, failure: failureOf(error) };
      retriedAfterSettle = true;
      await io.trace({ type: 'retry', stepId: step.id, attempt: attempt + 1, delayMs: next.delayMs, reason: next.reason });
      await io.clock.sleep(next.delayMs, signal);
      await io.record('retry', { reason: next.reason, retriedAfterSettle: true });
    }
  } catch (error) {
    // The intent could not be made durable: the tool never ran, and the run cannot go on journalling.
    if (error instanceof JournalWriteError) throw error;
    if (signal.aborted) return { event: 'cancel', reason: 'the run was cancelled while the step ran' };
    const failure: FailureRecord = { kind: 'ambiguous', reason: 'internal', message: messageOf(error) };
    return { event: 'becomeUnknown', reason: `an unexpected error stopped the step: ${failure.message}`, failure };
  }
}

/** True when the tool has a status read and it says this call's effect is in place. */
async function effectLanded<Input>(tool: ToolDefinition<Input>, input: Input, context: ToolContext, before: readonly FileSnapshot[]): Promise<boolean> {
  if (!tool.statusRead || tool.settleMethod(input, context.flags) !== 'statusRead') return false;
  try {
    return (await tool.statusRead(input, context, before)) === 'done';
  } catch {
    return false;
  }
}

/**
 * Settles whether the uncertain effect of `step` happened: its own `statusCheck` first, then the
 * tool's status read. `noMethod` when neither exists.
 */
export async function settleStep<Input>(
  step: Step,
  tool: ToolDefinition<Input>,
  input: Input,
  context: ToolContext,
  before: readonly FileSnapshot[],
  runStatusCheck: (check: Check) => Promise<{ ok: boolean; unevaluable?: boolean }>,
): Promise<{ method: string; outcome: SettleOutcome | 'noMethod' }> {
  if (step.statusCheck) {
    const result = await runStatusCheck(step.statusCheck);
    return { method: 'statusCheck', outcome: result.unevaluable ? 'cannotTell' : result.ok ? 'done' : 'notDone' };
  }
  if (tool.settleMethod(input, context.flags) === 'statusRead' && tool.statusRead) {
    try {
      return { method: 'statusRead', outcome: await tool.statusRead(input, context, before) };
    } catch {
      return { method: 'statusRead', outcome: 'cannotTell' };
    }
  }
  return { method: 'none', outcome: 'noMethod' };
}
