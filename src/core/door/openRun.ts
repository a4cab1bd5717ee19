// The one way a run is opened, resumed and carried to its end, whatever door it comes in by: the CLI's `run`
// and `resume` (and the MCP server's `run_plan`, `resume_run` and `approve_steps`, which drive them), the
// editor's Run Plan, Plan a Task and Resume, and through Run Plan the `planwright_runPlan` tool and the chat
// participant's `/run`. A door checks its input with its own input layer, builds the run's ports (its cost cap,
// claims and approvals among them) and holds the run's lease; then it hands one RunRequest here, with the
// options the user gave (approval, limits, the cost cap, scope growth). It gets back the planned run when one
// exists before executing (for a door that pauses, revises or retries it) and, once executed, how the run
// ended, which doorReport turns into the report every door gives. The mode is journalled once, in the run's
// `runStarted` record, so a resumed run reports it too.
import type { Check } from '../checks/checkSchema';
import { PlanRun, type RunDeps } from '../executor/planRun';
import { resumeRun } from '../fused/resumeRun';
import { runGoal } from '../fused/runGoal';
import type { ValidPlan } from '../plan/planSchema';
import { summarizeWorkspace } from '../planner/workspaceSummary';
import type { ChatModel } from '../ports';
import { isAgentRun } from '../run/agentRun';
import type { UsageRecord } from '../run/journalRecords';
import type { RunMode } from '../run/runMode';
import type { RunOptions } from '../run/runOptions';
import type { RunState } from '../run/runState';
import { reportOutcome, type DoorMode, type RunOutcome } from './doorReport';

/** The model that plans (and re-plans) and the model that acts in fused mode. */
export interface GoalModels {
  readonly planner: ChatModel;
  readonly agent: ChatModel;
}

/** A new run of a plan as it is (a plan file, the open plan, an MCP caller's plan). */
export interface PlanRequest {
  readonly kind: 'plan';
  readonly runId: string;
  readonly plan: ValidPlan;
  readonly options: RunOptions;
  /** The model calls that wrote the plan, journalled with it. */
  readonly planUsage?: readonly UsageRecord[];
}

/** A new run of a goal in a mode: the planner's plan streamed into the run (split), the agent's loop (fused), or either (auto). */
export interface GoalRequest {
  readonly kind: 'goal';
  readonly runId: string;
  readonly goal: string;
  readonly mode: RunMode;
  readonly options: RunOptions;
  readonly models: GoalModels;
  /** Put the workspace's rules files (AGENTS.md, …) in the summary the planner and the agent are shown. */
  readonly projectRules: boolean;
  readonly acceptance?: readonly Check[];
  readonly maxTurns?: number;
}

/** A journalled run carried on where it stopped: a plan run as a plan, a fused agent's run with the agent. */
export interface ResumeRequest {
  readonly kind: 'resume';
  readonly state: RunState;
  /** The options given for this resume, over the journalled ones. */
  readonly overrides: Partial<RunOptions>;
  /** Reopen a cancelled plan run so it carries on (its steps that may have had an effect stay cancelled). */
  readonly reopenCancelled?: boolean;
  /** A plan edited by hand that becomes the plan run's next revision. */
  readonly edited?: ValidPlan;
  /** What a fused agent's run needs to go on; without them it is refused (AgentRunNotResumableError). */
  readonly models?: GoalModels;
  readonly projectRules?: boolean;
}

/** What a door asks for. */
export type RunRequest = PlanRequest | GoalRequest | ResumeRequest;

/** What the door records about itself in the journal (its source, the files it keeps) and hears of the run. */
export interface DoorHooks {
  readonly host?: Readonly<Record<string, unknown>>;
  /** Hears the planned run as soon as it exists: at once for a plan or a plan run resumed, when its first step arrived for a split goal. */
  readonly onRun?: (run: PlanRun) => void;
}

/** A run opened through a door. */
export interface OpenedRun {
  readonly mode: DoorMode;
  /** The planned run, when it exists before executing (a plan, a plan run resumed); absent for a goal or a fused agent's run. */
  readonly run: PlanRun | undefined;
  /** Carries the run to its end, or until it waits or stops. */
  execute(signal: AbortSignal): Promise<RunOutcome>;
}

/** Opens `request`'s run over `deps` without executing it; see the file header. */
export async function openRun(request: RunRequest, deps: RunDeps, hooks: DoorHooks = {}): Promise<OpenedRun> {
  switch (request.kind) {
    case 'plan': {
      const { plan, runId, options, planUsage } = request;
      const run = await PlanRun.start(plan, { runId, options, ...(hooks.host ? { host: hooks.host } : {}), ...(planUsage ? { planUsage } : {}) }, deps);
      hooks.onRun?.(run);
      return openedPlanRun(run);
    }
    case 'goal':
      return openedGoal(request, deps, hooks);
    case 'resume':
      return isAgentRun(request.state) ? openedAgentRun(request, deps) : openedPlanRun(await resumedPlanRun(request, deps, hooks));
  }
}

/** Opens `request`'s run and carries it to its end. */
export async function runToEnd(request: RunRequest, deps: RunDeps, signal: AbortSignal, hooks: DoorHooks = {}): Promise<RunOutcome> {
  return (await openRun(request, deps, hooks)).execute(signal);
}

/** A planned run already open (paused, waiting, revised by hand) as a door carries it on; its mode as its journal records it. */
export function openedPlanRun(run: PlanRun): OpenedRun & { readonly run: PlanRun } {
  return { mode: run.current.mode ?? 'plan', run, execute: async (signal) => reportOutcome(await run.execute(signal)) };
}

function openedGoal(request: GoalRequest, deps: RunDeps, hooks: DoorHooks): OpenedRun {
  const { runId, goal, mode, options, models } = request;
  const execute = async (signal: AbortSignal): Promise<RunOutcome> => {
    const summary = await summarizeWorkspace(deps.workspace, { projectRules: request.projectRules, goal });
    const start = {
      runId,
      goal,
      summary,
      mode,
      options,
      ...(hooks.host ? { host: hooks.host } : {}),
      ...(request.acceptance ? { acceptance: request.acceptance } : {}),
      ...(request.maxTurns ? { maxTurns: request.maxTurns } : {}),
      ...(hooks.onRun ? { onRun: hooks.onRun } : {}),
    };
    return runGoal(start, { ...deps, plannerModel: models.planner, agentModel: models.agent }, signal);
  };
  return { mode, run: undefined, execute };
}

async function resumedPlanRun(request: ResumeRequest, deps: RunDeps, hooks: DoorHooks): Promise<PlanRun> {
  const run = await PlanRun.resume(deps, request.overrides, request.state);
  if (request.reopenCancelled) await run.reopen();
  if (request.edited) await run.revise(request.edited);
  hooks.onRun?.(run);
  return run;
}

/** A fused agent's run, carried on by the agent (resumeRun), told what the run did so far. */
function openedAgentRun(request: ResumeRequest, deps: RunDeps): OpenedRun {
  const { state, models } = request;
  const execute = async (signal: AbortSignal): Promise<RunOutcome> => {
    const summary = models ? { summary: await summarizeWorkspace(deps.workspace, { projectRules: request.projectRules ?? false, goal: state.plan.goal }) } : {};
    const agent = models ? { agentModel: models.agent, plannerModel: models.planner } : {};
    const resumed = await resumeRun({ ...deps, ...agent, ...summary }, request.overrides, signal, state);
    return { ...reportOutcome(resumed.report), ...(resumed.answer !== undefined ? { answer: resumed.answer } : {}), ...(resumed.escalation ? { escalation: resumed.escalation } : {}) };
  };
  return { mode: state.mode ?? 'plan', run: undefined, execute };
}
