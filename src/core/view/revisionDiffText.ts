// A revision's review in words, as every door shows it (the CLI prints it, the editor renders it, chat and MCP
// answer with it): the steps added, changed and dropped, the files and commands of the revised plan, and a
// warning when it widens the scope the user approved. Markdown that reads as plain text too.
import type { Plan, Step } from '../plan/planSchema';
import { describeScope, isEmptyScope } from '../plan/planScope';
import { widensScope, type RevisionDiff } from '../plan/revisionDiff';
import { stepReference, stepReferenceList } from '../plan/stepNumbers';
import { summarizeArgs } from '../plan/summarizeArgs';

/** One step of `plan` as a list item: `3 Parse the flag (E5: writeFile src/flag.ts)`, the call left out when the title says it. */
function stepItem(plan: Plan, step: Step): string {
  const call = `${step.tool} ${summarizeArgs(step)}`.trim();
  return `- ${stepReference(plan, step.id)} (${step.id}${step.title === call ? '' : `: ${call}`})`;
}

/** The review of a revision of `before` into `after`, as Markdown lines. */
export function revisionDiffLines(review: RevisionDiff, before: Plan, after: Plan): string[] {
  const { diff } = review;
  const lines: string[] = [];
  if (diff.goalChanged) lines.push(`Goal: ${after.goal}`, '');
  const section = (title: string, items: readonly string[]) => {
    if (items.length > 0) lines.push(`**${title}**`, ...items, '');
  };
  section('Added', diff.added.map((step) => stepItem(after, step)));
  section('Changed', diff.changed.map((change) => `${stepItem(after, change.after)}: ${change.fields.join(', ')}`));
  section('Dropped', diff.removed.map((step) => stepItem(before, step)));
  if (lines.length === 0) lines.push('No step changes.', '');
  lines.push(`**Touches**: ${isEmptyScope(review.scope) ? 'no file, no command' : `the plan ${describeScope(review.scope)}`}`);
  if (widensScope(review)) {
    const steps = review.wideningSteps.length > 0 ? ` (${stepReferenceList(after, review.wideningSteps)})` : '';
    lines.push('', `**Widens the approved scope**: it ${describeScope(review.widened)}${steps}; those steps wait for you even when every step may run without asking.`);
  }
  return lines;
}

/** The review as one Markdown text. */
export function revisionDiffText(review: RevisionDiff, before: Plan, after: Plan): string {
  return `${revisionDiffLines(review, before, after).join('\n')}\n`;
}
