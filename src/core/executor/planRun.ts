// One run of a plan: schedules ready steps in parallel, asks for approvals, runs each step, invalidates
// what a failure breaks, re-plans in place, and writes the summary. Every change is journalled before it
// takes effect in memory, and is durable before an effect that follows it starts and before a public
// method returns, so a run can be rebuilt and resumed from its journal at any point.
import { formatProblem } from '../plan/planProblem';
import { readySteps } from '../plan/planGraph';
import type { StepStatus } from '../plan/stepStatus';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { PlanValidation } from '../plan/validatePlan';
import { resolveStepArgs } from '../plan/resolveStepArgs';
import type { ApprovalGate, ChatModel, Clock, CommandRunner, Logger, RecordLog, Workspace } from '../ports';
import { messageOf } from '../textPreview';
import type { FileSnapshot } from '../tools/defineTool';
import { takeSnapshots } from '../tools/fileSnapshots';
import { findTool } from '../tools/toolCatalog';
import { requestApproval, type ApprovalIo } from './approvalFlow';
import type { RunStatus, UsageRecord } from './journalRecords';
import { meteredModel } from './meteredModel';
import type { Replanner } from './replanning';
import { retryStep, skipStep, type InterventionResult } from './runInterventions';
import { replanRun, reviseByHand } from './runRevisions';
import { recoverInterruptedSteps, type RecoveryIo } from './runRecovery';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from './runOptions';
import { loadRunState, RunRecorder } from './runRecorder';
import { statusById, stepOutputs, type RunState } from './runState';
import { deterministicSummary, plannedAnswer, runReport, summarySource, type RunReport, type Solver } from './runSummary';
import { firstBrokenStep, quietOutcome, stepsToInvalidate, stepsToStart } from './scheduler';
import { runStep, type StepEnd, type StepRunnerIo } from './stepRunner';
import { transition } from './stepTransitions';

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

/** What a new run records besides its plan. */
export interface RunStart {
  readonly runId: string;
  readonly options?: RunOptions;
  /** What the host needs to pick the run up again (e.g. its workspace folder), journalled as is. */
  readonly host?: Readonly<Record<string, unknown>>;
  /** The model calls that produced the plan, journalled against the `plan` phase. */
  readonly planUsage?: readonly UsageRecord[];
}

const TERMINAL: ReadonlySet<RunStatus> = new Set(['succeeded', 'failed', 'cancelled']);

/** A run of one plan, live or resumed from its journal. */
export class PlanRun {
  private readonly workerModel: ChatModel | undefined;
  /** Set by `pause()`; `execute` clears it. */
  private pausing = false;
  private stopApprovals: AbortController | undefined;

  private constructor(
    private readonly deps: RunDeps,
    private readonly options: RunOptions,
    private readonly recorder: RunRecorder,
  ) {
    this.workerModel = deps.workerModel && meteredModel(deps.workerModel, (usage) => recorder.recordUsage('execute', usage));
  }

  /** Starts a new run of `plan`: the first journal record, then the usage of planning if any. */
  static async start(plan: ValidPlan, start: RunStart, deps: RunDeps): Promise<PlanRun> {
    const options = start.options ?? DEFAULT_RUN_OPTIONS;
    const recorder = await RunRecorder.begin(
      { type: 'runStarted', runId: start.runId, at: deps.clock.now(), plan, options, ...(start.host ? { host: { ...start.host } } : {}) },
      deps,
    );
    for (const usage of start.planUsage ?? []) await recorder.recordUsage('plan', usage);
    await recorder.durable();
    return new PlanRun(deps, options, recorder);
  }

  /**
   * Rebuilds a run from its journal (or from `loaded`, a state the host already read from it) with the
   * options it was started with, except those in `overrides`. A torn last line is skipped with a warning.
   */
  static async resume(deps: RunDeps, overrides: Partial<RunOptions> = {}, loaded?: RunState): Promise<PlanRun> {
    const state = loaded ?? (await loadRunState(deps.journal, (warning) => deps.logger.warn(warning)));
    return new PlanRun(deps, { ...state.options, ...overrides }, RunRecorder.continue(state, deps));
  }

  /** The run as it stands. */
  get current(): RunState {
    return this.recorder.current;
  }

  /** Runs until the plan succeeds, fails, waits for approval or a re-plan, or `signal` aborts. */
  async execute(signal: AbortSignal): Promise<RunReport> {
    if (TERMINAL.has(this.current.status)) return runReport(this.current);
    await recoverInterruptedSteps(this.current, this.recoveryIo(signal));
    for (const [id, run] of this.current.steps) {
      if (run.status === 'awaitingApproval') await this.recorder.step(id, 'reset', { reason: 'asking again after the run resumed' });
    }
    this.pausing = false;
    await this.recorder.setStatus('running');
    for (;;) {
      await this.runUntilQuiet(signal);
      if (signal.aborted) {
        await this.cancelRemaining();
        break;
      }
      if (this.pausing) {
        this.pausing = false;
        await this.recorder.setStatus('paused', 'paused by the user');
        break;
      }
      if (!(await this.concludeQuietRun(signal))) break;
    }
    await this.recorder.durable();
    return runReport(this.current);
  }

  /** Schedules approvals and steps until nothing is in flight; stops scheduling once a step broke. */
  private async runUntilQuiet(signal: AbortSignal): Promise<void> {
    const inFlight = new Map<string, Promise<void>>();
    /** Steps chosen to start whose start is not journalled yet: the scheduler counts them as running. */
    const starting = new Set<string>();
    const approvalsAbort = new AbortController();
    this.stopApprovals = approvalsAbort;
    const stopApprovals = () => approvalsAbort.abort();
    signal.addEventListener('abort', stopApprovals);
    let broken = false;
    try {
      for (;;) {
        if (!broken && !signal.aborted && !this.pausing) {
          for (const step of readySteps(this.current.plan, statusById(this.current))) {
            if (this.current.steps.get(step.id)?.status !== 'pending' || inFlight.has(`approval:${step.id}`)) continue;
            const question = await requestApproval(step, this.approvalIo(), approvalsAbort.signal);
            if (question) inFlight.set(`approval:${step.id}`, question.answered.finally(() => inFlight.delete(`approval:${step.id}`)));
          }
          const statuses = countedAsRunning(statusById(this.current), starting);
          for (const step of stepsToStart(this.current.plan, statuses, this.options.maxParallel, (s) => this.writesOf(s))) {
            // Ready steps start side by side: none waits for another's snapshot or journal commit.
            starting.add(step.id);
            const done = this.startStep(step, signal, () => starting.delete(step.id)).then((brokeIt) => {
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

  /**
   * Snapshots the files `step` may change, journals its start (with the snapshot), calls `started` once
   * the start is journalled (or refused), and runs the step; true when it failed or became unknown.
   */
  private async startStep(step: Step, signal: AbortSignal, started: () => void): Promise<boolean> {
    const resolved = resolveStepArgs(step, stepOutputs(this.current));
    const args = resolved.ok ? (resolved.args as Record<string, unknown>) : undefined;
    let before: FileSnapshot[] = [];
    try {
      // Resolved arguments imply a known tool; writesOf would resolve them all over again.
      if (args) before = await takeSnapshots(this.deps.workspace, findTool(step.tool)!.writes(args)).catch(() => []);
      if (!(await this.recorder.step(step.id, 'start', { before, reason: 'scheduled' }))) return false;
    } finally {
      started();
    }
    const call = args ? { args } : { problems: resolved.ok ? '' : resolved.problems.map(formatProblem).join('; ') };
    return this.finishStep(step, call, before, signal);
  }

  private async finishStep(
    step: Step,
    call: { readonly args: Record<string, unknown> } | { readonly problems: string },
    before: readonly FileSnapshot[],
    signal: AbortSignal,
  ): Promise<boolean> {
    const end: StepEnd =
      'args' in call
        ? await runStep(step, call.args, before, this.stepIo(step.id), signal, this.current.steps.get(step.id)?.retriedAfterSettle)
        : { event: 'fail', reason: call.problems, failure: { kind: 'definite', reason: 'badArguments', message: call.problems } };
    await this.recorder.trace({ type: 'decision', stepId: step.id, decision: end.event, reason: end.reason });
    await this.recorder.step(step.id, end.event, { reason: end.reason, output: end.output, failure: end.failure, checkDetail: end.checkDetail });
    if (end.event === 'fail' || end.event === 'becomeUnknown') {
      await this.invalidateDependents(step.id, end.event === 'fail' ? 'failed' : 'became unknown');
      return true;
    }
    return false;
  }

  /** Decides what a quiet run does next; true when it should keep going (after a re-plan). */
  private async concludeQuietRun(signal: AbortSignal): Promise<boolean> {
    const statuses = statusById(this.current);
    const outcome = quietOutcome(this.current.plan, statuses);
    if (outcome === 'succeeded') {
      await this.solve(signal);
      await this.recorder.setStatus('succeeded');
      return false;
    }
    if (outcome === 'awaitingApproval') {
      const waiting = this.current.plan.steps.filter((step) => statuses.get(step.id) === 'awaitingApproval').map((step) => step.id);
      await this.recorder.setStatus('awaitingApproval', `waiting for approval: ${waiting.join(', ')}`);
      return false;
    }
    const broken = firstBrokenStep(this.current.plan, statuses);
    if (!broken) {
      await this.recorder.setStatus('needsReplan', 'some steps cannot run (skipped or invalidated); edit the plan to continue');
      return false;
    }
    const run = this.current.steps.get(broken.id)!;
    const what = `${broken.id} ${run.status}: ${run.failure?.message ?? run.reason ?? 'no detail'}`;
    if (!this.deps.replanner) {
      await this.recorder.setStatus('needsReplan', `${what}; no re-planner is configured, so edit the plan by hand and resume`);
      return false;
    }
    if (this.current.replanReasons.length >= this.options.maxReplans) {
      const history = [...this.current.replanReasons, what].map((line, index) => `${index + 1}. ${line}`).join('\n');
      await this.recorder.setStatus('failed', `gave up after ${this.options.maxReplans} re-plan(s); what failed each time:\n${history}`);
      return false;
    }
    return replanRun(this.recorder, this.deps.replanner, broken.id, what, signal);
  }

  /**
   * Puts a plan edited by hand in place of the current one, as the next revision: completed steps must
   * be unchanged (or left out), changed and new steps need approval again. Call it while the run is not
   * executing; `execute` then carries on with the edited plan.
   */
  async revise(edited: ValidPlan, reason = 'the plan was edited by hand'): Promise<PlanValidation> {
    const verdict = await reviseByHand(this.recorder, edited, reason);
    await this.recorder.durable();
    return verdict;
  }

  /** Stops scheduling (open approvals are left waiting); running steps finish, then `execute` returns paused. */
  pause(): void {
    this.pausing = true;
    this.stopApprovals?.abort();
  }

  /** Tries a failed, unknown, skipped, invalidated or cancelled step again (with what it broke). Call it while not executing. */
  async retry(stepId: string): Promise<InterventionResult> {
    const result = await retryStep(this.recorder, stepId);
    await this.recorder.durable();
    return result;
  }

  /** Skips a step that has not succeeded, invalidating what depends on it. Call it while not executing. */
  async skip(stepId: string): Promise<InterventionResult> {
    const result = await skipStep(this.recorder, stepId, (id, what) => this.invalidateDependents(id, what));
    await this.recorder.durable();
    return result;
  }

  /** The summary of a succeeded run, from the source `summarySource` names; a solver that fails falls back. */
  private async solve(signal: AbortSignal): Promise<void> {
    const succeeded: RunState = { ...this.current, status: 'succeeded' };
    const fallback = plannedAnswer(succeeded) ?? deterministicSummary(succeeded);
    const text = summarySource(succeeded, this.options) === 'solver' ? await this.askSolver(signal, fallback) : fallback;
    await this.recorder.append({ type: 'summary', at: this.deps.clock.now(), text });
  }

  /** The solver's summary, or `fallback` (with a warning) when no solver is configured or it fails. */
  private async askSolver(signal: AbortSignal, fallback: string): Promise<string> {
    if (!this.deps.solver) {
      this.deps.logger.warn('a model summary was asked for, but no model is configured: using the plain summary');
      return fallback;
    }
    try {
      const answer = await this.deps.solver.summarize(this.current, signal);
      for (const usage of answer.usage) await this.recorder.recordUsage('solve', usage);
      return answer.text;
    } catch (error) {
      this.deps.logger.warn(`the solver failed, using the plain summary: ${messageOf(error)}`);
      return fallback;
    }
  }

  private async cancelRemaining(): Promise<void> {
    for (const [id, run] of this.current.steps) {
      if (transition(run.status, 'cancel')) await this.recorder.step(id, 'cancel', { reason: 'the run was cancelled' });
    }
    await this.recorder.setStatus('cancelled', 'cancelled by the user');
  }

  private async invalidateDependents(stepId: string, what: string): Promise<void> {
    for (const id of stepsToInvalidate(this.current.plan, statusById(this.current), stepId)) {
      const reason = `depends on ${stepId}, which ${what}`;
      await this.recorder.trace({ type: 'decision', stepId: id, decision: 'invalidate', reason });
      await this.recorder.step(id, 'invalidate', { reason });
    }
  }

  /** The files `step` may write, with its `#id` references resolved: `"#E1"` is not the file E1 names. */
  private writesOf(step: Step): readonly string[] {
    const tool = findTool(step.tool);
    const resolved = resolveStepArgs(step, stepOutputs(this.current));
    return tool && resolved.ok ? tool.writes(resolved.args) : [];
  }

  private stepIo(stepId: string): StepRunnerIo {
    return {
      context: { workspace: this.deps.workspace, commands: this.deps.commands, model: this.workerModel, runId: this.current.runId, limits: this.options.limits },
      clock: this.deps.clock,
      retry: this.options.retry,
      record: async (event, fields) => {
        await this.recorder.step(stepId, event, fields);
      },
      trace: (event) => this.recorder.trace(event),
      durable: () => this.recorder.durable(),
    };
  }

  private approvalIo(): ApprovalIo {
    return {
      recorder: this.recorder,
      gate: this.deps.approvals,
      workspace: this.deps.workspace,
      settings: this.options.approval,
      invalidateDependents: (id, what) => this.invalidateDependents(id, what),
    };
  }

  private recoveryIo(signal: AbortSignal): RecoveryIo {
    return {
      context: this.stepIo('').context,
      signal,
      trace: (event) => this.recorder.trace(event),
      step: (id, event, fields) => this.recorder.step(id, event, fields),
      invalidateDependents: (id, what) => this.invalidateDependents(id, what),
    };
  }
}

/** `statuses`, with the steps in `starting` counted as running (their start is on its way to the journal). */
function countedAsRunning(statuses: ReadonlyMap<string, StepStatus>, starting: ReadonlySet<string>): ReadonlyMap<string, StepStatus> {
  if (starting.size === 0) return statuses;
  const counted = new Map(statuses);
  for (const id of starting) counted.set(id, 'running');
  return counted;
}
