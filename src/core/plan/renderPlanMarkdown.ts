// A plan as Markdown, for export and documentation: the goal, then one numbered item per step in execution
// order (the numbers the tree shows) with its tool, short arguments, the steps it waits for by number and
// title, and its checks in readable words ("Checks that …", as the tree says), then the plan's acceptance checks
// under "Done when", the name the editor gives them. Its labels are in the editor's language; the checks in words, the
// tools and their argument names stay English, as the plan file and the run's report write them.
import type { Localize } from '../ports';
import { describeCheck } from './describeCheck';
import { dependenciesOf } from './planGraph';
import type { Plan, Step } from './planSchema';
import { executionOrder, idDisagrees, stepReference } from './stepNumbers';

const VALUE_MAX = 60;

/** The whole plan as a Markdown document. */
export function renderPlanMarkdown(l10n: Localize, plan: Plan): string {
  const lines = [`# ${escapeMarkdown(plan.goal)}`, '', countLine(l10n, plan.steps.length, plan.revision), ''];
  executionOrder(plan).forEach((step, index) => lines.push(...renderStep(l10n, step, index + 1, dependenciesOf(step, plan).map((stepId) => stepReference(plan, stepId)))));
  if (plan.acceptance && plan.acceptance.length > 0) lines.push('', `## ${l10n.t('Done when')}`, '', ...plan.acceptance.map((check) => `- ${escapeMarkdown(describeCheck(check))}`));
  return `${lines.join('\n')}\n`;
}

/** `3 steps`, then the revision when the plan has one. */
function countLine(l10n: Localize, count: number, revision: number | undefined): string {
  if (!revision) return count === 1 ? l10n.t('1 step') : l10n.t('{0} steps', count);
  return count === 1 ? l10n.t('1 step · revision {0}', revision) : l10n.t('{0} steps · revision {1}', count, revision);
}

/** One step as a numbered item with sub-bullets; `after` names its explicit and implicit dependencies. */
function renderStep(l10n: Localize, step: Step, number: number, after: readonly string[]): string[] {
  const args = summarizeToolArgs(l10n, step.args);
  const flags = [step.idempotent ? l10n.t('idempotent') : '', step.idempotencyKey ? l10n.t('honours the idempotency key') : ''].filter(Boolean);
  const details = [
    l10n.t('Tool: {0}', `${code(step.tool)}${args ? ` — ${args}` : ''}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`),
    after.length > 0 ? l10n.t('After: {0}', after.map(escapeMarkdown).join(', ')) : '',
    step.precondition ? l10n.t('Only if: {0}', escapeMarkdown(describeCheck(step.precondition))) : '',
    step.postcondition ? l10n.t('Checks that {0}', escapeMarkdown(describeCheck(step.postcondition))) : '',
    step.statusCheck ? l10n.t('Settled by: {0}', escapeMarkdown(describeCheck(step.statusCheck))) : '',
    step.compensation ? l10n.t('Undo: {0} — {1}', code(step.compensation.tool), summarizeToolArgs(l10n, step.compensation.args)) : '',
  ].filter(Boolean);
  // An id that reads as another number is named as what references call it, as the tree's tooltip does.
  const id = idDisagrees(step.id, number) ? l10n.t('referred to as {0}', code(`#${step.id}`)) : escapeMarkdown(step.id);
  return [`${number}. **${escapeMarkdown(step.title)}** · ${id}`, ...details.map((line) => `   - ${line}`)];
}

/** `path `src/cli.ts`, 1 edit`: strings as code (multi-line text as a line count), arrays as a count. */
export function summarizeToolArgs(l10n: Localize, args: Readonly<Record<string, unknown>>): string {
  return Object.entries(args)
    .map(([key, value]) => {
      if (typeof value === 'string') {
        const lineCount = value.split('\n').length;
        return lineCount > 1 ? l10n.t('{0}: {1} lines', key, lineCount) : `${key} ${code(shorten(value))}`;
      }
      if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? key.replace(/s$/, '') : key}`;
      if (value !== null && typeof value === 'object') return `${key} {…}`;
      return `${key} ${code(String(value))}`;
    })
    .join(', ');
}

/** An inline code span that survives backticks in the text. */
function code(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return longestRun > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** Escapes the characters that would turn plain text into Markdown syntax. */
function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}

function shorten(text: string): string {
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}
