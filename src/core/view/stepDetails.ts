// The detail rows of the plan tree: the rows under a step (postcondition, dependencies, output, check detail,
// error, edit problems) and the plan's own problem rows, each a leaf with a one-line label and a Markdown tooltip.
import type { StepRun } from '../run/runState';
import { describeCheck } from '../plan/describeCheck';
import type { Step } from '../plan/planSchema';
import { shorten, tail } from '../text/shorten';
import { escapeMarkdown } from './markdownText';
import type { PlanTreeNode } from './planTreeNode';
import { DETAIL_CONTEXT_VALUE } from './stepContextValue';

const DETAIL_MAX = 120;

/** `text` on one line, shortened to `max` characters. */
export function oneLine(text: string, max = DETAIL_MAX): string {
  return shorten(text.replace(/\s+/g, ' ').trim(), max);
}

/** A leaf row under `parentId` with the given label, icon and Markdown tooltip. */
export function detail(parentId: string, key: string, stepId: string, label: string, iconId: string, tooltip: string, iconColor?: string): PlanTreeNode {
  return {
    id: `${parentId}/${key}`,
    kind: 'detail',
    stepId,
    label,
    description: '',
    tooltip,
    iconId,
    ...(iconColor ? { iconColor } : {}),
    contextValue: DETAIL_CONTEXT_VALUE,
    accessibilityLabel: label,
    expanded: false,
    children: [],
  };
}

/**
 * The rows under a step: for a step that broke, its error, check and output first (the evidence), then its
 * postcondition, dependencies (named by `name`, "3 Test the flag") and edit problems.
 */
export function stepDetails(id: string, step: Step, run: StepRun | undefined, problems: readonly string[], name: (stepId: string) => string = (stepId) => stepId): PlanTreeNode[] {
  const rows: PlanTreeNode[] = [];
  if (run?.failure) {
    rows.push(detail(id, 'error', step.id, `Error: ${oneLine(run.failure.message)}`, 'error', escapeMarkdown(run.failure.message), 'testing.iconFailed'));
  }
  if (run?.checkDetail) rows.push(detail(id, 'check', step.id, `Check: ${oneLine(run.checkDetail)}`, 'beaker', escapeMarkdown(run.checkDetail)));
  const output = run?.output?.text || run?.failure?.outputTail;
  if (output) rows.push(detail(id, 'output', step.id, `Output: ${oneLine(run?.output?.text ? output : tail(output, DETAIL_MAX))}`, 'output', escapeMarkdown(shorten(output, 1_000))));
  if (step.postcondition) {
    const text = describeCheck(step.postcondition);
    rows.push(detail(id, 'postcondition', step.id, `Postcondition: ${oneLine(text)}`, 'verified', escapeMarkdown(text)));
  }
  if (step.dependsOn && step.dependsOn.length > 0) {
    const names = step.dependsOn.map(name).join(', ');
    rows.push(detail(id, 'dependsOn', step.id, `After: ${oneLine(names)}`, 'references', `Starts after ${escapeMarkdown(names)} succeeded`));
  }
  problems.forEach((problem, index) => {
    rows.push(detail(id, `problem:${index}`, step.id, `Problem: ${oneLine(problem)}`, 'warning', escapeMarkdown(problem), 'problemsErrorIcon.foreground'));
  });
  return rows;
}
