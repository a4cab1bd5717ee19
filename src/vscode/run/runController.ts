// One run of this window (RunSet holds several, one shown in the Plan view): opens a new run or resumes the journalled one
// through core's openRun as every door does (a fused agent's with the agent), executes it (the view shows it working)
// and routes every change (journalled first) to the tree, the status bar and the log; `restore()` replays a
// journal without executing. Where it stands is one phase (core's `nextPhase`), what it shows one value (EditorRunState).
import * as vscode from 'vscode';
import type { PlanRun } from '../../core/executor/planRun';
import type { DoorReport, RunOutcome } from '../../core/door/doorReport';
import { openRun, openedPlanRun, type OpenedRun } from '../../core/door/openRun';
import type { InterventionResult } from '../../core/executor/runInterventions';
import { isExecuting, isResumable } from '../../core/executor/runPhase';
import type { RunOptions } from '../../core/run/runOptions';
import type { RunState } from '../../core/run/runState';
import type { UsageRecord } from '../../core/run/journalRecords';
import type { RunMode } from '../../core/run/runMode';
import { PLAN_FORMAT_VERSION, type ValidPlan } from '../../core/plan/planSchema';
import type { PlanValidation } from '../../core/plan/validatePlan';
import { messageOf } from '../../core/text/errorText';
import type { UndoResult } from '../../core/tools/fileSnapshots';
import type { RunUndoResult } from '../../core/undo/undoRun';
import { goalModels, hostRunDeps, newRunOptions, optionalModels, resumeHostRun, type HostRunDeps } from './hostRunDeps';
import { logGoalEnd } from './goalRunLog';
import { Disposable } from '../disposableStore';
import { logRunChange } from './logRunChange';
import { restoreLatestRun, type HostRecord } from './replayLatestRun';
import { RunExecution } from './runExecution';
import { refuseUntrusted, runFolder } from './runFolder';
import { newRunPlace, runWorkFolder } from './worktreeFolder';
import type { RunHost, RunModels } from './runHost';
import { undoStep, undoWholeRun } from './runUndo';
import { closeRunFiles, type RunFiles } from './runStorage';
import { EditorRunState, editorRunReport, NO_RUN, type EditorRun } from './editorRunState';
import { EditorRunLease } from './editorRunLease';
import { EditorClaimWaits } from './editorClaimWaits';
import { agentWorkingError, RunUnavailableError } from './runUnavailableError';

/** The run of the open plan in this window, live or replayed; see the file header. */
export class RunController extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<readonly string[] | undefined>());
  private readonly view = new EditorRunState((key, value) => this.shown() && void vscode.commands.executeCommand('setContext', key, value), (stepIds) => this.changed.fire(stepIds));
  private workspaceFolder: vscode.WorkspaceFolder | undefined;
  private readonly execution = new RunExecution();
  private readonly lease = new EditorRunLease();
  private readonly claimWaits: EditorClaimWaits;
  private lastStatus = new Map<string, string>();
  /** The model calls that wrote the open plan (the chat's /plan), journalled with its first run; `forget()` drops them. */
  private planUsage: readonly UsageRecord[] = [];

  /** Fires after every change of the run, with the step ids it touched (`undefined`: the whole run). */
  readonly onDidChange: vscode.Event<readonly string[] | undefined> = this.changed.event;

  /** `shown`: whether the window shows this run now (one of several, see RunSet); only then does it set the title bar's context key. */
  constructor(private readonly host: RunHost, private readonly shown: () => boolean = () => true) {
    super();
    this.claimWaits = new EditorClaimWaits(host.log, (stepIds) => this.changed.fire(stepIds));
    // Open approvals are withdrawn (the run records them as still waiting); the journal lets the next
    // window resume. The run is not cancelled: a reload must not turn a paused plan into a cancelled one.
    this._register({ dispose: () => void Promise.all([this.host.approvals.cancelRun(this.runFiles?.runId), closeRunFiles(this.view.current.files), this.lease.release()]) });
  }

  /** The run as it stands (live, or replayed from its journal), if the open plan has one. */
  get state(): RunState | undefined {
    return this.view.current.state;
  }

  /** The child runs of the run's sub-plans, by run id. */
  get children(): ReadonlyMap<string, RunState> {
    return this.view.current.children;
  }

  /** True while the run executes in this window. */
  get executing(): boolean {
    return isExecuting(this.execution.phase);
  }

  /** The journal and trace of the run, if any. */
  get runFiles(): RunFiles | undefined {
    return this.view.current.files;
  }

  /** The report of this window's last execution of the run, in the shape every door gives (core's doorReport). */
  get report(): DoorReport | undefined {
    return editorRunReport(this.view.current);
  }

  /** While another process (a CLI, an MCP server, another window) holds the shown run: who, in words. */
  get heldElsewhere(): string | undefined {
    return this.lease.heldElsewhere;
  }

  /** The run's steps that wait for another run's step to finish with a file they write, by step id. */
  get waitsOnOtherRuns(): EditorClaimWaits['current'] {
    return this.claimWaits.current;
  }

  /** A run that stopped before its end and can be carried on. */
  get resumable(): boolean {
    return this.view.current.state !== undefined && isResumable(this.execution.phase);
  }

  /** Remembers the usage of planning the open plan, journalled when it first runs. */
  notePlanUsage(usage: readonly UsageRecord[]): void {
    this.planUsage = usage;
  }

  /** Forgets the run (a new plan was opened): the next Run Plan starts a new one. */
  async forget(): Promise<void> {
    this.execution.advance({ type: 'forget' });
    await closeRunFiles(this.view.current.files);
    await this.lease.release();
    this.planUsage = [];
    this.lastStatus.clear();
    this.apply(NO_RUN);
  }

  /** Runs the open plan: resumes the run that stopped (a fused agent's with the agent), or starts a new one. Resolves with how it ended when it stops. */
  async runOrResume(plan: ValidPlan, source: { readonly source: string; readonly uri?: vscode.Uri }): Promise<RunOutcome | undefined> {
    const joined = this.execution.joined;
    if (joined) return joined;
    refuseUntrusted();
    const folder = this.folder();
    const { run, state, files } = this.view.current;
    // A run paused at its cost cap is reopened from its journal, so it goes on under the cap the settings now give.
    if (run && this.resumable && !run.current.costCapPause) return this.execute(openedPlanRun(run));
    if (state && this.resumable && files) return this.execute(await this.resumed(folder, files, state));
    // A new run: the one before it (ended, or never run) is left behind.
    const planUsage = this.planUsage;
    const newFiles = await this.newRun();
    const place = await newRunPlace(this.host.settings().isolation, folder, newFiles.runId);
    const host: HostRecord = { source: source.source, ...(source.uri ? { planUri: source.uri.toString() } : {}), ...place.host };
    const [models, options] = [await optionalModels(this.host), newRunOptions(this.host)];
    this.host.log.info(`Run ${newFiles.runId}: "${plan.goal}", ${plan.steps.length} steps; journal ${newFiles.journalPath}`);
    return this.execute(await openRun({ kind: 'plan', runId: newFiles.runId, plan, options, planUsage }, this.deps(place.folder, newFiles, models, options), { host: { ...host } }));
  }

  /** Carries out `goal` as a new run in `mode` (split: the plan streams in; fused/auto: each action of the agent a step), replacing the open plan. Resolves when it stops. */
  async runGoal(goal: string, mode: RunMode, source: string): Promise<RunOutcome> {
    if (this.executing) throw new RunUnavailableError(vscode.l10n.t('A run is in progress: pause or cancel it first.'));
    refuseUntrusted();
    const folder = this.folder();
    const models = await this.host.models();
    await this.forget();
    // The run's plan starts with no steps: the tree shows the goal, and each action as it is taken.
    await this.host.loadedPlan.set({ source, plan: { version: PLAN_FORMAT_VERSION, goal, steps: [] }, unsaved: true });
    const files = await this.newRun();
    const place = await newRunPlace(this.host.settings().isolation, folder, files.runId);
    const options = newRunOptions(this.host);
    const deps = this.deps(place.folder, files, models, options);
    this.host.log.info(`Run ${files.runId} (${mode}): "${goal}"; journal ${files.journalPath}`);
    // A streamed plan's run can be paused and revised like any planned run once it exists.
    const onRun = (run: PlanRun) => this.apply({ run, actingOnGoal: false });
    const request = { kind: 'goal', runId: files.runId, goal, mode, options, models: goalModels(deps, models), projectRules: this.host.settings().projectRules } as const;
    const opened = await openRun(request, deps, { host: { source, ...place.host }, ...(mode === 'split' ? { onRun } : {}) });
    return logGoalEnd(this.host.log, files.runId, await this.execute(opened));
  }

  /** Stops scheduling; the running steps finish and the run is paused. */
  pause(): boolean {
    const { run, actingOnGoal } = this.view.current;
    if (!run || !this.executing || actingOnGoal) return false;
    run.pause();
    return true;
  }

  /** Cancels the run: running steps are stopped, nothing else starts, open approvals are withdrawn. */
  cancel(): boolean {
    if (!this.execution.abortCurrent()) return false;
    this.host.approvals.cancelRun(this.runFiles?.runId);
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
    return undoStep(this.host.ports(await runWorkFolder(this.folder(), this.view.current.state)).workspace, this.view.current.state, stepId, this.host.log, (work) => this.whileStopped(work));
  }

  /** Makes a cancelled run resumable: its cancelled steps (and what they held up) go back to pending, the run to paused. */
  async reopenCancelled(): Promise<boolean> {
    const state = this.view.current.state;
    if (!state || state.status !== 'cancelled' || this.executing) return false;
    const cancelled = state.plan.steps.filter((step) => state.steps.get(step.id)?.status === 'cancelled').map((step) => step.id);
    await this.whileStopped(async (run) => { for (const id of cancelled) if (run.current.steps.get(id)?.status === 'cancelled') await run.retry(id); });
    return this.resumable;
  }

  /** Puts back every file the run changed (from `fromStepId` on), refusing files changed since the run left them. */
  async undoRun(fromStepId?: string): Promise<RunUndoResult> {
    const { state, files } = this.view.current;
    const undone = await undoWholeRun(this.host.ports(await runWorkFolder(this.folder(), state)).workspace, state, files?.journal, this.executing, this.host.log, fromStepId);
    // The undone run is taken up again from its journal by whatever acts on it next (whileStopped).
    if (undone.state) this.apply({ state: undone.state, run: undefined });
    return undone.result;
  }

  /** Shows the last run of this workspace (or the one journalled in `files`) as it was, from its journal, without executing anything. */
  async restore(files?: RunFiles): Promise<RunState | undefined> {
    if (this.executing) return this.view.current.state;
    const restored = await restoreLatestRun(this.host, this.lease, files);
    if (!restored) return undefined;
    await closeRunFiles(this.view.current.files);
    this.execution.advance({ type: 'changed', status: restored.state.status, recovering: false });
    this.lastStatus = new Map([...restored.state.steps].map(([id, run]) => [id, run.status]));
    this.apply({ ...NO_RUN, ...restored });
    return restored.state;
  }

  private async whileStopped<T>(work: (run: PlanRun) => Promise<T>): Promise<T> {
    if (this.view.current.actingOnGoal) throw agentWorkingError();
    const wasExecuting = this.execution.joined;
    if (wasExecuting) {
      this.view.current.run?.pause();
      await wasExecuting.catch(() => undefined);
    }
    const { state, files, run: open } = this.view.current;
    if (!open && state && files) {
      const opened = await this.resumed(this.folder(), files, state);
      if (!opened.run) throw agentWorkingError();
      this.apply({ run: opened.run });
    }
    const run = this.view.current.run;
    if (!run) throw new RunUnavailableError(vscode.l10n.t('The plan has not run yet.'));
    const result = await work(run);
    // Carried on only when the work left something to run (a run that ended meanwhile stays ended).
    if (wasExecuting && this.resumable) void this.execute(openedPlanRun(run)).catch((error) => this.host.log.error(`The run stopped: ${messageOf(error)}`));
    return result;
  }

  /** Leaves the run before behind and makes the files of a new one, whose lease this window takes. */
  private async newRun(): Promise<RunFiles> {
    await this.forget();
    const files = this.host.storage.create(new Date());
    await this.lease.hold(files.journalPath);
    this.apply({ ...NO_RUN, files });
    return files;
  }

  /** The journalled run opened to carry on (see resumeHostRun), once this window holds its lease. */
  private async resumed(folder: vscode.WorkspaceFolder, files: RunFiles, state: RunState): Promise<OpenedRun> {
    const workFolder = await runWorkFolder(folder, state);
    await this.lease.hold(files.journalPath);
    return resumeHostRun(this.host, state, (models, options, spent) => this.deps(workFolder, files, models, options, spent));
  }

  /** Executes `opened` as this window's execution: a planned run this window can pause and revise, or the agent's. */
  private execute(opened: OpenedRun): Promise<RunOutcome> {
    let outcome: RunOutcome | undefined;
    const finished = this.execution.track(async (signal) => (outcome = await opened.execute(signal)), {
      statusAtEnd: () => this.view.current.state?.status,
      settled: async (current) => this.apply(current ? { outcome, actingOnGoal: false } : {}),
    });
    this.apply({ run: opened.run, actingOnGoal: !opened.run, outcome: undefined });
    return finished;
  }

  private deps(folder: vscode.WorkspaceFolder, files: RunFiles, models: RunModels | undefined, options: RunOptions, spent: readonly UsageRecord[] = []): HostRunDeps {
    const claims = this.claimWaits.claimsOf(folder, files.runId);
    // A child run changed: the tree shows it under its `subplan` step.
    const onChild = (childRunId: string, state: RunState) => this.apply({ children: new Map([...this.view.current.children, [childRunId, state]]) });
    const deps = hostRunDeps(this.host, folder, files, models, options, (state, stepIds) => this.onRunChange(state, stepIds), onChild, spent);
    return claims ? { ...deps, claims } : deps;
  }

  private onRunChange(state: RunState, stepIds: readonly string[]): void {
    const before = this.view.current.state;
    const revised = before !== undefined && state.revision !== before.revision;
    this.execution.advance({ type: 'changed', status: state.status, recovering: state.recovering !== undefined });
    logRunChange(this.host.log, this.lastStatus, state, stepIds, revised);
    this.apply({ state }, revised || stepIds.length === 0 ? undefined : stepIds);
  }

  /** Sets what changed of the run, with whether it executes now; see EditorRunState. */
  private apply(next: Partial<EditorRun>, touched?: readonly string[]): void {
    this.view.apply({ ...next, executing: this.executing }, touched);
  }

  private folder(): vscode.WorkspaceFolder {
    return (this.workspaceFolder = runFolder(this.workspaceFolder));
  }
}

