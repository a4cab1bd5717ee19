// The pinned "Done when" group under the goal row: one row per acceptance check of the plan, in plain words,
// with its state (not yet run, holds, fails with its evidence, already true before the run: proves nothing).
// The states come from the evidence report's reading of the run (evidenceReport.ts), so the tree and the report
// never disagree. The rows' ids carry the check's place in `plan.acceptance`, which the edit commands act on.
import type { Plan } from '../plan/planSchema';
import type { Localize } from '../ports';
import { acceptanceEvidence, type AcceptanceEvidence } from './evidenceReport';
import { escapeMarkdown, inlineCode } from './markdownText';
import type { PlanTreeNode, RunView } from './planTreeNode';
import { oneLine } from './stepDetails';

/** A "Done when" check row's state, the last part of its contextValue. */
export type DoneWhenState = 'notRun' | 'held' | 'failed' | 'alreadyTrue';

/** The contextValue of the "Done when" group row. */
export const DONE_WHEN_GROUP_CONTEXT_VALUE = 'doneWhen';

/** The `when` clause that matches the "Done when" group row. */
export const WHEN_DONE_WHEN_GROUP = 'viewItem =~ /^doneWhen$/';

/** The `when` clause that matches a check row in any state. */
export const WHEN_DONE_WHEN_CHECK = 'viewItem =~ /^doneWhenCheck:/';

/** `doneWhenCheck:<state>`, the contextValue of a check row. */
export function doneWhenCheckContextValue(state: DoneWhenState): string {
  return `doneWhenCheck:${state}`;
}

/** The id of the "Done when" group under the goal row `planId`. */
export function doneWhenGroupId(planId: string): string {
  return `${planId}/doneWhen`;
}

/** The id of the row of check `index` of `plan.acceptance`. */
export function doneWhenCheckId(planId: string, index: number): string {
  return `${doneWhenGroupId(planId)}/check:${index}`;
}

/** The place in `plan.acceptance` of the check whose row has `id`, or `undefined` for any other row. */
export function doneWhenCheckIndex(id: string): number | undefined {
  const match = /\/doneWhen\/check:(\d+)$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

/** The state of one check as its row shows it. */
export function doneWhenState(entry: AcceptanceEvidence): DoneWhenState {
  if (entry.result === 'failed') return 'failed';
  if (entry.alreadyTrue) return 'alreadyTrue';
  return entry.result === 'held' ? 'held' : 'notRun';
}

const STATE_ICONS: Readonly<Record<DoneWhenState, { readonly icon: string; readonly color?: string }>> = {
  notRun: { icon: 'circle-large-outline' },
  held: { icon: 'pass-filled', color: 'testing.iconPassed' },
  failed: { icon: 'error', color: 'testing.iconFailed' },
  alreadyTrue: { icon: 'warning', color: 'problemsWarningIcon.foreground' },
};

function stateText(l10n: Localize, state: DoneWhenState): string {
  switch (state) {
    case 'notRun':
      return l10n.t('not yet run');
    case 'held':
      return l10n.t('holds');
    case 'failed':
      return l10n.t('fails');
    case 'alreadyTrue':
      return l10n.t('already true: proves nothing');
  }
}

function checkRow(l10n: Localize, planId: string, index: number, entry: AcceptanceEvidence): PlanTreeNode {
  const words = entry.words;
  const state = doneWhenState(entry);
  const status = stateText(l10n, state);
  const tooltip = [
    `**${escapeMarkdown(words)}**`,
    '',
    l10n.t('In the plan: {0}', inlineCode(entry.check)),
    '',
    l10n.t('State: {0}', status),
    ...(state === 'notRun' ? [] : ['', escapeMarkdown(entry.evidence)]),
    ...(state === 'alreadyTrue' ? ['', l10n.t('It held before the run started, so it says nothing about what the run did: a check that fails today and holds when the goal is met proves the goal.')] : []),
  ];
  return {
    id: doneWhenCheckId(planId, index),
    kind: 'doneWhenCheck',
    label: oneLine(words),
    description: state === 'failed' ? l10n.t('fails: {0}', oneLine(entry.evidence, 80)) : status,
    tooltip: tooltip.join('\n'),
    iconId: STATE_ICONS[state].icon,
    ...(STATE_ICONS[state].color ? { iconColor: STATE_ICONS[state].color } : {}),
    contextValue: doneWhenCheckContextValue(state),
    accessibilityLabel: l10n.t('Done when {0}, {1}', words, status),
    expanded: false,
    children: [],
  };
}

/**
 * The "Done when" group of the goal row `planId` (none when the plan has no acceptance checks): a row per
 * check, its state read from `run` (before a run, every check is not yet run).
 */
export function doneWhenRows(l10n: Localize, planId: string, plan: Plan, run: RunView | undefined): PlanTreeNode[] {
  const checks = plan.acceptance ?? [];
  if (checks.length === 0) return [];
  const evidence = acceptanceEvidence(run ? { plan, revision: run.revision, ...(run.acceptance ? { acceptance: run.acceptance } : {}) } : { plan, revision: plan.revision ?? 0 });
  const rows = evidence.map((entry, index) => checkRow(l10n, planId, index, entry));
  const held = evidence.filter((entry) => entry.result === 'held').length;
  const summary = run ? l10n.t('{0} of {1} hold', held, checks.length) : checks.length === 1 ? l10n.t('1 check') : l10n.t('{0} checks', checks.length);
  return [
    {
      id: doneWhenGroupId(planId),
      kind: 'doneWhen',
      label: l10n.t('Done when'),
      description: summary,
      tooltip: l10n.t('What must hold once the last step ended for the run to succeed: checked against the workspace, not claimed by a model.'),
      iconId: 'checklist',
      contextValue: DONE_WHEN_GROUP_CONTEXT_VALUE,
      accessibilityLabel: l10n.t('Done when: {0}', summary),
      expanded: true,
      children: rows,
    },
  ];
}
