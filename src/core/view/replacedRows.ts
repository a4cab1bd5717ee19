// The rows of the steps a re-plan replaced: one "Replaced in rev N" group per revision, each replaced step
// under it with the evidence it had (error, check, output) so a failure stays explainable after the re-plan
// and after the run ends. The group is open while the run goes on and closes once it has ended.
import type { ReplacedStep } from '../run/runState';
import type { Plan } from '../plan/planSchema';
import { escapeMarkdown } from './markdownText';
import type { PlanTreeNode } from './planTreeNode';
import { REPLACED_CONTEXT_VALUE, REPLACED_GROUP_CONTEXT_VALUE } from './stepContextValue';
import { oneLine, stepDetails } from './stepDetails';
import { stepReference } from '../plan/stepNumbers';
import { STATUS_TEXT, stepTooltip } from './stepTooltip';

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
}

/** The contextValue of a replaced row whose step has output to show. */
export const REPLACED_WITH_OUTPUT = `${REPLACED_CONTEXT_VALUE}:output`;

function replacedNode(entry: ReplacedStep, parentId: string, plan: Plan): PlanTreeNode {
  const { step, run } = entry;
  const id = `${parentId}/${step.id}`;
  const hasOutput = Boolean(run?.output?.text || run?.failure?.outputTail);
  const name = (stepId: string) => stepReference(plan, stepId);
  return {
    id,
    kind: 'replaced',
    stepId: step.id,
    replacedInRevision: entry.replacedInRevision,
    // A replaced step has no number in the current plan: its title, with its id after the status.
    label: step.title,
    description: `was ${STATUS_TEXT[entry.status]} · ${step.id}`,
    tooltip: stepTooltip({ step, status: entry.status, ...(run ? { run } : {}), replacedInRevision: entry.replacedInRevision, name }),
    iconId: 'history',
    iconColor: entry.status === 'failed' ? 'testing.iconFailed' : 'disabledForeground',
    contextValue: hasOutput ? REPLACED_WITH_OUTPUT : REPLACED_CONTEXT_VALUE,
    accessibilityLabel: `${step.title}, ${step.id}, replaced in revision ${entry.replacedInRevision}, was ${STATUS_TEXT[entry.status]}`,
    expanded: false,
    children: stepDetails(id, step, run, [], name).map((row) => ({ ...row, replacedInRevision: entry.replacedInRevision })),
  };
}

/** The "Replaced in rev N" group of one revision, its replaced steps as children. */
export function replacedGroup(input: ReplacedGroupInput): PlanTreeNode {
  const { planId, revision, entries, reason, ended } = input;
  const id = `${planId}/replaced:${revision}${ended ? ':ended' : ''}`;
  const count = entries.length === 1 ? '1 step' : `${entries.length} steps`;
  return {
    id,
    kind: 'group',
    label: `Replaced in rev ${revision}`,
    description: reason ? oneLine(reason, 80) : count,
    tooltip: [`**Revision ${revision}** replaced ${count}`, ...(reason ? ['', `Why: ${escapeMarkdown(reason)}`] : [])].join('\n'),
    iconId: 'history',
    iconColor: 'disabledForeground',
    contextValue: REPLACED_GROUP_CONTEXT_VALUE,
    accessibilityLabel: `Replaced in revision ${revision}: ${count}${reason ? `, because ${reason}` : ''}`,
    expanded: !ended,
    children: entries.map((entry) => replacedNode(entry, id, input.plan)),
  };
}
