// The rows of the steps a re-plan replaced: one "Replaced in rev N" group per revision, each replaced step
// under it with the evidence it had (error, check, output) so a failure stays explainable after the re-plan
// and after the run ends. The group is open while the run goes on and closes once it has ended.
import type { ReplacedStep } from '../run/runState';
import type { Plan } from '../plan/planSchema';
import type { Localize } from '../ports';
import { escapeMarkdown } from './markdownText';
import type { PlanTreeNode } from './planTreeNode';
import { REPLACED_CONTEXT_VALUE, REPLACED_GROUP_CONTEXT_VALUE } from './stepContextValue';
import { oneLine, stepDetails } from './stepDetails';
import { stepReference } from '../plan/stepNumbers';
import { stepStatusText } from './statusText';
import { stepTooltip } from './stepTooltip';

/** What one group is built from. */
export interface ReplacedGroupInput {
  readonly planId: string;
  readonly revision: number;
  readonly entries: readonly ReplacedStep[];
  /** Why the revision was made (the re-plan's or the edit's reason). */
  readonly reason: string | undefined;
  /** The run has ended: the group closes (a new id, so VS Code does not keep it open). */
  readonly ended: boolean;
  /** The run's current plan, to name the steps a replaced one waited for. */
  readonly plan: Plan;
  readonly l10n: Localize;
}

/** The contextValue of a replaced row whose step has output to show. */
export const REPLACED_WITH_OUTPUT = `${REPLACED_CONTEXT_VALUE}:output`;

function replacedNode(l10n: Localize, entry: ReplacedStep, parentId: string, plan: Plan): PlanTreeNode {
  const { step, run } = entry;
  const status = stepStatusText(l10n, entry.status);
  const id = `${parentId}/${step.id}`;
  const hasOutput = Boolean(run?.output?.text || run?.failure?.outputTail);
  const name = (stepId: string) => stepReference(plan, stepId);
  return {
    id,
    kind: 'replaced',
    stepId: step.id,
    replacedInRevision: entry.replacedInRevision,
    // A replaced step has no number in the current plan: its title, and where it stood when it was replaced.
    label: step.title,
    description: l10n.t('{0} before the re-plan', status),
    tooltip: stepTooltip(l10n, { step, status: entry.status, ...(run ? { run } : {}), replacedInRevision: entry.replacedInRevision, name }),
    iconId: 'history',
    iconColor: entry.status === 'failed' ? 'testing.iconFailed' : 'disabledForeground',
    contextValue: hasOutput ? REPLACED_WITH_OUTPUT : REPLACED_CONTEXT_VALUE,
    accessibilityLabel: l10n.t('{0}, {1}, replaced in revision {2}, {3} before it', step.title, step.id, entry.replacedInRevision, status),
    expanded: false,
    children: stepDetails(l10n, id, step, run, [], name).map((row) => ({ ...row, replacedInRevision: entry.replacedInRevision })),
  };
}

/** The "Replaced in rev N" group of one revision, its replaced steps as children. */
export function replacedGroup(input: ReplacedGroupInput): PlanTreeNode {
  const { planId, revision, entries, reason, ended, l10n } = input;
  const id = `${planId}/replaced:${revision}${ended ? ':ended' : ''}`;
  const count = entries.length === 1 ? l10n.t('1 step') : l10n.t('{0} steps', entries.length);
  const replaced = entries.length === 1 ? l10n.t('**Revision {0}** replaced 1 step', revision) : l10n.t('**Revision {0}** replaced {1} steps', revision, entries.length);
  return {
    id,
    kind: 'group',
    label: l10n.t('Replaced in rev {0}', revision),
    description: reason ? oneLine(reason, 80) : count,
    tooltip: [replaced, ...(reason ? ['', l10n.t('Why: {0}', escapeMarkdown(reason))] : [])].join('\n'),
    iconId: 'history',
    iconColor: 'disabledForeground',
    contextValue: REPLACED_GROUP_CONTEXT_VALUE,
    accessibilityLabel: reason ? l10n.t('Replaced in revision {0}: {1}, because {2}', revision, count, reason) : l10n.t('Replaced in revision {0}: {1}', revision, count),
    expanded: !ended,
    children: entries.map((entry) => replacedNode(l10n, entry, id, input.plan)),
  };
}
