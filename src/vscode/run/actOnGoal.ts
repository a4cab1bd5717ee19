// The work of a goal run: in split mode the planner's plan streaming into the run, in fused or auto mode the
// agent's loop, over a summary of the workspace; and what the log says about how it ended (an escalation to
// a plan, the agent's answer, the turns it took).
import type * as vscode from 'vscode';
import { runGoal, type GoalDeps, type GoalResult, type GoalStart } from '../../core/fused/runGoal';
import type { PlanRun } from '../../core/executor/planRun';
import type { RunMode } from '../../core/run/runMode';
import { summarizeWorkspace } from '../../core/planner/workspaceSummary';

/** The goal run to carry out, started from the plan source `source`. */
export interface GoalRequest {
  readonly runId: string;
  readonly goal: string;
  readonly mode: RunMode;
  readonly options: GoalStart['options'];
  readonly source: string;
  /** Hears split mode's run once its first step arrived. */
  readonly onRun?: (run: PlanRun) => void;
  /** Put the workspace's rules files (AGENTS.md, …) in the agent's prompt. */
  readonly projectRules?: boolean;
}

/** Carries out `request` (summarising the workspace for the agent) and logs how it ended. */
export async function actOnGoal(request: GoalRequest, deps: GoalDeps, log: vscode.LogOutputChannel, signal: AbortSignal): Promise<GoalResult> {
  const { runId, goal, mode, options, source, onRun } = request;
  const summary = await summarizeWorkspace(deps.workspace, { projectRules: request.projectRules ?? false, goal });
  const result = await runGoal({ runId, goal, summary, mode, options, host: { source }, ...(onRun ? { onRun } : {}) }, deps, signal);
  if (result.escalation) log.info(`Escalated to a plan: ${result.escalation}`);
  if (result.answer?.trim()) log.info(`The agent: ${result.answer.trim()}`);
  const turns = mode === 'split' ? '' : ` after ${result.turns} agent ${result.turns === 1 ? 'turn' : 'turns'}`;
  log.info(`Run ${runId} ${result.status}${turns}${result.reason ? `: ${result.reason}` : ''}`);
  return result;
}
