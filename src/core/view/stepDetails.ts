// The detail rows of the plan tree: the rows under a step (postcondition, dependencies, output, check detail,
// error, edit problems) and the plan's own problem rows, each a leaf with a one-line label and a Markdown tooltip.
import type { StepRun } from '../run/runState';
import { describeCheck } from '../plan/describeCheck';
import type { Step } from '../plan/planSchema';
import type { Localize } from '../ports';
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
 * postcondition, dependencies (named by `name`, "3 Test the flag") and edit problems. The evidence itself (a
 * tool's error, a check's detail, a postcondition in words) stays English: the journal and the model read it too.
 */
export function stepDetails(l10n: Localize, id: string, step: Step, run: StepRun | undefined, problems: readonly string[], name: (stepId: string) => string = (stepId) => stepId): PlanTreeNode[] {
  const rows: PlanTreeNode[] = [];
  if (run?.failure) {
    rows.push(detail(id, 'error', step.id, l10n.t('Error: {0}', oneLine(run.failure.message)), 'error', escapeMarkdown(run.failure.message), 'testing.iconFailed'));
  }
  if (run?.checkDetail) rows.push(detail(id, 'check', step.id, l10n.t('Check: {0}', oneLine(run.checkDetail)), 'beaker', escapeMarkdown(run.checkDetail)));
  const output = run?.output?.text || run?.failure?.outputTail;
  if (output) rows.push(detail(id, 'output', step.id, l10n.t('Output: {0}', oneLine(run?.output?.text ? output : tail(output, DETAIL_MAX))), 'output', escapeMarkdown(shorten(output, 1_000))));
  if (step.postcondition) {
    const text = describeCheck(step.postcondition);
    rows.push(detail(id, 'postcondition', step.id, l10n.t('Postcondition: {0}', oneLine(text)), 'verified', escapeMarkdown(text)));
  }
  if (step.dependsOn && step.dependsOn.length > 0) {
    const names = step.dependsOn.map(name).join(', ');
    rows.push(detail(id, 'dependsOn', step.id, l10n.t('After: {0}', oneLine(names)), 'references', l10n.t('Starts after {0} succeeded', escapeMarkdown(names))));
  }
  problems.forEach((problem, index) => {
    rows.push(detail(id, `problem:${index}`, step.id, l10n.t('Problem: {0}', oneLine(problem)), 'warning', escapeMarkdown(problem), 'problemsErrorIcon.foreground'));
  });
  return rows;
}
