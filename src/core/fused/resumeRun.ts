// Resuming any run from its journal, the one way every door does it. A plan run (a plan file, a split goal,
// a planned `auto` goal, an escalated one, a parent of sub-plans) carries on as a PlanRun. A fused agent's
// run is carried on by the agent: what was left running is settled, what waited is asked about again, and
// the agent, told what the run did so far, takes its next turn (and in `auto` may still escalate to a plan).
// Either way nothing that succeeded runs again, and the run keeps its journal, its usage and its undo.
import { AgentRunNotResumableError } from '../errors';
import { PlanRun, type RunDeps } from '../executor/planRun';
import { loadRunState } from '../executor/runRecorder';
import type { WorkspaceSummary } from '../planner/workspaceSummary';
import type { ChatModel } from '../ports';
import { isAgentRun } from '../run/agentRun';
import { isRunFinished } from '../run/journalRecords';
import type { RunOptions } from '../run/runOptions';
import type { RunState } from '../run/runState';
import { runReport, type RunReport } from '../run/runSummary';
import { AUTO_ESCALATION } from './escalationRule';
import { resumeFused } from './fusedRun';
import { afterAgent } from './runGoal';

/** A run's ports, and what a fused agent's run needs besides to go on: the acting model, the planner (an `auto` run may still escalate) and the workspace summary the agent is shown. */
export interface ResumeDeps extends RunDeps {
  readonly agentModel?: ChatModel;
  readonly plannerModel?: ChatModel;
  readonly summary?: WorkspaceSummary;
}

/** How the resumed run stopped: its report, and for a fused agent's run its answer and any escalation. */
export interface ResumedRun {
  readonly report: RunReport;
  readonly answer?: string;
  readonly escalation?: string;
}

/**
 * Resumes the run in `deps.journal` (or `loaded`, a state the host already read from it) with the options it
 * was started with, except those in `overrides`, until it ends, waits for approval or `signal` aborts.
 * A fused agent's run without `agentModel`, `plannerModel` and `summary` is refused (`AgentRunNotResumableError`).
 */
export async function resumeRun(deps: ResumeDeps, overrides: Partial<RunOptions>, signal: AbortSignal, loaded?: RunState): Promise<ResumedRun> {
  const state = loaded ?? (await loadRunState(deps.journal, (warning) => deps.logger.warn(warning)));
  if (!isAgentRun(state)) return { report: await (await PlanRun.resume(deps, overrides, state)).execute(signal) };
  // A fused run that ended (succeeded, failed, cancelled) is as final as a plan run's: the agent is not woken.
  if (isRunFinished(state.status)) return { report: runReport(state) };
  const { agentModel, plannerModel, summary } = deps;
  if (!agentModel || !plannerModel || !summary) {
    throw new AgentRunNotResumableError(state.runId, `run ${state.runId} is a fused agent run: resuming it needs the model that acts, the planner model and the workspace summary`);
  }
  const options = { ...state.options, ...overrides };
  const mode = state.mode === 'auto' ? 'auto' : 'fused';
  const start = { runId: state.runId, goal: state.plan.goal, summary, mode, options, ...(state.host ? { host: state.host } : {}), ...(state.plan.acceptance ? { acceptance: state.plan.acceptance } : {}) } as const;
  const goalDeps = { ...deps, agentModel, plannerModel };
  const fused = await resumeFused(state, summary, goalDeps, { mode, maxTurns: 40, run: options, escalation: AUTO_ESCALATION }, signal);
  const result = await afterAgent(start, fused, goalDeps, signal);
  return { report: result.report ?? runReport(fused.state ?? state), ...(result.answer !== undefined ? { answer: result.answer } : {}), ...(result.escalation ? { escalation: result.escalation } : {}) };
}
