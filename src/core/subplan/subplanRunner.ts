// Runs `subplan` steps: plans the child from its sub-goal and only the scoped files, puts the plan through
// the gate with the child's rules (scope, depth, step budget), and runs it as a PlanRun of its own, under
// the same executor rules as its parent, with its own journal. A failure inside the child is re-planned
// there, within its budget; only a child that cannot meet its goal fails the parent's step. A child's
// approval questions carry the path of its step (`E3/E1`), so they never answer for the parent's `E1`.
// Running the step again resumes its child where it stopped (a kill, a cancel), reuses a child that
// succeeded, and starts a fresh attempt (`…~2`) after one that failed or spent its budget, whose journal stays.
import type { UsageRecord } from '../run/journalRecords';
import { PlanRun, type RunDeps } from '../executor/planRun';
import type { Replanner } from '../run/modelRoles';
import type { RunOptions } from '../run/runOptions';
import { loadRunState } from '../executor/runRecorder';
import { runReport } from '../run/runSummary';
import type { RunState } from '../run/runState';
import { ApprovalWaitError, ToolError } from '../errors';
import { formatProblem, type PlanProblem } from '../plan/planProblem';
import type { ValidPlan } from '../plan/planSchema';
import { childScopeProblems, depthProblems } from '../plan/subplanScope';
import type { ApprovalGate, RecordLog, Workspace } from '../ports';
import { messageOf } from '../text/errorText';
import { rethrowCostCap } from '../errors';
import type { ToolContext, ToolOutput } from '../tools/defineTool';
import { DEFAULT_SUBPLAN_DEPTH, type SubplanHost, type SubplanInput } from '../tools/subplan';
import { budgetSpent, escalationText, tokensOf } from './childRun';
import { childRunIdOf } from '../run/childRunIds';
import type { ChildRecord } from './nestedReport';
import { ScopedWorkspace } from './scopedWorkspace';

/** Writes a child plan for a sub-goal from the scoped workspace (the planner model, or the worker model by setting). */
export type ChildPlanner = (goal: string, workspace: Workspace, signal: AbortSignal) => Promise<{ readonly plan: ValidPlan; readonly usage: readonly UsageRecord[] }>;

/** A child run's journal and trace, opened by the host. */
export interface ChildLogs {
  readonly journal: RecordLog;
  readonly trace: RecordLog;
  close(): Promise<void>;
}

/** What sub-plans are run with: the parent's ports, a planner, a re-planner, and where child journals go. */
export interface SubplanRunnerDeps {
  /** The parent's ports; each child gets its own journal, trace and scoped workspace. */
  readonly base: Pick<RunDeps, 'workspace' | 'commands' | 'clock' | 'logger' | 'approvals' | 'workerModel' | 'repairer' | 'claims' | 'costCap'>;
  readonly planChild: ChildPlanner;
  /** The re-planner for a child, over its scoped workspace; without one a child's failure escalates at once. */
  readonly replannerIn?: (workspace: Workspace) => Replanner;
  openLogs(childRunId: string): Promise<ChildLogs>;
  /** The options a child runs with; its budget's re-plans replace `maxReplans`. */
  readonly options: RunOptions;
  /** How many levels of sub-plans below the top plan (2 unless said). */
  readonly maxDepth?: number;
  /** Every child's latest report, by run id, for nested reports. */
  readonly reports?: Map<string, ChildRecord>;
  /** Called after every change of a child run; `stepPath` prefixes its step ids into paths from the top plan (`E3/`). */
  onChildChange?(childRunId: string, state: RunState, stepIds: readonly string[], stepPath: string): void;
}

/** `gate` for a child's steps: each question names its step by its path, `E3/E1`. */
function approvalsUnder(gate: ApprovalGate, stepPath: string): ApprovalGate {
  return { request: (request, signal) => gate.request({ ...request, stepId: `${stepPath}${request.stepId}` }, signal) };
}

/** The child steps `state` waits on, by their path from the top plan: a step waiting on its own sub-plan names that one's. */
function waitingPaths(state: RunState, stepPath: string): string[] {
  return [...state.steps].filter(([, run]) => run.status === 'awaitingApproval').flatMap(([id, run]) => run.waitingOn ?? [`${stepPath}${id}`]);
}

/** Plans and runs the sub-plans of the runs at one level. */
export class SubplanRunner implements SubplanHost {
  constructor(
    private readonly deps: SubplanRunnerDeps,
    /** The level of the children this runner creates: 1 for the top plan's sub-plans. */
    readonly depth = 1,
    /** The `subplan` steps above this level's runs, as a prefix of their step ids: '' at the top, `E3/` below E3. */
    private readonly path = '',
  ) {}

  /** Plans (or resumes) and runs one child to its end. */
  async run(input: SubplanInput, context: ToolContext): Promise<ToolOutput> {
    const { childRunId, logs, state } = await this.openAttempt(input, context);
    const controller = new AbortController();
    const stop = () => controller.abort(context.signal.reason);
    context.signal.addEventListener('abort', stop);
    // An abort before the listener was added never fires it.
    if (context.signal.aborted) stop();
    let overBudget: string | undefined;
    try {
      const workspace = new ScopedWorkspace(this.deps.base.workspace, input.scope);
      const maxDepth = this.deps.maxDepth ?? DEFAULT_SUBPLAN_DEPTH;
      const replanner = this.deps.replannerIn?.(workspace);
      const stepPath = `${this.path}${context.stepId}/`;
      const childDeps: RunDeps = {
        ...this.deps.base,
        approvals: approvalsUnder(this.deps.base.approvals, stepPath),
        workspace,
        journal: logs.journal,
        trace: logs.trace,
        ...(replanner ? { replanner } : {}),
        ...(this.depth < maxDepth ? { subplans: new SubplanRunner(this.deps, this.depth + 1, stepPath) } : {}),
        onChange: (state, stepIds) => {
          overBudget ??= budgetSpent(input.budget, tokensOf(runReport(state)));
          if (overBudget && !controller.signal.aborted) controller.abort(`the sub-plan stopped: ${overBudget}`);
          this.deps.onChildChange?.(childRunId, state, stepIds, stepPath);
        },
      };
      // A resume's approval settings reach the child: `resume --approve all` answers its waiting steps too.
      const run = state ? await PlanRun.resume(childDeps, { approval: this.deps.options.approval }, state) : await this.start(input, childRunId, context, childDeps, controller.signal);
      // A child a cancel stopped carries on where it was, as its parent does.
      if (state?.status === 'cancelled') await run.reopen();
      const report = await run.execute(controller.signal);
      this.deps.reports?.delete(childRunId);
      this.deps.reports?.set(childRunId, { report, goal: input.goal, scope: input.scope, depth: this.depth, ...(input.budget ? { budget: input.budget } : {}) });
      if (report.status === 'succeeded') {
        return { text: report.summary, details: { subplan: { runId: childRunId, depth: this.depth, status: report.status, steps: report.steps.length, replans: report.replans, tokens: tokensOf(report), ...(input.budget ? { budget: input.budget } : {}) } } };
      }
      if (report.status === 'awaitingApproval') throw new ApprovalWaitError(waitingPaths(run.current, stepPath));
      // The child paused at the run's cost cap: so does its parent, and a resume carries the child on.
      rethrowCostCap(this.deps.base.costCap?.reached);
      if (context.signal.aborted) throw new ToolError('ambiguous', 'cancelled', `subplan: cancelled inside the sub-plan (${childRunId})`);
      throw new ToolError('definite', 'subplanFailed', escalationText(input.goal, report, input.budget));
    } finally {
      context.signal.removeEventListener('abort', stop);
      await logs.close();
    }
  }

  /**
   * The child attempt this run of the step works in: the first attempt's journal, or a later one's. An
   * attempt that failed, needs a re-plan it cannot have, or spent its token budget is left as it is (the record of what it did) and the
   * next one is started; one that is under way, stopped or succeeded is carried on with its state.
   */
  private async openAttempt(input: SubplanInput, context: ToolContext): Promise<{ childRunId: string; logs: ChildLogs; state?: RunState }> {
    for (let attempt = 1; ; attempt++) {
      const childRunId = childRunIdOf(context.runId, context.stepId, input, attempt);
      const logs = await this.deps.openLogs(childRunId);
      try {
        if ((await logs.journal.readAll()).length === 0) return { childRunId, logs };
        const state = await loadRunState(logs.journal, (warning) => this.deps.base.logger.warn(warning));
        // A child that needs a re-plan has none left (or no re-planner): like a failed one, it escalated.
        const spent = state.status === 'failed' || state.status === 'needsReplan' || budgetSpent(input.budget, tokensOf(runReport(state))) !== undefined;
        if (!spent) return { childRunId, logs, state };
      } catch (error) {
        await logs.close();
        throw error;
      }
      await logs.close();
    }
  }

  /** Plans the child and journals its start; a plan that breaks the child's rules fails the step. */
  private async start(input: SubplanInput, childRunId: string, context: ToolContext, deps: RunDeps, signal: AbortSignal): Promise<PlanRun> {
    const { runId: parentRunId, stepId: parentStepId, recordUsage } = context;
    let planned: Awaited<ReturnType<ChildPlanner>>;
    try {
      planned = await this.deps.planChild(input.goal, deps.workspace, signal);
    } catch (error) {
      rethrowCostCap(error);
      throw new ToolError(signal.aborted ? 'ambiguous' : 'definite', 'subplanPlanning', `subplan: planning "${input.goal}" failed: ${messageOf(error)}`);
    }
    const problems = this.childProblems(planned.plan, input);
    if (problems.length > 0) {
      // No child run journals a refused plan's calls: the parent's run counts them, as the endpoint did.
      for (const usage of planned.usage) await recordUsage?.(usage);
      throw new ToolError('definite', 'subplanInvalid', `subplan: the plan for "${input.goal}" breaks its rules: ${problems.slice(0, 5).map(formatProblem).join('; ')}`);
    }
    const options: RunOptions = { ...this.deps.options, maxReplans: input.budget?.replans ?? this.deps.options.maxReplans };
    const host = { parentRunId, parentStepId, depth: this.depth, scope: [...input.scope], ...(input.budget ? { budget: { ...input.budget } } : {}) };
    return PlanRun.start(planned.plan, { runId: childRunId, options, host, planUsage: planned.usage }, deps);
  }

  /** The child gate's rules on top of the plan gate: scope, depth and the step budget. */
  private childProblems(plan: ValidPlan, input: SubplanInput): PlanProblem[] {
    const steps = input.budget?.steps;
    const overSteps: PlanProblem[] = steps !== undefined && plan.steps.length > steps ? [{ path: 'steps', message: `${plan.steps.length} steps, more than its budget of ${steps}` }] : [];
    return [...childScopeProblems(plan, input.scope), ...depthProblems(plan, this.depth, this.deps.maxDepth ?? DEFAULT_SUBPLAN_DEPTH), ...overSteps];
  }
}
