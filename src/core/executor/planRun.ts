// One run of a plan: schedules ready steps in parallel, asks for approvals, runs each step, invalidates
// what a failure breaks, re-plans in place, and writes the summary. Every change is journalled before it
// takes effect in memory, and is durable before an effect that follows it starts and before a public
// method returns, so a run can be rebuilt and resumed from its journal at any point.
import type { Step, ValidPlan } from '../plan/planSchema';
import type { PlanValidation } from '../plan/validatePlan';
import type { ApprovalGate, ChatModel, Clock, CommandRunner, Logger, RecordLog, Workspace, WriteClaims } from '../ports';
import type { SubplanHost } from '../tools/subplan';
import type { SpendLimit } from '../errors';
import { pauseAtCap, pauseAtCostCap } from './costCapPause';
import { requestApproval } from './approvalFlow';
import { assertResumable } from '../run/agentRun';
import { isRunFinished, type StreamOffset, type UsageRecord } from '../run/journalRecords';
import { meteredModel } from '../run/meteredModel';
import { ReplanInFlight } from './replanInFlight';
import type { Replanner, Solver, StepRepairer } from '../run/modelRoles';
import { reopenCancelled, retryStep, skipStep, type InterventionResult } from './runInterventions';
import { reviseByHand } from './runRevisions';
import { recoverInterruptedSteps } from './runRecovery';
import type { RunMode } from '../run/runMode';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../run/runOptions';
import { loadRunState, RunRecorder } from './runRecorder';
import { statusById, type RunState } from '../run/runState';
import { runReport, type RunReport } from '../run/runSummary';
import { writeSummary } from './summaryWriter';
import { firstBrokenStep, quietOutcome, stepsToStart, stuckReason } from './scheduler';
import { frontierSource, ReadyFrontier } from './readyFrontier';
import { callsModel, parallelLimits } from './parallelLimits';
import { streamedPlanStop } from './streamedPlanStop';
import { approvalIoOf, cancelRemaining, invalidateDependents, recoveryIoOf, type RunIo } from './runIo';
import { resolveStepCall, runStepLife, writesOfStep } from './stepLifecycle';
import { waitingReason } from './waitingReason';
import { TOOL_CATALOGUE, type ToolCatalogue } from '../tools/toolCall';
import { checkGoal, reviewAcceptance } from './acceptanceRecovery';

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
  /** Repairs a step whose failure looks local with one small call before the re-planner is asked. */
  readonly repairer?: StepRepairer;
  readonly solver?: Solver;
  /** Plans and runs the run's `subplan` steps; without it such a step fails. */
  readonly subplans?: SubplanHost;
  /** The files the running steps of every run of the workspace write; without it, this run claims nothing. */
  readonly claims?: WriteClaims;
  /** The tools the run's steps call; the built-in and registered ones unless said. */
  readonly tools?: ToolCatalogue;
  /** The run's cost cap: once it refuses a model call, the run pauses (costCap.ts). */
  readonly costCap?: SpendLimit;
  /** Called after every change, with the ids of the steps it touched (none for run-level changes). */
  readonly onChange?: (state: RunState, stepIds: readonly string[]) => void;
}

/** What a new run records besides its plan. */
export interface RunStart {
  readonly runId: string;
  readonly options?: RunOptions;
  /** What the host needs to pick the run up again (e.g. its workspace folder), journalled as is. */
  readonly host?: Readonly<Record<string, unknown>>;
  /** The mode of the goal the plan was written for; absent for a plan given as it is. */
  readonly mode?: RunMode;
  /** The model calls that produced the plan, journalled against the `plan` phase. */
  readonly planUsage?: readonly UsageRecord[];
}

/** A plan still being written (streamedPlanRun.ts), as the scheduler sees it. */
export interface PlanIntake {
  /** Resolves at the next change the intake journals: a step arrived or was rejected, or the plan closed. */
  changed(): Promise<void>;
  /** How much of the planner's reply has arrived. */
  offset(): StreamOffset;
}

/** A run of one plan, live or resumed from its journal. */
export class PlanRun {
  private readonly io: RunIo;
  /** Set by `pause()`; `execute` clears it. */
  private pausing = false;
  private stopApprovals: AbortController | undefined;
  /** The plan's intake while `execute` runs with one. */
  private intake: PlanIntake | undefined;
  private readonly recovery: ReplanInFlight;

  private constructor(
    private readonly deps: RunDeps,
    private readonly options: RunOptions,
    private readonly recorder: RunRecorder,
  ) {
    const workerModel = deps.workerModel && meteredModel(deps.workerModel, (usage) => recorder.recordUsage('execute', usage));
    this.io = { deps, recorder, options, workerModel, tools: deps.tools ?? TOOL_CATALOGUE };
    this.recovery = new ReplanInFlight({ recorder, workspace: deps.workspace, replanner: deps.replanner, repairer: deps.repairer, maxReplans: options.maxReplans });
  }

  /** Starts a new run of `plan`: the first journal record, then the usage of planning if any. */
  static async start(plan: ValidPlan, start: RunStart, deps: RunDeps): Promise<PlanRun> {
    const options = start.options ?? DEFAULT_RUN_OPTIONS;
    const recorder = await RunRecorder.begin(
      { type: 'runStarted', runId: start.runId, at: deps.clock.now(), plan, options, ...(start.host ? { host: { ...start.host } } : {}), ...(start.mode ? { mode: start.mode } : {}) },
      deps,
    );
    for (const usage of start.planUsage ?? []) await recorder.recordUsage('plan', usage);
    await recorder.durable();
    return new PlanRun(deps, options, recorder);
  }

  /** A run over a recorder its caller began and keeps adding steps through (a streamed plan). */
  static over(recorder: RunRecorder, deps: RunDeps): PlanRun {
    return new PlanRun(deps, recorder.current.options, recorder);
  }

  /**
   * Rebuilds a run from its journal (or from `loaded`, a state the host already read from it) with the
   * options it was started with, except those in `overrides`. A torn last line is skipped with a warning;
   * a run the fused agent wrote is refused (`AgentRunNotResumableError`): it is not a plan run.
   */
  static async resume(deps: RunDeps, overrides: Partial<RunOptions> = {}, loaded?: RunState): Promise<PlanRun> {
    const state = loaded ?? (await loadRunState(deps.journal, (warning) => deps.logger.warn(warning)));
    assertResumable(state);
    return new PlanRun(deps, { ...state.options, ...overrides }, RunRecorder.continue(state, deps));
  }

  /** The run as it stands. */
  get current(): RunState {
    return this.recorder.current;
  }

  /**
   * Runs until the plan succeeds, fails, waits for approval or a re-plan, or `signal` aborts. With an
   * `intake`, the plan is still arriving: the run waits for it to close rather than concluding early.
   */
  async execute(signal: AbortSignal, intake?: PlanIntake): Promise<RunReport> {
    if (isRunFinished(this.current.status)) return runReport(this.current);
    this.intake = intake;
    await recoverInterruptedSteps(this.current, recoveryIoOf(this.io, signal));
    for (const [id, run] of this.current.steps) {
      if (run.status === 'awaitingApproval') await this.recorder.step(id, 'reset', { reason: 'asking again after the run resumed' });
    }
    this.pausing = false;
    this.recovery.reset();
    await this.recorder.setStatus('running');
    await reviewAcceptance(this.io, signal);
    let goOn = true;
    while (goOn) {
      goOn = false;
      await this.runUntilQuiet(signal);
      const capped = this.deps.costCap?.reached;
      if (signal.aborted) await cancelRemaining(this.recorder, signal);
      else if (this.pausing || capped) {
        this.pausing = false;
        await (capped ? pauseAtCap(this.recorder, capped) : this.recorder.setStatus('paused', 'paused by the user'));
      } else goOn = await pauseAtCostCap(this.recorder, this.concludeQuietRun(signal));
    }
    await this.recorder.durable();
    return runReport(this.current);
  }

  /**
   * Schedules approvals and steps until nothing is in flight and no plan is arriving. A broken step is
   * recovered (repaired or re-planned) once the plan is closed, while the steps that do not depend on it
   * go on; scheduling stops if the recovery gives up.
   */
  private async runUntilQuiet(signal: AbortSignal): Promise<void> {
    const inFlight = new Map<string, Promise<void>>();
    /** Steps chosen to start whose start is not journalled yet: the scheduler counts them as running. */
    const starting = new Map<string, Step>();
    const frontier = new ReadyFrontier(frontierSource(this.current), callsModel);
    const unwatch = this.recorder.watch((state, previous, stepIds) => frontier.follow(frontierSource(state), stepIds.length === 0 && state.steps !== previous.steps ? 'all' : stepIds));
    const approvalsAbort = new AbortController();
    this.stopApprovals = approvalsAbort;
    const stopApprovals = () => approvalsAbort.abort();
    signal.addEventListener('abort', stopApprovals);
    try {
      for (;;) {
        // Taken before looking, so a step that arrives while this pass schedules still wakes the loop.
        const writer = this.writer();
        const arriving = writer?.changed();
        const patched = this.recovery.changed();
        const halted = streamedPlanStop(this.current, writer !== undefined) !== undefined;
        if (!this.recovery.stopped && !halted && !signal.aborted && !this.pausing && !this.deps.costCap?.reached) {
          for (const step of frontier.asking()) {
            if (inFlight.has(`approval:${step.id}`)) continue;
            const question = await requestApproval(step, approvalIoOf(this.io), approvalsAbort.signal);
            if (question) inFlight.set(`approval:${step.id}`, question.answered.finally(() => inFlight.delete(`approval:${step.id}`)));
          }
          for (const step of stepsToStart(frontier, [...starting.values()], parallelLimits(this.options), (s) => writesOfStep(s, this.current, this.io.tools))) {
            // Ready steps start side by side: none waits for another's snapshot or journal commit.
            starting.set(step.id, step);
            const done = this.startStep(step, signal, () => starting.delete(step.id));
            inFlight.set(`step:${step.id}`, done.finally(() => inFlight.delete(`step:${step.id}`)));
          }
          // A plan still being written is not patched under the planner's hands: recovery waits for it to close.
          const recovering = this.current.planOpen ? undefined : this.recovery.poll(signal, frontier.firstBroken());
          if (recovering) inFlight.set('recovery', recovering.finally(() => inFlight.delete('recovery')));
        }
        if (inFlight.size === 0 && !arriving) return;
        // A recovery streaming its patch wakes the loop at each line it applies, long before it settles.
        await Promise.race([...inFlight.values(), ...(arriving ? [arriving] : []), ...(inFlight.has('recovery') ? [patched] : [])]);
      }
    } finally {
      unwatch();
      signal.removeEventListener('abort', stopApprovals);
    }
  }

  /** Runs `step` through its life (stepLifecycle.ts); `started` is called once its start is journalled or refused. */
  private async startStep(step: Step, signal: AbortSignal, started: () => void): Promise<void> {
    const afterStart = async () => {
      const writer = this.writer();
      if (writer) await this.recorder.trace({ type: 'earlyStart', stepId: step.id, streamOffset: writer.offset() });
    };
    await runStepLife(step, resolveStepCall(step, this.current, this.io.tools), this.io, signal, { reason: 'scheduled', started, afterStart });
  }

  /** Who is still writing the open plan: a re-plan streaming its patch, or the planner's stream; none once it closed. */
  private writer(): PlanIntake | undefined {
    if (!this.current.planOpen) return undefined;
    return this.current.revisionOpen ? this.recovery.writing : this.intake;
  }

  /**
   * Records how a quiet run stands: succeeded (after the goal's acceptance checks held and the summary),
   * waiting, or stopped with the reason; true when a re-plan for an unmet goal means the run goes on.
   */
  private async concludeQuietRun(signal: AbortSignal): Promise<boolean> {
    const unfinished = streamedPlanStop(this.current, false);
    if (unfinished) {
      await this.recorder.setStatus('needsReplan', unfinished);
      return false;
    }
    const statuses = statusById(this.current);
    const outcome = quietOutcome(this.current.plan, statuses);
    if (outcome === 'succeeded') {
      const goal = await checkGoal(this.io, this.deps.replanner, signal);
      if (goal.kind === 'replanned') return true;
      if (goal.kind === 'cancelled') await cancelRemaining(this.recorder, signal);
      else if (goal.kind === 'stopped') await this.recorder.setStatus(goal.stop.status, goal.stop.reason);
      if (goal.kind !== 'met') return false;
      await writeSummary({ recorder: this.recorder, options: this.options, solver: this.deps.solver, logger: this.deps.logger, clock: this.deps.clock }, signal);
      // Cancelled while the solver wrote: the run stops there, and a resume asks it again.
      if (signal.aborted) await cancelRemaining(this.recorder, signal);
      else await this.recorder.setStatus('succeeded');
      return false;
    }
    if (outcome === 'awaitingApproval') {
      await this.recorder.setStatus('awaitingApproval', waitingReason(this.current, statuses));
      return false;
    }
    const broken = firstBrokenStep(this.current.plan, statuses);
    const stop = broken ? this.recovery.stopFor(broken.id) : { status: 'needsReplan' as const, reason: stuckReason(this.current.plan, statuses) };
    await this.recorder.setStatus(stop.status, stop.reason);
    return false;
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

  /** Opens a cancelled run again so `execute` carries on; steps that may have had an effect stay cancelled. */
  async reopen(signal: AbortSignal = new AbortController().signal): Promise<void> {
    await reopenCancelled(this.recorder, recoveryIoOf(this.io, signal));
    await this.recorder.durable();
  }

  /** Skips a step that has not succeeded, invalidating what depends on it. Call it while not executing. */
  async skip(stepId: string): Promise<InterventionResult> {
    const result = await skipStep(this.recorder, stepId, (id, what) => invalidateDependents(this.recorder, id, what));
    await this.recorder.durable();
    return result;
  }
}
