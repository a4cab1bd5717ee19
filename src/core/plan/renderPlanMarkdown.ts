// A plan as Markdown, for export and documentation: the goal, then one numbered item per step in execution
// order (the numbers the tree shows) with its tool, short arguments, the steps it waits for by number and
// title, and its checks in readable words.
import { describeCheck } from './describeCheck';
import { dependenciesOf } from './planGraph';
import type { Plan, Step } from './planSchema';
import { executionOrder, stepReference } from './stepNumbers';

const VALUE_MAX = 60;

/** The whole plan as a Markdown document. */
export function renderPlanMarkdown(plan: Plan): string {
  const count = `${plan.steps.length} ${plan.steps.length === 1 ? 'step' : 'steps'}`;
  const revision = plan.revision ? ` · revision ${plan.revision}` : '';
  const lines = [`# ${escapeMarkdown(plan.goal)}`, '', `${count}${revision}`, ''];
  executionOrder(plan).forEach((step, index) => lines.push(...renderStep(step, index + 1, dependenciesOf(step, plan).map((stepId) => stepReference(plan, stepId)))));
  return `${lines.join('\n')}\n`;
}

/** One step as a numbered item with sub-bullets; `after` names its explicit and implicit dependencies. */
function renderStep(step: Step, number: number, after: readonly string[]): string[] {
  const args = summarizeToolArgs(step.args);
  const flags = [step.idempotent ? 'idempotent' : '', step.idempotencyKey ? 'honours the idempotency key' : ''].filter(Boolean);
  const details = [
    `Tool: ${code(step.tool)}${args ? ` — ${args}` : ''}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`,
    after.length > 0 ? `After: ${after.map(escapeMarkdown).join(', ')}` : '',
    step.precondition ? `Only if: ${escapeMarkdown(describeCheck(step.precondition))}` : '',
    step.postcondition ? `Done when: ${escapeMarkdown(describeCheck(step.postcondition))}` : '',
    step.statusCheck ? `Settled by: ${escapeMarkdown(describeCheck(step.statusCheck))}` : '',
    step.compensation ? `Undo: ${code(step.compensation.tool)} — ${summarizeToolArgs(step.compensation.args)}` : '',
  ].filter(Boolean);
  return [`${number}. **${escapeMarkdown(step.title)}** · ${escapeMarkdown(step.id)}`, ...details.map((line) => `   - ${line}`)];
}

/** `path `src/cli.ts`, 1 edit`: strings as code (multi-line text as a line count), arrays as a count. */
export function summarizeToolArgs(args: Readonly<Record<string, unknown>>): string {
  return Object.entries(args)
    .map(([key, value]) => {
      if (typeof value === 'string') {
        const lineCount = value.split('\n').length;
        return lineCount > 1 ? `${key}: ${lineCount} lines` : `${key} ${code(shorten(value))}`;
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
