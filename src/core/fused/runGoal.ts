// Carries out a goal in one of the three modes. `split`: the planner's plan streams into the executor, which runs
// it. `fused`: the fused loop acts turn by turn. `auto`: the design is chosen up front from the goal and the
// workspace summary (designChoice.ts, traced as a `decision`); when it is fused and the loop escalates, the
// planner plans what is left and the same run continues as a planned one — the fused steps that
// succeeded stay in the plan as done, the planned steps are added as a revision.
import { PlanRun, type RunDeps } from '../executor/planRun';
import { mergeReplan } from '../executor/replanning';
import { runStreamedPlan } from '../executor/streamedPlanRun';
import type { RunOptions } from '../run/runOptions';
import { RunRecorder } from '../executor/runRecorder';
import type { RunState } from '../run/runState';
import { runReport, type RunReport } from '../run/runSummary';
import { formatProblem } from '../plan/planProblem';
import { PlannerError } from '../planner/plannerError';
import { PLANNED_REVISION, planTask, planTaskStreamed } from '../planner/planTask';
import type { WorkspaceSummary } from '../planner/workspaceSummary';
import type { ChatModel } from '../ports';
import type { Check } from '../checks/checkSchema';
import { chooseDesign, type DesignChoice } from './designChoice';
import { AUTO_ESCALATION } from './escalationRule';
import { runFused, type FusedOutcome } from './fusedRun';
import type { FusedMode, RunMode } from '../run/runMode';

/** The run's ports, the planner model, and the model that acts in fused mode. */
export interface GoalDeps extends RunDeps {
  readonly plannerModel: ChatModel;
  readonly agentModel: ChatModel;
}

/** What to do and how. */
export interface GoalStart {
  readonly runId: string;
  readonly goal: string;
  readonly summary: WorkspaceSummary;
  readonly mode: RunMode;
  readonly options: RunOptions;
  readonly host?: Readonly<Record<string, unknown>>;
  /** Model turns the fused loop may take. */
  readonly maxTurns?: number;
  /** The goal's acceptance checks given with it (fused: the answer counts only once they hold; an escalation's plan keeps them). */
  readonly acceptance?: readonly Check[];
  /** Hears the planned run of split mode as soon as it exists (its first step passed the gate). */
  readonly onRun?: (run: PlanRun) => void;
}

/** How the goal ended. `report` is absent only when the fused agent answered without acting. */
export interface GoalResult {
  readonly mode: RunMode;
  readonly status: string;
  readonly reason?: string;
  readonly report?: RunReport;
  /** Why `auto` handed over to the planner, when it did. */
  readonly escalation?: string;
  /** The fused agent's final answer, when it gave one. */
  readonly answer?: string;
  readonly turns: number;
  /** The design `auto` chose up front. */
  readonly design?: DesignChoice;
}

/** Runs `start.goal` in `start.mode` to its end (or until it waits for approval). */
export async function runGoal(start: GoalStart, deps: GoalDeps, signal: AbortSignal): Promise<GoalResult> {
  if (start.mode === 'split') return runStreamed(start, deps, signal);
  if (start.mode === 'auto') {
    const design = chooseDesign(start.goal, start.summary);
    await deps.trace.append({ type: 'decision', decision: 'design', reason: design.reason, at: deps.clock.now(), runId: start.runId });
    const result = design.design === 'split' ? await runStreamed(start, deps, signal) : await runAgent(start, 'auto', deps, signal);
    return { ...result, design };
  }
  return runAgent(start, start.mode, deps, signal);
}

/** The fused loop (escalating in `auto` by the escalation rule). */
async function runAgent(start: GoalStart, mode: FusedMode, deps: GoalDeps, signal: AbortSignal): Promise<GoalResult> {
  const fused = await runFused(
    { runId: start.runId, goal: start.goal, summary: start.summary, ...(start.host ? { host: start.host } : {}), ...(start.acceptance ? { acceptance: start.acceptance } : {}) },
    deps,
    { mode, maxTurns: start.maxTurns ?? 40, run: start.options, escalation: AUTO_ESCALATION },
    signal,
  );
  return afterAgent(start, fused, deps, signal);
}

/** The goal's result once the fused loop stopped: when it escalated, the planner plans what is left and the run goes on as a plan. */
export async function afterAgent(start: GoalStart, fused: FusedOutcome, deps: GoalDeps, signal: AbortSignal): Promise<GoalResult> {
  if (fused.status === 'escalated') return runPlanned(start, deps, signal, fused, fused.turns);
  return {
    mode: start.mode,
    status: fused.status,
    ...(fused.reason ? { reason: fused.reason } : {}),
    ...(fused.state ? { report: runReport(fused.state) } : {}),
    ...(fused.answer !== undefined ? { answer: fused.answer } : {}),
    turns: fused.turns,
  };
}

/** The goal for the planner after an escalation: what the agent already did is done, not to be repeated. */
export function goalAfterEscalation(goal: string, state: RunState | undefined): string {
  const done = state?.plan.steps.filter((step) => state.steps.get(step.id)?.status === 'succeeded') ?? [];
  if (done.length === 0) return goal;
  return [goal, '', 'Already done (these steps succeeded; plan only what is left):', ...done.map((step) => `- ${step.id} ${step.title}`)].join('\n');
}

/**
 * Split mode: the plan streams into the run, each step checked as the planner writes it and started
 * when its dependencies are done and approval allows (as `planwright run --goal` does). A reply that
 * yields no valid step is a PlannerError, and nothing ran.
 */
async function runStreamed(start: GoalStart, deps: GoalDeps, signal: AbortSignal): Promise<GoalResult> {
  const source = planTaskStreamed(start.goal, start.summary, deps.plannerModel, signal);
  const outcome = await runStreamedPlan(source, { runId: start.runId, goal: start.goal, revision: PLANNED_REVISION, options: start.options, mode: start.mode, ...(start.host ? { host: start.host } : {}), ...(start.onRun ? { onRun: start.onRun } : {}) }, deps, signal);
  if (!outcome.ran) throw new PlannerError('invalidPlan', `The model's plan had no step that could run; nothing was run. Problems:\n${outcome.problems.map((problem) => `- ${problem}`).join('\n')}`, outcome.problems, outcome.usage);
  const { report } = outcome;
  return { mode: start.mode, status: report.status, ...(report.reason ? { reason: report.reason } : {}), report, turns: 0 };
}

async function runPlanned(start: GoalStart, deps: GoalDeps, signal: AbortSignal, escalated: FusedOutcome | undefined, turns: number): Promise<GoalResult> {
  const planned = await planTask(goalAfterEscalation(start.goal, escalated?.state), start.summary, deps.plannerModel, signal);
  let run: PlanRun;
  if (escalated?.state) {
    const merged = mergeReplan(escalated.state, planned.plan.steps);
    if (!merged.ok) {
      const problems = merged.problems.map(formatProblem);
      throw new PlannerError('invalidPlan', `The plan written after escalating does not fit the run: ${problems.join('; ')}`, problems, planned.usage);
    }
    const recorder = RunRecorder.continue(escalated.state, deps);
    for (const usage of planned.usage) await recorder.recordUsage('plan', usage);
    await recorder.append({ type: 'revised', at: deps.clock.now(), revision: escalated.state.revision + 1, escalated: true, reason: `escalated to a plan: ${escalated.reason}`, plan: merged.plan });
    run = await PlanRun.resume(deps, {}, recorder.current);
  } else {
    const planUsage = [...(escalated?.unjournalledUsage ?? []), ...planned.usage];
    run = await PlanRun.start(planned.plan, { runId: start.runId, options: start.options, mode: start.mode, ...(start.host ? { host: start.host } : {}), planUsage }, deps);
  }
  const report = await run.execute(signal);
  return {
    mode: start.mode,
    status: report.status,
    ...(report.reason ? { reason: report.reason } : {}),
    report,
    ...(escalated?.reason ? { escalation: escalated.reason } : {}),
    turns,
  };
}
