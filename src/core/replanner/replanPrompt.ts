// The re-planning conversation: the same prefix as planning (so the provider's prompt cache hits),
// then the run as it stands — goal, completed work, the broken step with its evidence, the remaining
// work as plan lines — in bounded summaries rather than whole outputs, and where the new lines start.
import type { BrokenStepEvidence, CompletedStepSummary, ReplanRequest } from '../executor/replanning';
import { nextStepNumber } from '../plan/compact/compactPlanReader';
import { encodeCompactStep } from '../plan/compact/encodeCompactPlan';
import type { Step } from '../plan/planSchema';
import type { ChatMessage } from '../ports';
import { plannerSystemMessage } from '../planner/plannerPrefix';
import { shorten, tail } from '../textPreview';

/** Bounds of the re-plan request; the executor already bounds outputs, these hold for any caller. */
export const REPLAN_LIMITS = {
  argChars: 300,
  outputChars: 600,
  checkChars: 500,
  outputTailChars: 1_500,
} as const;

/** `value` with every string in it shortened, for arguments of steps that are done. */
export function boundStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return shorten(value, max);
  if (Array.isArray(value)) return value.map((item) => boundStrings(item, max));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, boundStrings(item, max)]));
  return value;
}

function indent(text: string): string {
  return text.replace(/\n/g, '\n    ');
}

function completedLines(step: CompletedStepSummary): string[] {
  const lines = [`- ${step.id} (${step.status}) ${JSON.stringify(step.title)}: ${step.tool} ${JSON.stringify(boundStrings(step.args, REPLAN_LIMITS.argChars))}`];
  if (step.output.trim()) lines.push(`    output: ${indent(shorten(step.output, REPLAN_LIMITS.outputChars).trimEnd())}`);
  if (step.check) lines.push(`    check: ${shorten(step.check, REPLAN_LIMITS.checkChars)}`);
  return lines;
}

function brokenLines(broken: BrokenStepEvidence): string[] {
  const lines = [
    `${broken.step.id} ended ${broken.status} after ${broken.attempts} attempt(s):`,
    encodeCompactStep(broken.step),
  ];
  if (broken.failure) lines.push(`error (${broken.failure.kind}, ${broken.failure.reason}): ${broken.failure.message}`);
  if (broken.checkDetail) lines.push(`check: ${shorten(broken.checkDetail, REPLAN_LIMITS.checkChars)}`);
  if (broken.failure?.outputTail) lines.push(`output tail:\n<<<\n${tail(broken.failure.outputTail, REPLAN_LIMITS.outputTailChars)}\n>>>`);
  if (broken.failure?.reason === 'postcondition') {
    lines.push('The tool did run, so its changes are in the workspace; only the postcondition did not hold.');
  }
  if (broken.status === 'unknown') {
    lines.push(
      'Its effect could not be observed: it may or may not have happened. Do not assume either way —',
      'check the state first (a readOnly step or a precondition), or make the next steps correct in both cases.',
    );
  }
  return lines;
}

function remainingLine(step: Step & { readonly status: string }): string {
  const { status, ...plain } = step;
  return `- [${status}] ${encodeCompactStep(plain)}`;
}

/** The number the first re-planned step gets: past every id the run has used. */
export function replanFirstNumber(request: ReplanRequest): number {
  return nextStepNumber([...request.completed, request.broken.step, ...request.remaining]);
}

/** The messages that ask for new remaining steps after `request.broken` failed or became unknown. */
export function buildReplanPrompt(request: ReplanRequest): ChatMessage[] {
  const completedIds = request.completed.map((step) => step.id);
  const task = [
    'Task: re-plan the rest of a run in which a step failed or became unknown.',
    `Reply in the plan language with only the new remaining steps, starting at E${replanFirstNumber(request)}; they replace the failed step and every remaining step below.`,
    `Completed steps are frozen: do not repeat them${completedIds.length > 0 ? ` (${completedIds.join(', ')})` : ''}; you may write "after" them and reference their outputs (#<id>).`,
    'Write again the remaining steps you keep (with their new numbers), changed where needed; leave out the ones to drop.',
    '',
    `Goal: ${request.goal}`,
    `Plan revision: ${request.revision}`,
    '',
    'Completed steps:',
    ...(request.completed.length > 0 ? request.completed.flatMap(completedLines) : ['(none)']),
    '',
    'Failed step:',
    ...brokenLines(request.broken),
    '',
    'Remaining steps (not run; status in brackets):',
    ...(request.remaining.length > 0 ? request.remaining.map(remainingLine) : ['(none)']),
  ].join('\n');
  return [plannerSystemMessage(), { role: 'user', content: task }];
}
