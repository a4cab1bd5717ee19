// The fused agent's conversation: a system message that never changes within a mode (so the prompt
// cache keeps it), the task with the same workspace summary the planner gets, and one tool message per
// call saying what happened — bounded, so a long file or log does not swamp every later turn.
import type { StepEnd } from '../executor/stepRunner';
import type { ChatMessage } from '../ports';
import { renderWorkspaceSummary, type WorkspaceSummary } from '../planner/workspaceSummary';
import { projectRulesMessage } from '../rules/projectRules';
import { shorten, tail } from '../text/shorten';
import { escalationRuleText, type EscalationLimits } from './escalationRule';
import type { FusedMode } from '../run/runMode';
import type { RunState } from '../run/runState';
import { deterministicSummary } from '../run/runSummary';

/** Bounds of what a tool message carries back. */
const FUSED_LIMITS = { outputChars: 8_000, failureOutputChars: 2_000 } as const;

const ROLE = [
  'You are the agent of Planwright, a coding assistant. You carry out the task yourself by calling tools, turn by turn:',
  'call the tools you need (several in one turn when they do not depend on each other), read what they return, and go on',
  'until the task is done. Then reply with a short summary of what you changed, without calling a tool.',
].join('\n');

const RULES = [
  '- Paths are relative to the workspace root and use "/".',
  '- editFile needs find texts that occur exactly once in the file as it is now (or "replaceAll": true, which changes every occurrence, as for a rename); read a file first if you have not seen it.',
  '- Every call that changes the workspace is checked afterwards (the file exists, JSON still parses, the replacement text is there, the command exits 0); a failed check comes back as a failure.',
  '- Set "idempotent": true on runCommand only when repeating the command is safe (tests, builds).',
  '- Give every call a "title": what it does for the task as a person would say it, imperative, at most 6 words ("Add a retry limit"); the user reads it in the plan.',
  '- Some calls wait for the user\'s approval; a rejected call did not run: do not repeat it.',
];

/** The system message of every fused conversation in `mode`. */
function fusedSystemMessage(mode: FusedMode, limits?: EscalationLimits): ChatMessage {
  const auto = mode === 'auto' ? ['', '## When to plan', escalationRuleText(limits)] : [];
  return { role: 'system', content: [ROLE, '', '## Rules', ...RULES, ...auto].join('\n') };
}

/** The opening messages: the system message, the project's rules (if any), then the goal and the workspace summary. */
export function buildFusedConversation(goal: string, summary: WorkspaceSummary, mode: FusedMode, limits?: EscalationLimits): ChatMessage[] {
  const rules = projectRulesMessage(summary.rules);
  return [fusedSystemMessage(mode, limits), ...(rules ? [rules] : []), { role: 'user', content: [`Task: ${goal}`, '', 'Workspace:', renderWorkspaceSummary(summary)].join('\n') }];
}

/** What a call came to, as the tool message reports it. */
export type CallOutcome = { readonly kind: 'ran'; readonly end: StepEnd } | { readonly kind: 'rejected' } | { readonly kind: 'invalid'; readonly problem: string };

/** The text of the tool message for one call. */
function toolResultText(outcome: CallOutcome): string {
  if (outcome.kind === 'rejected') return 'not run: the user rejected this call. Do not repeat it.';
  if (outcome.kind === 'invalid') return `not run: ${outcome.problem}`;
  const { end } = outcome;
  switch (end.event) {
    case 'succeed': {
      const text = end.output?.text ?? '';
      return text.trim().length === 0 ? 'ok (no output)' : shorten(text, FUSED_LIMITS.outputChars);
    }
    case 'fail': {
      const lines = [`failed: ${end.failure?.message ?? end.reason}`];
      if (end.checkDetail && !lines[0]!.includes(end.checkDetail)) lines.push(`check: ${end.checkDetail}`);
      const output = end.failure?.outputTail ?? end.output?.text;
      if (output && output.trim().length > 0) lines.push('output:', tail(output, FUSED_LIMITS.failureOutputChars));
      return lines.join('\n');
    }
    case 'becomeUnknown':
      return `outcome unknown: ${end.reason}. The effect may or may not have happened; check before repeating it.`;
    case 'cancel':
      return 'cancelled';
    case 'askApproval':
    case 'interrupt':
      return `waiting: ${end.reason}`;
  }
}

/** The tool message answering `callId`. */
export function toolResultMessage(callId: string, outcome: CallOutcome): ChatMessage {
  return { role: 'tool', toolCallId: callId, content: toolResultText(outcome) };
}

/** What the agent is told when its run is resumed: the conversation is not journalled, so the run's own account stands in for it. */
export function resumedNote(state: RunState): string {
  return [
    'This run was stopped and is resumed now. What it did so far (every step below is done as it says; do not repeat one that succeeded):',
    deterministicSummary(state),
    'Carry on with the goal from here.',
  ].join('\n');
}
