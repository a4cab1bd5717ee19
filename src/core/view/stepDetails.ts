// The detail rows of the plan tree: the rows under a step (error, output, one row per check with what it found,
// dependencies, edit problems) and the plan's own problem rows, each a leaf with a one-line label and a Markdown tooltip.
import type { Check } from '../checks/checkSchema';
import type { StepRun } from '../run/runState';
import { formatCheck } from '../plan/compact/checkGrammar';
import { describeCheck } from '../plan/describeCheck';
import type { Step } from '../plan/planSchema';
import type { Localize } from '../ports';
import { shorten, tail } from '../text/shorten';
import { checkEvidence } from '../plan/checkEvidence';
import { escapeMarkdown, inlineCode } from './markdownText';
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

/** The row of `check` (the step's `role` check): its result in words once checked, what it checks before. */
function checkRow(l10n: Localize, id: string, step: Step, role: 'precondition' | 'postcondition', check: Check, run: StepRun | undefined): PlanTreeNode {
  const words = describeCheck(check);
  const failed = run?.failure?.reason === role;
  const evidence = run?.checkDetail && (failed || role === 'postcondition') ? checkEvidence(check, run.checkDetail) : undefined;
  const inPlan = l10n.t('In the plan: {0}', inlineCode(formatCheck(check)));
  if (evidence === undefined) {
    const label = role === 'precondition' ? l10n.t('Needs first: {0}', oneLine(words)) : l10n.t('Checks that {0}', oneLine(words));
    return detail(id, role, step.id, label, 'verified', `${escapeMarkdown(words)}\n\n${inPlan}`);
  }
  const label = role === 'precondition' ? l10n.t('Needs first: {0}', oneLine(evidence)) : oneLine(evidence);
  return detail(id, role, step.id, label, failed ? 'error' : 'pass', `${escapeMarkdown(evidence)}\n\n${inPlan}`, failed ? 'testing.iconFailed' : 'testing.iconPassed');
}

/**
 * The rows under a step: for a step that broke, its error and output first (the evidence), then one row per
 * check saying what it requires and, once checked, what was found (a failed check is its own error row),
 * then its dependencies (named by `name`, "3 Test the flag") and edit problems. The evidence itself (a tool's
 * error, what a check found) stays English: the journal and the model read it too.
 */
export function stepDetails(l10n: Localize, id: string, step: Step, run: StepRun | undefined, problems: readonly string[], name: (stepId: string) => string = (stepId) => stepId): PlanTreeNode[] {
  const rows: PlanTreeNode[] = [];
  const pre = step.precondition ? checkRow(l10n, id, step, 'precondition', step.precondition, run) : undefined;
  const post = step.postcondition ? checkRow(l10n, id, step, 'postcondition', step.postcondition, run) : undefined;
  // A check that failed says so in its own row, with what it found: an error row would say it again.
  const reason = run?.failure?.reason;
  const broke = reason === 'precondition' ? pre : reason === 'postcondition' ? post : undefined;
  const failedCheck = broke?.iconId === 'error' ? broke : undefined;
  if (run?.failure && !failedCheck) {
    rows.push(detail(id, 'error', step.id, l10n.t('Error: {0}', oneLine(run.failure.message)), 'error', escapeMarkdown(run.failure.message), 'testing.iconFailed'));
  }
  if (failedCheck) rows.push(failedCheck);
  // A result no check of the step accounts for (one settled by a status check) is still shown.
  const unexplained = run?.checkDetail && ![step.precondition, step.postcondition].some((check) => check && checkEvidence(check, run.checkDetail!) !== undefined);
  if (unexplained) rows.push(detail(id, 'check', step.id, l10n.t('Check: {0}', oneLine(run.checkDetail!)), 'beaker', escapeMarkdown(run.checkDetail!)));
  const output = run?.output?.text || run?.failure?.outputTail;
  if (output) rows.push(detail(id, 'output', step.id, l10n.t('Output: {0}', oneLine(run?.output?.text ? output : tail(output, DETAIL_MAX))), 'output', escapeMarkdown(shorten(output, 1_000))));
  for (const row of [pre, post]) if (row && row !== failedCheck) rows.push(row);
  if (step.dependsOn && step.dependsOn.length > 0) {
    const names = step.dependsOn.map(name).join(', ');
    rows.push(detail(id, 'dependsOn', step.id, l10n.t('After: {0}', oneLine(names)), 'references', l10n.t('Starts after {0} succeeded', escapeMarkdown(names))));
  }
  problems.forEach((problem, index) => {
    rows.push(detail(id, `problem:${index}`, step.id, l10n.t('Problem: {0}', oneLine(problem)), 'warning', escapeMarkdown(problem), 'problemsErrorIcon.foreground'));
  });
  return rows;
}
