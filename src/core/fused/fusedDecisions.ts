// The fused loop's decisions, as pure functions: the plan step an action becomes, whether `auto` mode
// must escalate before a turn's calls run, and how a finished conversation's run ends.
import type { RunStatus } from '../run/journalRecords';
import type { RunState } from '../run/runState';
import { actionTitle } from '../plan/actionTitle';
import { PLAN_LIMITS } from '../planLimits';
import { shorten } from '../text/shorten';
import { stepReference } from '../plan/stepNumbers';
import { failureWords } from '../plan/checkEvidence';
import { impliedPostcondition } from '../plan/impliedCheck';
import type { Step } from '../plan/planSchema';
import { riskOf, type EscalationLimits } from './escalationRule';
import type { ParsedCall } from './fusedTools';

type ToolCallParsed = Extract<ParsedCall, { kind: 'tool' }>;

/** The step the action `call` becomes, with id `id`, the agent's title (derived when it wrote none) and its implied postcondition. */
export function fusedStep(id: string, call: ToolCallParsed): Step {
  const postcondition =
    call.expectResultText !== undefined ? ({ kind: 'mcpResult', text: call.expectResultText } as const) : impliedPostcondition(call.tool.name, call.args, call.expectExitCode);
  return {
    id,
    title: call.title ? shorten(call.title, PLAN_LIMITS.title) : actionTitle(call.tool.name, call.args),
    tool: call.tool.name,
    args: call.args,
    ...(call.idempotent ? { idempotent: true } : {}),
    ...(postcondition ? { postcondition } : {}),
  };
}

/**
 * In `auto` mode, why the loop escalates before running this turn's calls although the agent did not
 * ask: a risky call, or more actions than the backstop allows. Undefined: run them.
 */
export function backstopEscalation(calls: readonly ParsedCall[], executedActions: number, limits: EscalationLimits): string | undefined {
  const actions = calls.filter((call): call is ToolCallParsed => call.kind === 'tool');
  for (const call of actions) {
    const risk = riskOf({ tool: call.tool.name, effect: call.tool.effect(call.args, { idempotent: call.idempotent }) });
    if (risk) return `the agent called ${call.tool.name} without planning first, and ${risk}`;
  }
  if (executedActions + actions.length > limits.maxActionsBeforeBackstop) {
    return `the agent needs more than ${limits.maxActionsBeforeBackstop} actions`;
  }
  return undefined;
}

/**
 * How a run ends when the agent gives its final answer: failed when a step's outcome is unknown (the
 * user must look) or when the last action failed (the agent stopped on a failure); otherwise succeeded.
 */
export function finishedStatus(state: RunState): { readonly status: RunStatus; readonly reason?: string } {
  const unknown = state.plan.steps.find((step) => state.steps.get(step.id)?.status === 'unknown');
  if (unknown) return { status: 'failed', reason: `the outcome of ${stepReference(state.plan, unknown.id)} is unknown` };
  const last = state.plan.steps[state.plan.steps.length - 1];
  const lastRun = last && state.steps.get(last.id);
  if (last && lastRun?.status === 'failed') return { status: 'failed', reason: `the agent stopped after ${stepReference(state.plan, last.id)} failed: ${lastRun.failure ? failureWords(last, lastRun.failure, lastRun.checkDetail) : (lastRun.reason ?? 'no detail')}` };
  return { status: 'succeeded' };
}
