// When `auto` mode stops acting turn by turn and asks for a plan. The rule, stated once and used twice:
// the fused agent is told it (so it can escalate up front by calling `make_plan`), and the loop applies
// it as a backstop before every risky call the agent did not escalate for.
//
// Escalate when the task
//   - needs more than AUTO_ESCALATION.maxActions actions: a plan runs independent steps in parallel and a
//     failure re-plans only what is left, instead of one model turn per action;
//   - deletes a file: a plan shows every deletion before anything runs;
//   - runs a command that is not safe to repeat (`runCommand` without `idempotent`): a plan carries the
//     postcondition and status check that settle it if it is interrupted.
import type { EffectClass } from '../tools/defineTool';

/** The thresholds of the rule. */
export interface EscalationLimits {
  /** More actions than this (expected by the agent) call for a plan. */
  readonly maxActions: number;
  /** The loop's backstop for length: after this many executed actions it escalates whatever the agent says. */
  readonly maxActionsBeforeBackstop: number;
}

/** The documented defaults. */
export const AUTO_ESCALATION: EscalationLimits = { maxActions: 6, maxActionsBeforeBackstop: 12 };

/** One action the agent means to take: the tool and the effect class of this call. */
export interface IntendedAction {
  readonly tool: string;
  readonly effect: EffectClass;
}

/** Why an action is risky enough to plan first, or undefined. */
export function riskOf(action: IntendedAction): string | undefined {
  if (action.tool === 'deleteFile') return 'it deletes a file';
  if (action.tool === 'runCommand' && action.effect === 'nonIdempotent') return 'it runs a command that is not safe to repeat';
  return undefined;
}

/** Why a task with these expected actions should be planned rather than run turn by turn, or undefined. */
export function escalationReason(actions: readonly IntendedAction[], limits: EscalationLimits = AUTO_ESCALATION): string | undefined {
  if (actions.length > limits.maxActions) return `it needs ${actions.length} actions, more than ${limits.maxActions}`;
  for (const action of actions) {
    const risk = riskOf(action);
    if (risk) return risk;
  }
  return undefined;
}

/** The rule in words, for the fused agent's system prompt and for the docs. */
export function escalationRuleText(limits: EscalationLimits = AUTO_ESCALATION): string {
  return [
    `Call make_plan first, instead of acting, when the task needs more than ${limits.maxActions} tool calls,`,
    'deletes a file, or runs a command that is not safe to repeat (runCommand without "idempotent": true).',
  ].join(' ');
}
