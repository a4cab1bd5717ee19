// The solver's conversation: the goal and what each step did, bounded per step and in total, so the
// summary costs the same few hundred tokens however long the run's outputs were.
import { replansSpent } from '../run/replanBudget';
import type { RunState } from '../run/runState';
import type { ChatMessage } from '../ports';
import { boundStrings, shorten } from '../text/shorten';

/** Bounds of the solver request. */
export const SOLVER_LIMITS = {
  steps: 60,
  argChars: 200,
  outputChars: 300,
  checkChars: 300,
  totalChars: 12_000,
} as const;

const SYSTEM = [
  'You write the final summary of a finished coding task for the user who asked for it.',
  'Say what was done, which files changed, how it was verified, and anything the user should still check.',
  'Use only what the step results below show; do not invent changes. Plain Markdown, at most 150 words, no preamble.',
].join('\n');

function stepLines(state: RunState): string[] {
  const steps = state.plan.steps.slice(0, SOLVER_LIMITS.steps);
  const lines = steps.map((step) => {
    const run = state.steps.get(step.id);
    const parts = [`- ${step.id} ${JSON.stringify(step.title)} ${step.tool} ${JSON.stringify(boundStrings(step.args, SOLVER_LIMITS.argChars))}: ${run?.status ?? 'pending'}`];
    if (run?.output?.text.trim()) parts.push(`  output: ${shorten(run.output.text, SOLVER_LIMITS.outputChars).trimEnd().replace(/\n/g, '\n  ')}`);
    if (run?.checkDetail) parts.push(`  check: ${shorten(run.checkDetail, SOLVER_LIMITS.checkChars)}`);
    if (run?.failure) parts.push(`  error: ${shorten(run.failure.message, SOLVER_LIMITS.checkChars)}`);
    return parts.join('\n');
  });
  if (state.plan.steps.length > steps.length) lines.push(`- … ${state.plan.steps.length - steps.length} more steps`);
  return lines;
}

/**
 * The outcome in words, from the steps: the executor asks for the summary before it marks the run
 * finished, so the run's own status still says `running` then.
 */
function outcomeText(state: RunState): string {
  const counts = new Map<string, number>();
  for (const step of state.plan.steps) {
    const status = state.steps.get(step.id)?.status ?? 'pending';
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const outcome = counts.size === 1 && counts.has('succeeded') ? 'every step succeeded' : [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
  const replans = replansSpent(state);
  const escalated = state.escalated ? ', escalated to a plan' : '';
  return replans > 0 ? `${outcome}${escalated}, after ${replans} re-plan(s) (revision ${state.revision}); what failed: ${state.replanReasons.join(' | ')}` : `${outcome}${escalated}`;
}

/** The messages asking the solver model to summarise the run in `state`. */
export function buildSolverPrompt(state: RunState): ChatMessage[] {
  const user = [
    `Goal: ${state.plan.goal}`,
    `Outcome: ${outcomeText(state)}`,
    '',
    'Steps:',
    ...stepLines(state),
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: shorten(user, SOLVER_LIMITS.totalChars) },
  ];
}
