// The Markdown tooltip of a step row: what it calls with which arguments, its postcondition and effect
// class, where it stands in the run, and its last result or error. Long values are cut so a tooltip of a
// step that writes a big file stays readable.
import type { StepRun } from '../run/runState';
import { describeCheck } from '../plan/describeCheck';
import type { Step } from '../plan/planSchema';
import type { Localize } from '../ports';
import { stepFlags } from '../plan/stepFlags';
import { idDisagrees } from '../plan/stepNumbers';
import type { StepStatus } from '../plan/stepStatus';
import { shorten, tail } from '../text/shorten';
import type { EffectClass } from '../tools/defineTool';
import { findTool } from '../tools/toolCatalog';
import { checkEvidence, failureWords } from '../plan/checkEvidence';
import { codeBlock, escapeMarkdown, inlineCode } from './markdownText';
import { stepStatusText } from './statusText';

const ARG_STRING_MAX = 400;
const ARGS_MAX = 2_000;
const OUTPUT_MAX = 1_200;

/** An effect class in words. */
function effectClassText(l10n: Localize, effect: EffectClass): string {
  switch (effect) {
    case 'readOnly':
      return l10n.t('read-only');
    case 'idempotent':
      return l10n.t('changes the workspace; safe to repeat');
    case 'nonIdempotent':
      return l10n.t('changes the workspace; not safe to repeat');
  }
}

/**
 * The effect class of `step`'s call in words, or `undefined` when its tool or arguments are unknown. An MCP
 * tool's reasons (which hint decided its class, how it is approved) stay English: the planner's catalogue and
 * the approval reason say them in the same words.
 */
export function effectText(l10n: Localize, step: Step): string | undefined {
  const tool = findTool(step.tool);
  const parsed = tool?.input.safeParse(step.args);
  if (!tool) return undefined;
  if (!parsed?.success) return step.tool === 'runCommand' ? effectClassText(l10n, 'nonIdempotent') : undefined;
  const text = effectClassText(l10n, tool.effect(parsed.data, stepFlags(step)));
  // An MCP tool's effect class is its server's claim: say which hint decided it, and how it is approved.
  return tool.provenance ? `${text} (${tool.provenance.effect}; ${tool.provenance.approval})` : text;
}

/** `args` as indented JSON with long strings cut, and the whole cut at a bound. */
export function argsPreview(args: Readonly<Record<string, unknown>>): string {
  const text = JSON.stringify(args, (_key, value: unknown) => (typeof value === 'string' ? shorten(value, ARG_STRING_MAX) : value), 2);
  return shorten(text ?? '{}', ARGS_MAX);
}

/** What the tooltip needs besides the step. */
export interface StepTooltipInput {
  readonly step: Step;
  readonly status: StepStatus;
  readonly run?: StepRun;
  /** Problems the validation gate found with the last edit of this step. */
  readonly problems?: readonly string[];
  /** The revision that replaced this step, for a replaced row. */
  readonly replacedInRevision?: number;
  /** The step's number in execution order, when it is a step of the plan the tree shows. */
  readonly number?: number;
  /** How a step this one depends on is named ("3 Test the flag"); the bare id without it. */
  readonly name?: (stepId: string) => string;
}

/** The status line: the status, the attempt after the first, and the revision that replaced the step. */
function statusLine(l10n: Localize, status: string, attempts: number, replacedInRevision: number | undefined): string {
  if (replacedInRevision === undefined) return attempts > 1 ? l10n.t('Status: {0} (attempt {1})', status, attempts) : l10n.t('Status: {0}', status);
  return attempts > 1 ? l10n.t('Status: {0} (attempt {1}); replaced in revision {2}', status, attempts, replacedInRevision) : l10n.t('Status: {0}; replaced in revision {1}', status, replacedInRevision);
}

/** What `detail` says of one of `step`'s checks, in words; undefined when it is neither's. */
function checkWords(step: Step, detail: string): string | undefined {
  return [step.precondition, step.postcondition].flatMap((check) => (check ? [checkEvidence(check, detail)] : [])).find((words) => words !== undefined);
}

/** The tooltip, as Markdown. */
export function stepTooltip(l10n: Localize, input: StepTooltipInput): string {
  const { step, status, run, problems, replacedInRevision, number, name = (stepId: string) => stepId } = input;
  // Numbered as its row is ("3 Test the flag"), the id after it for #E references and the plan file: as what
  // references call it when it reads as another number.
  const id = idDisagrees(step.id, number) ? l10n.t('referred to as {0}', inlineCode(`#${step.id}`)) : escapeMarkdown(step.id);
  const heading = number === undefined ? `**${escapeMarkdown(step.id)} · ${escapeMarkdown(step.title)}**` : `**${number} ${escapeMarkdown(step.title)}** · ${id}`;
  const lines: string[] = [heading, ''];
  const effect = effectText(l10n, step);
  lines.push(`${inlineCode(step.tool)}${effect ? ` — ${escapeMarkdown(effect)}` : ''}`, '');
  lines.push(statusLine(l10n, escapeMarkdown(stepStatusText(l10n, status)), run?.attempts ?? 0, replacedInRevision), '');
  // A failed check says why in words ("exit code: expected 0, got 1"), once: not again as the check's result or an error.
  const words = run?.failure ? failureWords(step, run.failure, run.checkDetail) : undefined;
  const checkFailed = words !== undefined && words !== run?.failure?.message;
  const why = checkFailed ? words : run?.reason;
  if (why && status !== 'succeeded') lines.push(l10n.t('Why: {0}', escapeMarkdown(shorten(why, 300))), '');
  if (step.tool === 'runCommand' && typeof step.args.command === 'string') {
    const command = inlineCode(shorten(step.args.command, 300));
    const cwd = typeof step.args.cwd === 'string' && step.args.cwd !== '.' && step.args.cwd !== '' ? step.args.cwd : undefined;
    lines.push(cwd ? l10n.t('Runs {0} in {1}', command, inlineCode(cwd)) : l10n.t('Runs {0} in the workspace folder', command), '');
  }
  lines.push(l10n.t('Arguments:'), '', codeBlock(argsPreview(step.args), 'json'), '');
  if (step.dependsOn && step.dependsOn.length > 0) lines.push(l10n.t('After: {0}', step.dependsOn.map((stepId) => escapeMarkdown(name(stepId))).join(', ')), '');
  if (step.precondition) lines.push(l10n.t('Precondition: {0}', escapeMarkdown(describeCheck(step.precondition))), '');
  // What the step checks, and once checked what was found, each said once, in words.
  const found = run?.checkDetail ? checkWords(step, run.checkDetail) : undefined;
  if (found === undefined) lines.push(step.postcondition ? l10n.t('Checks that {0}', escapeMarkdown(describeCheck(step.postcondition))) : l10n.t('Checks nothing once it ran'), '');
  if (run?.checkDetail && !checkFailed) lines.push(found === undefined ? l10n.t('Check: {0}', escapeMarkdown(shorten(run.checkDetail, 300))) : escapeMarkdown(shorten(found, 300)), '');
  if (run?.failure) {
    if (!checkFailed) lines.push(l10n.t('Error: {0}', escapeMarkdown(shorten(run.failure.message, 400))), '');
    if (run.failure.outputTail) lines.push(codeBlock(tail(run.failure.outputTail, OUTPUT_MAX)), '');
  } else if (run?.output?.text) {
    lines.push(l10n.t('Result:'), '', codeBlock(shorten(run.output.text, OUTPUT_MAX)), '');
  }
  for (const problem of problems ?? []) lines.push(`$(error) ${escapeMarkdown(problem)}`, '');
  return lines.join('\n').trimEnd();
}
