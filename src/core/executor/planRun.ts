// One run of a plan: schedules ready steps in parallel, asks for approvals, runs each step, invalidates
// what a failure breaks, re-plans in place, and writes the summary. Every change is journalled before
// it takes effect in memory, so a run can be rebuilt and resumed from its journal at any point.
import { formatProblem } from '../plan/planProblem';
import { diffPlans } from '../plan/diffPlans';
import { readySteps } from '../plan/planGraph';
import type { Step, ValidPlan } from '../plan/planSchema';
import { stepFlags } from '../plan/stepFlags';
import { resolveStepArgs } from '../plan/resolveStepArgs';
import type { ApprovalAnswer, ApprovalGate, ChatModel, Clock, CommandRunner, Logger, RecordLog, Workspace } from '../ports';
import { messageOf } from '../textPreview';
import { DEFAULT_TOOL_LIMITS, type FileSnapshot, type ToolLimits } from '../tools/defineTool';
import { takeSnapshots } from '../tools/fileSnapshots';
import { findTool } from '../tools/toolCatalog';
import { approvalKey, approvalReason, type ApprovalSettings } from './approvalPolicy';
import { approvalPreview } from './approvalPreview';
import { JournalRecordSchema, type JournalRecord, type RunStatus, type StepRecord, type UsageRecord } from './journalRecords';
import { meteredModel } from './meteredModel';
import { buildReplanRequest, mergeReplan, type Replanner } from './replanning';
import { DEFAULT_RETRY_LIMITS, type RetryLimits } from './retryPolicy';
import { recoverInterruptedSteps, type RecoveryIo } from './runRecovery';
import { applyRecord, JournalError, replayJournal, statusById, stepOutputs, type RunState } from './runState';
import { deterministicSummary, runReport, type RunReport, type Solver } from './runSummary';
import { firstBrokenStep, quietOutcome, stepsToInvalidate, stepsToStart } from './scheduler';
import { runStep, type StepEnd, type StepRunnerIo } from './stepRunner';
import { transition, type StepEvent } from './stepTransitions';
import type { TraceEventInput } from './traceEvents';

/** How a run behaves. */
export interface RunOptions {
  readonly maxParallel: number;
  readonly maxReplans: number;
  readonly retry: RetryLimits;
  readonly limits: ToolLimits;
  readonly approval: ApprovalSettings;
}

export const DEFAULT_RUN_OPTIONS: RunOptions = {
  maxParallel: 4,
  maxReplans: 3,
  retry: DEFAULT_RETRY_LIMITS,
  limits: DEFAULT_TOOL_LIMITS,
  approval: { autoApprove: 'readOnly', approvedCommands: [] },
};

/** The ports and collaborators a run works through. */
export interface RunDeps {
  readonly workspace: Workspace;
  readonly commands: CommandRunner;
  readonly clock: Clock;
  readonly journal: RecordLog;
  readonly trace: RecordLog;
  readonly logger: Logger;
  readonly approvals: ApprovalGate;
  readonly workerModel?: ChatModel;
  readonly replanner?: Replanner;
  readonly solver?: Solver;
  /** Called after every change, with the ids of the steps it touched (none for run-level changes). */
  readonly onChange?: (state: RunState, stepIds: readonly string[]) => void;
}

const TERMINAL: ReadonlySet<RunStatus> = new Set(['succeeded', 'failed', 'cancelled']);

/** A run of one plan, live or resumed from its journal. */
export class PlanRun {
  private lock: Promise<unknown> = Promise.resolve();
  private readonly workerModel: ChatModel | undefined;

  private constructor(
    private readonly deps: RunDeps,
    private readonly options: RunOptions,
    private state: RunState,
  ) {
    this.workerModel = deps.workerModel && meteredModel(deps.workerModel, (usage) => this.recordUsage('execute', usage));
  }

  /** Starts a new run of `plan`: the first journal record. */
  static async start(plan: ValidPlan, runId: string, deps: RunDeps, options: RunOptions = DEFAULT_RUN_OPTIONS): Promise<PlanRun> {
    const record: JournalRecord = { type: 'runStarted', runId, at: deps.clock.now(), plan };
    const state = applyRecord(undefined, record);
    await deps.journal.append(record);
    return new PlanRun(deps, options, state);
  }

  /** Rebuilds a run from its journal; a torn last line is skipped with a warning. */
  static async resume(deps: RunDeps, options: RunOptions = DEFAULT_RUN_OPTIONS): Promise<PlanRun> {
    const raw = await deps.journal.readAll((warning) => deps.logger.warn(warning));
    const records = raw.map((entry, index) => {
      const parsed = JournalRecordSchema.safeParse(entry);
      if (!parsed.success) throw new JournalError(`journal record ${index + 1} is not a valid record: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
    return new PlanRun(deps, options, replayJournal(records));
  }

  /** The run as it stands. */
  get current(): RunState {
    return this.state;
  }

  /** Runs until the plan succeeds, fails, waits for approval or a re-plan, or `signal` aborts. */
  async execute(signal: AbortSignal): Promise<RunReport> {
    if (TERMINAL.has(this.state.status)) return runReport(this.state);
    await recoverInterruptedSteps(this.state, this.recoveryIo(signal));
    for (const [id, run] of this.state.steps) if (run.status === 'awaitingApproval') await this.step(id, 'reset', { reason: 'asking again after the run resumed' });
    await this.setStatus('running');
    for (;;) {
      await this.runUntilQuiet(signal);
      if (signal.aborted) {
        await this.cancelRemaining();
        break;
      }
      if (!(await this.concludeQuietRun(signal))) break;
    }
    return runReport(this.state);
  }

  /** Schedules approvals and steps until nothing is in flight. */
  private async runUntilQuiet(signal: AbortSignal): Promise<void> {
    const inFlight = new Map<string, Promise<void>>();
    const approvalsAbort = new AbortController();
    const stopApprovals = () => approvalsAbort.abort();
    signal.addEventListener('abort', stopApprovals);
    let broken = false;
    try {
      for (;;) {
        if (!broken && !signal.aborted) {
          for (const step of readySteps(this.state.plan, statusById(this.state))) {
            if (this.state.steps.get(step.id)?.status !== 'pending' || inFlight.has(`approval:${step.id}`)) continue;
            const question = await this.decideApproval(step, approvalsAbort.signal);
            if (question) inFlight.set(`approval:${step.id}`, question.answered.finally(() => inFlight.delete(`approval:${step.id}`)));
          }
          for (const step of stepsToStart(this.state.plan, statusById(this.state), this.options.maxParallel, (s) => this.writesOf(s))) {
            const started = await this.startStep(step, signal);
            if (!started) continue;
            const done = started.finished.then((brokeIt) => {
              if (brokeIt) {
                broken = true;
                approvalsAbort.abort();
              }
            });
            inFlight.set(`step:${step.id}`, done.finally(() => inFlight.delete(`step:${step.id}`)));
          }
        }
        if (inFlight.size === 0) return;
        await Promise.race(inFlight.values());
      }
    } finally {
      signal.removeEventListener('abort', stopApprovals);
    }
  }

  /** Approves `step` by policy or earlier approval, or asks the gate and returns the open question. */
  private async decideApproval(step: Step, signal: AbortSignal): Promise<{ readonly answered: Promise<void> } | undefined> {
    const resolved = resolveStepArgs(step, stepOutputs(this.state));
    const tool = findTool(step.tool);
    if (!resolved.ok || !tool) {
      await this.step(step.id, 'approve', { reason: 'arguments are invalid after resolving references; the step will fail without running' });
      return undefined;
    }
    const args = resolved.args as Record<string, unknown>;
    const key = approvalKey(step.tool, args);
    const reason = approvalReason(step.tool, tool.effect(args, stepFlags(step)), args, this.options.approval);
    if (!reason) {
      await this.step(step.id, 'approve', { approvedKey: key, reason: 'allowed by the approval settings' });
      return undefined;
    }
    if (this.state.steps.get(step.id)?.approvedKey === key) {
      await this.step(step.id, 'approve', { approvedKey: key, reason: 'approved earlier for exactly these arguments' });
      return undefined;
    }
    await this.step(step.id, 'askApproval', { reason });
    const preview = await approvalPreview(step.tool, args, this.deps.workspace).catch(() => ({ kind: 'none' }) as const);
    const answered = this.deps.approvals
      .request({ stepId: step.id, title: step.title, tool: step.tool, args, reason, preview }, signal)
      .catch((): ApprovalAnswer => 'wait')
      .then(async (answer) => {
        if (answer === 'approved') await this.step(step.id, 'approve', { approvedKey: key, reason: 'approved by the user' });
        if (answer === 'rejected' && (await this.step(step.id, 'skip', { reason: 'rejected by the user' }))) {
          await this.invalidateDependents(step.id, 'was skipped');
        }
      });
    return { answered };
  }

  /**
   * Snapshots the files `step` may change, journals its start (with the snapshot), and returns the
   * running step, whose `finished` resolves true when it failed or became unknown.
   */
  private async startStep(step: Step, signal: AbortSignal): Promise<{ readonly finished: Promise<boolean> } | undefined> {
    const resolved = resolveStepArgs(step, stepOutputs(this.state));
    const args = resolved.ok ? (resolved.args as Record<string, unknown>) : undefined;
    const before = args ? await takeSnapshots(this.deps.workspace, this.writesOf({ ...step, args })).catch(() => []) : [];
    if (!(await this.step(step.id, 'start', { before, reason: 'scheduled' }))) return undefined;
    const call = args ? { args } : { problems: resolved.ok ? '' : resolved.problems.map(formatProblem).join('; ') };
    return { finished: this.finishStep(step, call, before, signal) };
  }

  private async finishStep(
    step: Step,
    call: { readonly args: Record<string, unknown> } | { readonly problems: string },
    before: readonly FileSnapshot[],
    signal: AbortSignal,
  ): Promise<boolean> {
    const end: StepEnd =
      'args' in call
        ? await runStep(step, call.args, before, this.stepIo(step.id), signal, this.state.steps.get(step.id)?.retriedAfterSettle)
        : { event: 'fail', reason: call.problems, failure: { kind: 'definite', reason: 'badArguments', message: call.problems } };
    await this.step(step.id, end.event, { reason: end.reason, output: end.output, failure: end.failure, checkDetail: end.checkDetail });
    if (end.event === 'fail' || end.event === 'becomeUnknown') {
      await this.invalidateDependents(step.id, end.event === 'fail' ? 'failed' : 'became unknown');
      return true;
    }
    return false;
  }

  /** Decides what a quiet run does next; true when it should keep going (after a re-plan). */
  private async concludeQuietRun(signal: AbortSignal): Promise<boolean> {
    const statuses = statusById(this.state);
    const outcome = quietOutcome(this.state.plan, statuses);
    if (outcome === 'succeeded') {
      await this.solve(signal);
      await this.setStatus('succeeded');
      return false;
    }
    if (outcome === 'awaitingApproval') {
      const waiting = this.state.plan.steps.filter((step) => statuses.get(step.id) === 'awaitingApproval').map((step) => step.id);
      await this.setStatus('awaitingApproval', `waiting for approval: ${waiting.join(', ')}`);
      return false;
    }
    const broken = firstBrokenStep(this.state.plan, statuses);
    if (!broken) {
      await this.setStatus('needsReplan', 'some steps cannot run (skipped or invalidated); edit the plan to continue');
      return false;
    }
    const run = this.state.steps.get(broken.id)!;
    const what = `${broken.id} ${run.status}: ${run.failure?.message ?? run.reason ?? 'no detail'}`;
    if (!this.deps.replanner) {
      await this.setStatus('needsReplan', `${what}; no re-planner is configured, so edit the plan by hand and resume`);
      return false;
    }
    if (this.state.replanReasons.length >= this.options.maxReplans) {
      const history = [...this.state.replanReasons, what].map((line, index) => `${index + 1}. ${line}`).join('\n');
      await this.setStatus('failed', `gave up after ${this.options.maxReplans} re-plan(s); what failed each time:\n${history}`);
      return false;
    }
    return this.replan(broken.id, what, signal);
  }

  private async replan(brokenId: string, what: string, signal: AbortSignal): Promise<boolean> {
    await this.trace({ type: 'decision', stepId: brokenId, decision: 'replan', reason: what });
    let steps: readonly unknown[];
    try {
      const answer = await this.deps.replanner!.replan(buildReplanRequest(this.state, brokenId), signal);
      for (const usage of answer.usage) await this.recordUsage('replan', usage);
      steps = answer.steps;
    } catch (error) {
      if (signal.aborted) return false;
      await this.setStatus('needsReplan', `${what}; the re-planner failed: ${messageOf(error)}`);
      return false;
    }
    const merged = mergeReplan(this.state, steps);
    if (!merged.ok) {
      await this.setStatus('failed', `${what}; the re-planned steps are invalid: ${merged.problems.map(formatProblem).join('; ')}`);
      return false;
    }
    const diff = diffPlans(this.state.plan, merged.plan);
    const revision = this.state.revision + 1;
    await this.append({ type: 'revised', at: this.deps.clock.now(), revision, failedStepId: brokenId, reason: what, plan: merged.plan }, []);
    await this.trace({
      type: 'replan',
      revision,
      failedStepId: brokenId,
      added: diff.added.map((step) => step.id),
      removed: diff.removed.map((step) => step.id),
      changed: diff.changed.map((change) => change.id),
    });
    return true;
  }

  private async solve(signal: AbortSignal): Promise<void> {
    let text = deterministicSummary({ ...this.state, status: 'succeeded' });
    if (this.deps.solver) {
      try {
        const answer = await this.deps.solver.summarize(this.state, signal);
        for (const usage of answer.usage) await this.recordUsage('solve', usage);
        text = answer.text;
      } catch (error) {
        this.deps.logger.warn(`the solver failed, using the plain summary: ${messageOf(error)}`);
      }
    }
    await this.append({ type: 'summary', at: this.deps.clock.now(), text }, []);
  }

  private async cancelRemaining(): Promise<void> {
    for (const [id, run] of this.state.steps) if (transition(run.status, 'cancel')) await this.step(id, 'cancel', { reason: 'the run was cancelled' });
    await this.setStatus('cancelled', 'cancelled by the user');
  }

  private async invalidateDependents(stepId: string, what: string): Promise<void> {
    for (const id of stepsToInvalidate(this.state.plan, statusById(this.state), stepId)) {
      await this.step(id, 'invalidate', { reason: `depends on ${stepId}, which ${what}` });
    }
  }

  private writesOf(step: Step): readonly string[] {
    const tool = findTool(step.tool);
    const parsed = tool?.input.safeParse(step.args);
    return tool && parsed?.success ? tool.writes(parsed.data) : [];
  }

  private stepIo(stepId: string): StepRunnerIo {
    return {
      context: { workspace: this.deps.workspace, commands: this.deps.commands, model: this.workerModel, runId: this.state.runId, limits: this.options.limits },
      clock: this.deps.clock,
      retry: this.options.retry,
      record: async (event, fields) => {
        await this.step(stepId, event, fields);
      },
      trace: (event) => this.trace(event),
    };
  }

  private recoveryIo(signal: AbortSignal): RecoveryIo {
    return {
      context: this.stepIo('').context,
      signal,
      trace: (event) => this.trace(event),
      step: (id, event, fields) => this.step(id, event, fields),
      invalidateDependents: (id, what) => this.invalidateDependents(id, what),
    };
  }

  /** Journals a step event if the transition is legal now; false when it is not (the step moved on). */
  private async step(stepId: string, event: StepEvent, fields: Partial<StepRecord>): Promise<boolean> {
    return this.serialised(async () => {
      const from = this.state.steps.get(stepId)?.status;
      const to = from && transition(from, event);
      if (!to) return false;
      const record = { ...fields, type: 'step', at: this.deps.clock.now(), stepId, event, to } as StepRecord;
      await this.appendNow(record, [stepId]);
      return true;
    });
  }

  private setStatus(status: RunStatus, reason?: string): Promise<void> {
    return this.append({ type: 'runStatus', at: this.deps.clock.now(), status, ...(reason ? { reason } : {}) }, []);
  }

  private recordUsage(phase: 'plan' | 'execute' | 'replan' | 'solve', usage: UsageRecord): Promise<void> {
    return this.serialised(async () => {
      await this.appendNow({ type: 'usage', at: this.deps.clock.now(), phase, usage }, []);
      await this.trace({ type: 'llm', ...usage });
    });
  }

  private append(record: JournalRecord, stepIds: readonly string[]): Promise<void> {
    return this.serialised(() => this.appendNow(record, stepIds));
  }

  /** The journal first, then memory: a record that is not on disk never took effect. */
  private async appendNow(record: JournalRecord, stepIds: readonly string[]): Promise<void> {
    const next = applyRecord(this.state, record);
    await this.deps.journal.append(record);
    this.state = next;
    this.deps.onChange?.(this.state, stepIds);
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.lock.then(work);
    this.lock = result.catch(() => undefined);
    return result;
  }

  private trace(event: TraceEventInput): Promise<void> {
    return this.deps.trace.append({ ...event, at: this.deps.clock.now(), runId: this.state.runId });
  }
}
