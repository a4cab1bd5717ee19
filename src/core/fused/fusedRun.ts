// The fused loop: one ReAct-style conversation over the same tools as a plan, by native tool calling.
// Each call the agent makes becomes a step of the run's plan as it happens (a `stepAdded` record; the
// first one starts the run) and goes through the same approval flow, retry policy, checks, journal and
// trace as a planned step — `intent` before the call, `result` and `check` after. In `auto` mode the
// agent may call make_plan, and the loop escalates on its own before a risky call (escalationRule.ts).
import { requestApproval } from '../executor/approvalFlow';
import type { UsageRecord } from '../run/journalRecords';
import { meteredModel, usageOf } from '../run/meteredModel';
import type { RunDeps } from '../executor/planRun';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../run/runOptions';
import { approvalIoOf, cancelReason, cancelRemaining, recoveryIoOf, type RunIo } from '../executor/runIo';
import { RunRecorder } from '../executor/runRecorder';
import { JournalError, type RunState } from '../run/runState';
import { deterministicSummary } from '../run/runSummary';
import { runStepLife } from '../executor/stepLifecycle';
import { PLAN_FORMAT_VERSION, type Step } from '../plan/planSchema';
import { stepReference } from '../plan/stepNumbers';
import type { WorkspaceSummary } from '../planner/workspaceSummary';
import type { ChatMessage, ChatModel, ChatResponse } from '../ports';
import { messageOf } from '../text/errorText';
import { CostCapReachedError } from '../errors';
import { callOf, TOOL_CATALOGUE, toolCallOf, type ToolCall } from '../tools/toolCall';
import { recoverInterruptedSteps } from '../executor/runRecovery';
import { AUTO_ESCALATION, type EscalationLimits } from './escalationRule';
import { backstopEscalation, finishedStatus, fusedStep } from './fusedDecisions';
import { ruleFileNames } from '../rules/projectRules';
import { buildFusedConversation, resumedNote, toolResultMessage, type CallOutcome } from './fusedPrompt';
import { fusedToolSpecs, parseToolCall, type ParsedCall } from './fusedTools';
import type { FusedMode } from '../run/runMode';
import { checkContextOver } from '../mcp/toolStatusReader';
import type { Check } from '../checks/checkSchema';
import { unmetAtAnswer } from './fusedAcceptance';

/** The ports the loop works through: a run's, less the re-planner and solver, plus the acting model. */
export interface FusedDeps extends Omit<RunDeps, 'replanner' | 'solver'> {
  /** The model that acts (role `fused`). */
  readonly agentModel: ChatModel;
}

/** How the loop behaves. */
export interface FusedOptions {
  readonly mode: FusedMode;
  /** Model turns before the loop gives up. */
  readonly maxTurns: number;
  readonly run: RunOptions;
  readonly escalation: EscalationLimits;
}

/** Fused mode, 40 turns at most, the default run options and escalation rule. */
export const DEFAULT_FUSED_OPTIONS: FusedOptions = { mode: 'fused', maxTurns: 40, run: DEFAULT_RUN_OPTIONS, escalation: AUTO_ESCALATION };

/** What the loop starts from. */
export interface FusedStart {
  readonly runId: string;
  readonly goal: string;
  readonly summary: WorkspaceSummary;
  readonly host?: Readonly<Record<string, unknown>>;
  /** The goal's acceptance checks: the agent's final answer counts only once they hold. */
  readonly acceptance?: readonly Check[];
}

/** How the loop ended. `state` is the run once the first action started it. */
export interface FusedOutcome {
  readonly status: 'succeeded' | 'failed' | 'awaitingApproval' | 'paused' | 'cancelled' | 'escalated';
  readonly reason?: string;
  readonly state?: RunState;
  /** The agent's final answer, when it gave one. */
  readonly answer?: string;
  readonly turns: number;
  /** Model calls made before any action started a run (so nothing journalled them). */
  readonly unjournalledUsage: readonly UsageRecord[];
}

/** `capped`: the action's model call would pass the cost cap and was not made. */
type ActOutcome = CallOutcome | { readonly kind: 'waiting' } | { readonly kind: 'capped'; readonly reason: string };

/** Runs the fused loop for `start.goal` until the agent answers, escalates, waits, fails or is cancelled. */
export async function runFused(start: FusedStart, deps: FusedDeps, options: FusedOptions, signal: AbortSignal): Promise<FusedOutcome> {
  const loop = new FusedLoop(start, deps, options);
  const outcome = await loop.run(signal);
  await loop.durable();
  return outcome;
}

/**
 * Carries a fused agent's run on from its journal (`state`), with `options.run` as the run's options now: a
 * step left running is settled as a plan run's is, the steps that waited for approval are asked about again
 * and run once approved, and the agent, told what the run did so far, takes its next turn. Nothing that
 * succeeded runs again.
 */
export async function resumeFused(state: RunState, summary: WorkspaceSummary, deps: FusedDeps, options: FusedOptions, signal: AbortSignal): Promise<FusedOutcome> {
  const { runId, plan, host } = state;
  const start = { runId, goal: plan.goal, summary, ...(host ? { host } : {}), ...(plan.acceptance ? { acceptance: plan.acceptance } : {}) };
  const loop = new FusedLoop(start, deps, options, RunRecorder.continue(state, deps));
  const outcome = await loop.resume(signal);
  await loop.durable();
  return outcome;
}

class FusedLoop {
  private readonly pendingUsage: UsageRecord[] = [];
  private readonly messages: ChatMessage[];
  private readonly workerModel: ChatModel | undefined;
  private actions = 0;
  private turns = 0;

  constructor(
    private readonly start: FusedStart,
    private readonly deps: FusedDeps,
    private readonly options: FusedOptions,
    private recorder?: RunRecorder,
  ) {
    this.messages = buildFusedConversation(start.goal, start.summary, options.mode, options.escalation);
    this.workerModel = deps.workerModel && meteredModel(deps.workerModel, (usage) => this.recordUsage(usage));
  }

  async run(signal: AbortSignal): Promise<FusedOutcome> {
    const tools = fusedToolSpecs(this.options.mode);
    while (this.turns < this.options.maxTurns) {
      if (signal.aborted) return this.cancel(signal);
      let response: ChatResponse;
      try {
        response = await this.deps.agentModel.chat({ role: 'fused', messages: [...this.messages], tools }, signal);
      } catch (error) {
        if (error instanceof CostCapReachedError) return this.stop('paused', error.message);
        return signal.aborted ? this.cancel(signal) : this.stop('failed', `the agent model failed: ${messageOf(error)}`);
      }
      this.turns++;
      await this.recordUsage(usageOf(response, 'fused', ruleFileNames(this.start.summary.rules)));
      this.messages.push({ role: 'assistant', content: response.content, toolCalls: response.toolCalls });
      if (response.toolCalls.length === 0) {
        const unmet = await unmetAtAnswer(this.start.acceptance, this.recorder, this.checkContext(signal)).catch((error: unknown) => {
          if (signal.aborted) return undefined;
          throw error;
        });
        if (signal.aborted) return this.cancel(signal);
        if (!unmet) return this.finish(response.content);
        this.messages.push({ role: 'user', content: unmet });
        continue;
      }
      const calls = response.toolCalls.map((call) => parseToolCall(call, this.options.mode));
      const asked = calls.find((call) => call.kind === 'makePlan');
      if (asked) return this.escalate(`the agent asked for a plan: ${asked.reason}`);
      const backstop = this.options.mode === 'auto' ? backstopEscalation(calls, this.actions, this.options.escalation) : undefined;
      if (backstop) return this.escalate(backstop);
      for (const call of calls) {
        const outcome = await this.handle(call, signal);
        if (signal.aborted) return this.cancel(signal);
        if (outcome.kind === 'capped') return this.stop('paused', outcome.reason);
        if (outcome.kind === 'waiting') return this.waiting(`F${this.actions}`);
        this.messages.push(toolResultMessage(call.call.id, outcome));
      }
    }
    return this.stop('failed', `the agent did not finish within ${this.options.maxTurns} turns`);
  }

  /** The run carried on from its journal: what was left running or waiting first, then the agent's next turn. */
  async resume(signal: AbortSignal): Promise<FusedOutcome> {
    const recorder = this.recorder!;
    this.actions = recorder.current.plan.steps.length;
    await recoverInterruptedSteps(recorder.current, recoveryIoOf(this.runIo(), signal));
    for (const [id, run] of recorder.current.steps) {
      if (run.status === 'awaitingApproval') await recorder.step(id, 'reset', { reason: 'asking again after the run resumed' });
    }
    await recorder.setStatus('running');
    for (const step of recorder.current.plan.steps) {
      if (recorder.current.steps.get(step.id)?.status !== 'pending') continue;
      // The call is resolved again from the journalled step, as a plan step's is; one that no longer resolves stays pending.
      const call = toolCallOf(step.tool, step.args, this.deps.tools ?? TOOL_CATALOGUE);
      if (!call) continue;
      const outcome = await this.runAction(step, call, signal);
      if (signal.aborted) return this.cancel(signal);
      if (outcome.kind === 'waiting') return this.waiting(step.id);
    }
    this.messages.push({ role: 'user', content: resumedNote(recorder.current) });
    return this.run(signal);
  }

  /** Resolves once everything the loop journalled and traced is durable. */
  async durable(): Promise<void> {
    if (this.recorder) await this.recorder.durable();
    else await this.deps.trace.flush();
  }

  private async handle(call: ParsedCall, signal: AbortSignal): Promise<ActOutcome> {
    if (call.kind === 'tool') return this.act(call, signal);
    const problem = call.kind === 'invalid' ? call.problem : 'make_plan must be the only call of its turn';
    await this.traceDecision('rejectCall', `${call.call.name}: ${problem}`);
    return { kind: 'invalid', problem };
  }

  /** One action: a new step, approved, started, run and ended like any planned step. */
  private async act(call: Extract<ParsedCall, { kind: 'tool' }>, signal: AbortSignal): Promise<ActOutcome> {
    const step = fusedStep(`F${this.actions + 1}`, call);
    try {
      await this.addStep(step);
    } catch (error) {
      if (!(error instanceof JournalError)) throw error;
      await this.traceDecision('rejectCall', `${call.call.name}: ${error.message}`);
      return { kind: 'invalid', problem: `the call cannot become a step: ${error.message}` };
    }
    this.actions++;
    return this.runAction(step, callOf(call.tool, call.args), signal);
  }

  /** A step of the run, asked about, then started, run and ended like any planned step. */
  private async runAction(step: Step, call: ToolCall, signal: AbortSignal): Promise<ActOutcome> {
    const question = await requestApproval(step, approvalIoOf(this.runIo()), signal);
    if (question) await question.answered;
    const status = this.recorder!.current.steps.get(step.id)?.status;
    if (status === 'skipped') return { kind: 'rejected' };
    if (status !== 'approved') return { kind: 'waiting' };
    const end = await runStepLife(step, { call }, this.runIo(), signal, { reason: 'called by the agent' });
    if (!end) return { kind: 'invalid', problem: 'the call could not start: the step moved on meanwhile' };
    if (end.event === 'askApproval') return { kind: 'waiting' };
    if (end.event === 'interrupt') return { kind: 'capped', reason: end.reason };
    return { kind: 'ran', end };
  }

  /** The first action starts the run (and journals the calls made so far); later ones are appended. */
  private async addStep(step: ReturnType<typeof fusedStep>): Promise<void> {
    if (this.recorder) {
      await this.recorder.append({ type: 'stepAdded', at: this.deps.clock.now(), step });
      return;
    }
    const { runId, goal, host } = this.start;
    this.recorder = await RunRecorder.begin(
      { type: 'runStarted', runId, at: this.deps.clock.now(), plan: { version: PLAN_FORMAT_VERSION, goal, ...(this.start.acceptance ? { acceptance: this.start.acceptance } : {}), steps: [step] }, options: this.options.run, ...(host ? { host: { ...host } } : {}), agent: 'fused', mode: this.options.mode },
      this.deps,
    );
    for (const usage of this.pendingUsage.splice(0)) await this.recorder.recordUsage('execute', usage);
  }

  private async finish(answer: string): Promise<FusedOutcome> {
    const recorder = this.recorder;
    if (!recorder) return this.outcome('succeeded', 'the agent answered without acting', answer);
    const { status, reason } = finishedStatus(recorder.current);
    await recorder.append({ type: 'summary', at: this.deps.clock.now(), text: answer.trim() || deterministicSummary(recorder.current) });
    await recorder.setStatus(status, reason);
    return this.outcome(status as FusedOutcome['status'], reason, answer);
  }

  private async escalate(reason: string): Promise<FusedOutcome> {
    await this.traceDecision('escalate', reason);
    return this.outcome('escalated', reason);
  }

  private waiting(stepId: string): Promise<FusedOutcome> {
    return this.stop('awaitingApproval', `waiting for approval: ${stepReference(this.recorder!.current.plan, stepId)}`);
  }

  private async stop(status: 'failed' | 'awaitingApproval' | 'paused', reason: string): Promise<FusedOutcome> {
    if (this.recorder) await this.recorder.setStatus(status, reason);
    return this.outcome(status, reason);
  }

  /**
   * Ends the loop as the split executor ends a cancelled run: unfinished steps and the run journalled as
   * cancelled, with the reason the host aborted with (the signal, for the CLI). Before the first action
   * nothing was journalled, and the reason says so: there is no run to resume.
   */
  private async cancel(signal: AbortSignal): Promise<FusedOutcome> {
    if (!this.recorder) return this.outcome('cancelled', `${cancelReason(signal)} before the agent's first action: nothing was run or journalled`);
    await cancelRemaining(this.recorder, signal);
    return this.outcome('cancelled', cancelReason(signal));
  }

  private outcome(status: FusedOutcome['status'], reason: string | undefined, answer?: string): FusedOutcome {
    return {
      status,
      ...(reason ? { reason } : {}),
      ...(this.recorder ? { state: this.recorder.current } : {}),
      ...(answer !== undefined ? { answer } : {}),
      turns: this.turns,
      unjournalledUsage: [...this.pendingUsage],
    };
  }

  private recordUsage(usage: UsageRecord): Promise<void> {
    if (this.recorder) return this.recorder.recordUsage('execute', usage);
    this.pendingUsage.push(usage);
    return Promise.resolve();
  }

  /** A `decision` in the trace; written directly before the run exists, so nothing is lost. */
  private traceDecision(decision: string, reason: string): Promise<void> {
    if (this.recorder) return this.recorder.trace({ type: 'decision', decision, reason });
    return this.deps.trace.append({ type: 'decision', decision, reason, at: this.deps.clock.now(), runId: this.start.runId });
  }

  /** The run as a step's life and the approval flow work through it, once the first action started it. */
  private runIo(): RunIo {
    return { deps: this.deps, recorder: this.recorder!, options: this.options.run, workerModel: this.workerModel, tools: this.deps.tools ?? TOOL_CATALOGUE };
  }

  private checkContext(signal: AbortSignal) {
    return checkContextOver(this.deps.tools ?? TOOL_CATALOGUE, { workspace: this.deps.workspace, commands: this.deps.commands, limits: this.options.run.limits }, signal);
  }
}
