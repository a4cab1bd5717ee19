// The run of the open plan in this window: builds the run's ports from the host adapters, starts a new run
// or resumes the journalled one, executes it under a cancellable progress notification, and routes every
// change (journalled first by the executor) to the tree, the status bar and the log. Pause, cancel, edits,
// retries and skips go through the executor; an edit during a run pauses it, revises, and carries on.
// After a window reload, `restore()` replays the last journal (and its sub-plans') without executing anything;
// the child runs of `subplan` steps are kept by run id for the tree to nest. A goal in fused
// or auto mode (`runGoal`) runs through the same machinery: each action the agent takes becomes a step as
// it happens, and an escalation puts the planned steps in as the run's next revision. Where the run stands
// (idle, running, re-planning, paused, waiting, ended) is one phase, moved only by core's `nextPhase`.
import * as vscode from 'vscode';
import { PlanRun } from '../../core/executor/planRun';
import type { InterventionResult } from '../../core/executor/runInterventions';
import { isExecuting, isResumable } from '../../core/executor/runPhase';
import type { RunOptions } from '../../core/run/runOptions';
import type { RunState } from '../../core/run/runState';
import type { RunReport } from '../../core/run/runSummary';
import type { UsageRecord } from '../../core/run/journalRecords';
import type { GoalResult } from '../../core/fused/runGoal';
import type { RunMode } from '../../core/run/runMode';
import { PLAN_FORMAT_VERSION, type ValidPlan } from '../../core/plan/planSchema';
import type { PlanValidation } from '../../core/plan/validatePlan';
import { messageOf } from '../../core/text/errorText';
import type { UndoResult } from '../../core/tools/fileSnapshots';
import type { RunUndoResult } from '../../core/undo/undoRun';
import { progressText } from '../../core/view/runProgress';
import { actOnGoal } from './actOnGoal';
import { hostRunDeps, newRunOptions, optionalModels, resumeHostRun, type HostRunDeps } from './hostRunDeps';
import { Disposable } from '../disposableStore';
import { CONTEXT_KEYS } from '../ids';
import { logRunChange } from './logRunChange';
import { replayChildren, replayedPlanFile, replayLatestRun, type HostRecord } from './replayLatestRun';
import { RunExecution } from './runExecution';
import { refuseUntrusted, runFolder } from './runFolder';
import type { RunHost, RunModels } from './runHost';
import { undoStep, undoWholeRun } from './runUndo';
import { closeRunFiles, type RunFiles } from './runStorage';
import { EditorRunLease } from './editorRunLease';
import { EditorClaimWaits } from './editorClaimWaits';
import type { ClaimHolder } from '../../core/ports';
import { RunUnavailableError } from './runUnavailableError';

/** The run of the open plan in this window, live or replayed; see the file header. */
export class RunController extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<readonly string[] | undefined>());
  private runState: RunState | undefined;
  private run: PlanRun | undefined;
  private files: RunFiles | undefined;
  private workspaceFolder: vscode.WorkspaceFolder | undefined;
  private readonly execution = new RunExecution();
  private readonly lease = new EditorRunLease();
  private readonly claimWaits: EditorClaimWaits;
  /** True while the execution is a goal's (the fused loop, then any planned run it escalated to). */
  private actingOnGoal = false;
  private lastStatus = new Map<string, string>();
  /** The child runs of the run's sub-plans (and theirs), by run id, as they last changed. */
  private childStates = new Map<string, RunState>();
  /** The model calls that wrote the open plan (the chat's /plan), journalled with its first run; `forget()` drops them. */
  private planUsage: readonly UsageRecord[] = [];

  /** Fires after every change of the run, with the step ids it touched (`undefined`: the whole run). */
  readonly onDidChange: vscode.Event<readonly string[] | undefined> = this.changed.event;

  constructor(private readonly host: RunHost) {
    super();
    this.claimWaits = new EditorClaimWaits(host.log, (stepIds) => this.changed.fire(stepIds));
    // Open approvals are withdrawn (the run records them as still waiting); the journal lets the next
    // window resume. The run is not cancelled: a reload must not turn a paused plan into a cancelled one.
    this._register({
      dispose: () => {
        this.host.approvals.cancelAll();
        void closeRunFiles(this.files);
        void this.lease.release();
      },
    });
  }

  /** The run as it stands (live, or replayed from its journal), if the open plan has one. */
  get state(): RunState | undefined {
    return this.runState;
  }

  /** The child runs of the run's sub-plans, by run id. */
  get children(): ReadonlyMap<string, RunState> {
    return this.childStates;
  }

  /** True while the run executes in this window. */
  get executing(): boolean {
    return isExecuting(this.execution.phase);
  }

  /** The journal and trace of the run, if any. */
  get runFiles(): RunFiles | undefined {
    return this.files;
  }

  /** While another process (a CLI, an MCP server, another window) holds the shown run: who, in words. */
  get heldElsewhere(): string | undefined {
    return this.lease.heldElsewhere;
  }

  /** The run's steps that wait for another run's step to finish with a file they write, by step id. */
  get waitsOnOtherRuns(): ReadonlyMap<string, ClaimHolder> {
    return this.claimWaits.current;
  }

  /** A run that stopped before its end and can be carried on. */
  get resumable(): boolean {
    return this.runState !== undefined && isResumable(this.execution.phase);
  }

  /** Remembers the usage of planning the open plan, journalled when it first runs. */
  notePlanUsage(usage: readonly UsageRecord[]): void {
    this.planUsage = usage;
  }

  /** Forgets the run (a new plan was opened): the next Run Plan starts a new one. */
  async forget(): Promise<void> {
    this.execution.advance({ type: 'forget' });
    await closeRunFiles(this.files);
    await this.lease.release();
    this.runState = undefined;
    this.run = undefined;
    this.files = undefined;
    this.planUsage = [];
    this.lastStatus.clear();
    this.childStates = new Map();
    await this.updateContext();
    this.changed.fire(undefined);
  }

  /** Runs the open plan: resumes the run that stopped, or starts a new one. Resolves when it stops. */
  async runOrResume(plan: ValidPlan, source: { readonly source: string; readonly uri?: vscode.Uri }): Promise<RunReport | undefined> {
    const joined = this.execution.joined;
    if (joined) return joined;
    refuseUntrusted();
    const folder = this.folder();
    // A run paused at its cost cap is rebuilt from its journal, so it goes on under the cap the settings now give.
    if (this.run && this.resumable && !this.run.current.costCapPause) return this.execute(this.run);
    if (this.runState && this.resumable && this.files) {
      this.run = await this.resumed(folder, this.files, this.runState);
      return this.execute(this.run);
    }
    // A new run: the one before it (ended, or never run) is left behind.
    this.execution.advance({ type: 'forget' });
    await closeRunFiles(this.files);
    this.lastStatus.clear();
    this.childStates = new Map();
    const files = await this.newRunFiles();
    const host: HostRecord = { source: source.source, ...(source.uri ? { planUri: source.uri.toString() } : {}) };
    const planUsage = this.planUsage;
    this.planUsage = [];
    const models = await optionalModels(this.host);
    this.host.log.info(`Run ${files.runId}: "${plan.goal}", ${plan.steps.length} steps; journal ${files.journalPath}`);
    const options = newRunOptions(this.host);
    this.run = await PlanRun.start(plan, { runId: files.runId, options, host: { ...host }, planUsage }, this.deps(folder, files, models, options));
    return this.execute(this.run);
  }

  /**
   * Carries out `goal` as a new run in `mode`: in `split` the planner's plan streams into the run, each
   * step in the tree as its line completes; in `fused` the agent acts turn by turn, each action a step of
   * the run as it happens; in `auto` an escalation adds the planned steps as the run's next revision.
   * Approvals go through the same gate. Replaces the open plan. Resolves when it stops.
   */
  async runGoal(goal: string, mode: RunMode, source: string): Promise<GoalResult> {
    if (this.executing) throw new RunUnavailableError(vscode.l10n.t('A run is in progress: pause or cancel it first.'));
    refuseUntrusted();
    const folder = this.folder();
    const models = await this.host.models();
    await this.forget();
    // The run's plan starts with no steps: the tree shows the goal, and each action as it is taken.
    await this.host.loadedPlan.set({ source, plan: { version: PLAN_FORMAT_VERSION, goal, steps: [] }, unsaved: true });
    const files = await this.newRunFiles();
    const options = newRunOptions(this.host);
    // The run's deps come last: under a cost cap they carry the planner and agent through the cap.
    const deps = { plannerModel: models.planner, agentModel: models.worker, ...this.deps(folder, files, models, options) };
    this.host.log.info(`Run ${files.runId} (${mode}): "${goal}"; journal ${files.journalPath}`);
    this.actingOnGoal = true;
    // A streamed plan's run can be paused and revised like any planned run once it exists.
    const onRun = (run: PlanRun) => {
      this.run = run;
      this.actingOnGoal = false;
    };
    return this.track(
      mode === 'split' ? vscode.l10n.t('planning the task; steps start as they arrive…') : vscode.l10n.t('{0}: the agent is working on the goal…', mode),
      (signal) => actOnGoal({ runId: files.runId, goal, mode, options, source, projectRules: this.host.settings().projectRules, ...(mode === 'split' ? { onRun } : {}) }, deps, this.host.log, signal),
      (result) => result.report,
    );
  }

  /** Stops scheduling; the running steps finish and the run is paused. */
  pause(): boolean {
    if (!this.run || !this.executing || this.actingOnGoal) return false;
    this.run.pause();
    return true;
  }

  /** Cancels the run: running steps are stopped, nothing else starts, open approvals are withdrawn. */
  cancel(): boolean {
    if (!this.execution.abortCurrent()) return false;
    this.host.approvals.cancelAll();
    return true;
  }

  /** Puts an edited plan in place as the run's next revision (pausing and carrying on when it executes). */
  revise(plan: ValidPlan, reason: string): Promise<PlanValidation> {
    return this.whileStopped((run) => run.revise(plan, reason));
  }

  /** Tries a broken step again. */
  retry(stepId: string): Promise<InterventionResult> {
    return this.whileStopped((run) => run.retry(stepId));
  }

  /** Skips a step the user does not want. */
  skip(stepId: string): Promise<InterventionResult> {
    return this.whileStopped((run) => run.skip(stepId));
  }

  /** Puts back the files a step changed, as they were before it ran. */
  async undo(stepId: string): Promise<UndoResult> {
    const { workspace } = this.host.ports(this.folder());
    return undoStep(workspace, this.runState, stepId, this.host.log, (work) => this.whileStopped(work));
  }

  /** Makes a cancelled run resumable: its cancelled steps (and what they held up) go back to pending, the run to paused. */
  async reopenCancelled(): Promise<boolean> {
    const state = this.runState;
    if (!state || state.status !== 'cancelled' || this.executing) return false;
    const cancelled = state.plan.steps.filter((step) => state.steps.get(step.id)?.status === 'cancelled').map((step) => step.id);
    await this.whileStopped(async (run) => {
      for (const id of cancelled) if (run.current.steps.get(id)?.status === 'cancelled') await run.retry(id);
    });
    return this.resumable;
  }

  /** Puts back every file the run changed (from `fromStepId` on), refusing files changed since the run left them. */
  async undoRun(fromStepId?: string): Promise<RunUndoResult> {
    if (this.executing) throw new RunUnavailableError(vscode.l10n.t('The run is in progress: cancel it, or let it finish, before undoing it.'));
    if (!this.runState) throw new RunUnavailableError(vscode.l10n.t('No run yet, so there is nothing to undo.'));
    const { workspace } = this.host.ports(this.folder());
    return undoWholeRun(workspace, this.runState, this.host.log, fromStepId);
  }

  /** Shows the last run of this workspace as it was, from its journal, without executing anything. */
  async restore(): Promise<RunState | undefined> {
    if (this.executing) return this.runState;
    await this.host.prepareTools?.();
    const replayed = await replayLatestRun(this.host.storage, this.host.log);
    if (!replayed) return undefined;
    const { runId, files, state } = replayed;
    await closeRunFiles(this.files);
    this.files = files;
    this.run = undefined;
    this.runState = state;
    // Shown either way; a run another process holds says so (heldElsewhere) and is not resumed here.
    if (!(await this.lease.take(files.journalPath))) this.host.log.info(`Run ${runId}: ${this.lease.heldElsewhere}`);
    this.childStates = await replayChildren(this.host.storage, runId, this.host.log);
    this.execution.advance({ type: 'changed', status: state.status, recovering: false });
    this.lastStatus = new Map([...state.steps].map(([id, run]) => [id, run.status]));
    await this.host.loadedPlan.set(replayedPlanFile(runId, state));
    this.host.log.info(`Restored run ${runId} from ${files.journalPath}: ${state.status}${state.statusReason ? ` (${state.statusReason})` : ''}`);
    await this.updateContext();
    this.changed.fire(undefined);
    return state;
  }

  private async whileStopped<T>(work: (run: PlanRun) => Promise<T>): Promise<T> {
    // The agent's loop cannot stop and carry on the way a planned run does; it can only be cancelled.
    if (this.actingOnGoal) throw new RunUnavailableError(vscode.l10n.t('The agent is still working on the goal: wait for it to stop, or cancel the run first.'));
    const wasExecuting = this.execution.joined;
    if (wasExecuting) {
      this.run?.pause();
      await wasExecuting.catch(() => undefined);
    }
    if (!this.run && this.runState && this.files) this.run = await this.resumed(this.folder(), this.files, this.runState);
    if (!this.run) throw new RunUnavailableError(vscode.l10n.t('The plan has not run yet.'));
    const run = this.run;
    const result = await work(run);
    // Carried on only when the work left something to run (a run that ended meanwhile stays ended).
    if (wasExecuting && this.resumable) void this.execute(run).catch((error) => this.host.log.error(`The run stopped: ${messageOf(error)}`));
    return result;
  }

  /** The files of a new run, whose lease this window takes. */
  private async newRunFiles(): Promise<RunFiles> {
    this.files = this.host.storage.create(new Date());
    await this.lease.hold(this.files.journalPath);
    return this.files;
  }

  /** The journalled run rebuilt to carry on (see resumeHostRun), once this window holds its lease. */
  private async resumed(folder: vscode.WorkspaceFolder, files: RunFiles, state: RunState): Promise<PlanRun> {
    await this.lease.hold(files.journalPath);
    return resumeHostRun(this.host, state, (models, options, spent) => this.deps(folder, files, models, options, spent));
  }

  private execute(run: PlanRun): Promise<RunReport> {
    this.actingOnGoal = false;
    return this.track(progressText(vscode.l10n, run.current), (signal) => run.execute(signal), (report) => report);
  }

  /** Runs `work` under a cancellable progress notification as this window's execution. */
  private track<T>(message: string, work: (signal: AbortSignal) => Promise<T>, reportOf: (result: T) => RunReport | undefined): Promise<T> {
    const finished = this.execution.track(message, work, reportOf, {
      cancel: () => this.cancel(),
      statusAtEnd: () => this.runState?.status,
      settled: async (current) => {
        if (current) this.actingOnGoal = false;
        await this.updateContext();
        this.changed.fire(undefined);
      },
    });
    void this.updateContext();
    this.changed.fire(undefined);
    return finished;
  }

  private deps(folder: vscode.WorkspaceFolder, files: RunFiles, models: RunModels | undefined, options: RunOptions, spent: readonly UsageRecord[] = []): HostRunDeps {
    const claims = this.claimWaits.claimsOf(folder, files.runId);
    const deps = hostRunDeps(
      this.host,
      folder,
      files,
      models,
      options,
      (state, stepIds) => this.onRunChange(state, stepIds),
      (childRunId, state) => this.onChildChange(childRunId, state),
      spent,
    );
    return claims ? { ...deps, claims } : deps;
  }

  /** A child run changed: the tree shows it under its `subplan` step. */
  private onChildChange(childRunId: string, state: RunState): void {
    this.childStates.set(childRunId, state);
    this.changed.fire(undefined);
  }

  private onRunChange(state: RunState, stepIds: readonly string[]): void {
    const revised = this.runState !== undefined && state.revision !== this.runState.revision;
    this.runState = state;
    this.execution.advance({ type: 'changed', status: state.status, recovering: state.recovering !== undefined });
    logRunChange(this.host.log, this.lastStatus, state, stepIds, revised);
    this.execution.report(progressText(vscode.l10n, state));
    this.changed.fire(revised || stepIds.length === 0 ? undefined : stepIds);
  }

  private folder(): vscode.WorkspaceFolder {
    this.workspaceFolder = runFolder(this.workspaceFolder);
    return this.workspaceFolder;
  }

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.runExecuting, this.executing);
  }
}