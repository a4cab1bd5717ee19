// What the log says about how a goal's run ended: an escalation to a plan, the agent's answer, the turns it took.
import type * as vscode from 'vscode';
import type { RunOutcome } from '../../core/door/doorReport';

/** Logs how the goal's run `runId` ended, and hands `outcome` on. */
export function logGoalEnd(log: vscode.LogOutputChannel, runId: string, outcome: RunOutcome): RunOutcome {
  if (outcome.escalation) log.info(`Escalated to a plan: ${outcome.escalation}`);
  if (outcome.answer?.trim()) log.info(`The agent: ${outcome.answer.trim()}`);
  const turns = outcome.turns === undefined || outcome.mode === 'split' ? '' : ` after ${outcome.turns} agent ${outcome.turns === 1 ? 'turn' : 'turns'}`;
  log.info(`Run ${runId} ${outcome.status}${turns}${outcome.reason ? `: ${outcome.reason}` : ''}`);
  return outcome;
}
