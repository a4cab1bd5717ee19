// The Markdown tooltip of a step row: what it calls with which arguments, its postcondition and effect
// class, where it stands in the run, and its last result or error. Long values are cut so a tooltip of a
// step that writes a big file stays readable.
import type { StepRun } from '../run/runState';
import { describeCheck } from '../plan/describeCheck';
import type { Step } from '../plan/planSchema';
import { stepFlags } from '../plan/stepFlags';
import type { StepStatus } from '../plan/stepStatus';
import { shorten, tail } from '../text/shorten';
import type { EffectClass } from '../tools/defineTool';
import { findTool } from '../tools/toolCatalog';
import { codeBlock, escapeMarkdown, inlineCode } from './markdownText';

const ARG_STRING_MAX = 400;
const ARGS_MAX = 2_000;
const OUTPUT_MAX = 1_200;

const EFFECT_TEXT: Readonly<Record<EffectClass, string>> = {
  readOnly: 'read-only',
  idempotent: 'changes the workspace; safe to repeat',
  nonIdempotent: 'changes the workspace; not safe to repeat',
};

/** How a status reads in a sentence. */
export const STATUS_TEXT: Readonly<Record<StepStatus, string>> = {
  pending: 'pending',
  awaitingApproval: 'waiting for your approval',
  approved: 'approved, about to run',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  unknown: 'outcome unknown',
  skipped: 'skipped',
  invalidated: 'invalidated',
  cancelled: 'cancelled',
};

/** The effect class of `step`'s call in words, or `undefined` when its tool or arguments are unknown. */
export function effectText(step: Step): string | undefined {
  const tool = findTool(step.tool);
  const parsed = tool?.input.safeParse(step.args);
  if (!tool) return undefined;
  if (!parsed?.success) return step.tool === 'runCommand' ? EFFECT_TEXT.nonIdempotent : undefined;
  const text = EFFECT_TEXT[tool.effect(parsed.data, stepFlags(step))];
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

/** The tooltip, as Markdown. */
export function stepTooltip(input: StepTooltipInput): string {
  const { step, status, run, problems, replacedInRevision, number, name = (stepId: string) => stepId } = input;
  // Numbered as its row is ("3 Test the flag"), the id after it for #E references and the plan file.
  const heading = number === undefined ? `**${escapeMarkdown(step.id)} · ${escapeMarkdown(step.title)}**` : `**${number} ${escapeMarkdown(step.title)}** · ${escapeMarkdown(step.id)}`;
  const lines: string[] = [heading, ''];
  const effect = effectText(step);
  lines.push(`${inlineCode(step.tool)}${effect ? ` — ${escapeMarkdown(effect)}` : ''}`, '');
  const attempts = run && run.attempts > 1 ? ` (attempt ${run.attempts})` : '';
  const replaced = replacedInRevision === undefined ? '' : `; replaced in revision ${replacedInRevision}`;
  lines.push(`Status: ${escapeMarkdown(STATUS_TEXT[status])}${attempts}${replaced}`, '');
  if (run?.reason && status !== 'succeeded') lines.push(`Why: ${escapeMarkdown(shorten(run.reason, 300))}`, '');
  if (step.tool === 'runCommand' && typeof step.args.command === 'string') {
    const cwd = typeof step.args.cwd === 'string' && step.args.cwd !== '.' && step.args.cwd !== '' ? inlineCode(step.args.cwd) : 'the workspace folder';
    lines.push(`Runs ${inlineCode(shorten(step.args.command, 300))} in ${cwd}`, '');
  }
  lines.push('Arguments:', '', codeBlock(argsPreview(step.args), 'json'), '');
  if (step.dependsOn && step.dependsOn.length > 0) lines.push(`After: ${step.dependsOn.map((stepId) => escapeMarkdown(name(stepId))).join(', ')}`, '');
  if (step.precondition) lines.push(`Precondition: ${escapeMarkdown(describeCheck(step.precondition))}`, '');
  lines.push(`Postcondition: ${step.postcondition ? escapeMarkdown(describeCheck(step.postcondition)) : '_none_'}`, '');
  if (run?.checkDetail) lines.push(`Check: ${escapeMarkdown(shorten(run.checkDetail, 300))}`, '');
  if (run?.failure) {
    lines.push(`Error: ${escapeMarkdown(shorten(run.failure.message, 400))}`, '');
    if (run.failure.outputTail) lines.push(codeBlock(tail(run.failure.outputTail, OUTPUT_MAX)), '');
  } else if (run?.output?.text) {
    lines.push('Result:', '', codeBlock(shorten(run.output.text, OUTPUT_MAX)), '');
  }
  for (const problem of problems ?? []) lines.push(`$(error) ${escapeMarkdown(problem)}`, '');
  return lines.join('\n').trimEnd();
}
