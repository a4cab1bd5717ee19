// The "Waiting for you" section pinned above the plan in the Planwright view: one row per step whose approval
// question is open now, with what approving it does (the command and folder, the files it changes, or why its
// edit can no longer apply) and why it asks. The rows exist only while the question is open, so an answered,
// paused or ended run leaves no Approve button behind. contextValue grammar: `waiting:<previewKind>` then
// `:cannotApply` (a file change that no longer applies) and `:allowable` (a command that may be always allowed).
import { isCompoundCommand } from '../executor/approvalPolicy';
import type { Plan } from '../plan/planSchema';
import type { ApprovalPreview, ApprovalRequest } from '../ports';
import { stepNumber } from '../plan/stepNumbers';
import { approvalSummary } from './approvalPrompt';
import { codeBlock, escapeMarkdown } from './markdownText';
import type { PlanTreeNode } from './planTreeNode';
import { oneLine } from './stepDetails';

/** The id of the section's row; its step rows are `waiting/step:<stepId>`. */
export const WAITING_SECTION_ID = 'waiting';

const PREVIEW_ICONS: Readonly<Record<ApprovalPreview['kind'], string>> = {
  command: 'terminal',
  fileChanges: 'diff',
  modelEdit: 'sparkle',
  none: 'question',
};

/** Why a waiting step's file change cannot apply to the files as they are now, if it cannot. */
export function previewProblem(preview: ApprovalPreview): string | undefined {
  if (preview.kind !== 'fileChanges') return undefined;
  return preview.changes.find((change) => change.problem !== undefined)?.problem;
}

/** `waiting:<previewKind>` then `:cannotApply` and `:allowable` when they hold, in that order. */
export function waitingContextValue(request: Pick<ApprovalRequest, 'preview'>): string {
  const { preview } = request;
  const flags = [
    ...(previewProblem(preview) ? ['cannotApply'] : []),
    ...(preview.kind === 'command' && !isCompoundCommand(preview.command) ? ['allowable'] : []),
  ];
  return ['waiting', preview.kind, ...flags].join(':');
}

/** The `when` clause that matches waiting rows, or those with `flag` (`cannotApply`, `allowable`). */
export function whenWaiting(flag?: 'cannotApply' | 'allowable'): string {
  return flag ? `viewItem =~ /^waiting:[A-Za-z]+(:[A-Za-z]+)*:${flag}(:|$)/` : 'viewItem =~ /^waiting:/';
}

/** The row of one waiting step: numbered as the tree numbers it, with what approving it does. */
function waitingRow(plan: Plan, request: ApprovalRequest): PlanTreeNode {
  const number = stepNumber(plan, request.stepId);
  const problem = previewProblem(request.preview);
  const summary = approvalSummary(request);
  const description = problem ? `cannot apply: ${problem}` : summary;
  const tooltip = [
    `**${escapeMarkdown(request.title)}** (${escapeMarkdown(request.stepId)}) waits for your approval.`,
    '',
    request.preview.kind === 'command' ? codeBlock(request.preview.command, 'sh') : `It ${escapeMarkdown(summary)}.`,
    '',
    ...(problem ? [`$(warning) The edit cannot apply: ${escapeMarkdown(problem)}. Approving it fails the step; reject it or edit the step.`, ''] : []),
    `Why it asks: ${escapeMarkdown(request.reason)}.`,
    '',
    request.preview.kind === 'fileChanges' ? 'Click to open the diff.' : request.preview.kind === 'command' ? 'Click to see the exact command.' : 'Click to see what it will do.',
  ];
  return {
    id: `${WAITING_SECTION_ID}/step:${request.stepId}`,
    kind: 'waitingStep',
    stepId: request.stepId,
    label: number === undefined ? request.title : `${number} ${request.title}`,
    description: `${oneLine(description)} · ${request.stepId}`,
    tooltip: tooltip.join('\n'),
    iconId: problem ? 'warning' : PREVIEW_ICONS[request.preview.kind],
    iconColor: problem ? 'problemsWarningIcon.foreground' : 'notificationsInfoIcon.foreground',
    contextValue: waitingContextValue(request),
    accessibilityLabel: `${request.title}, ${request.stepId}, waits for your approval: ${description}`,
    expanded: false,
    children: [],
  };
}

/**
 * The section listing `requests` in execution order, as the tree numbers them (steps the plan no longer has last), or nothing when no
 * step waits.
 */
export function waitingSection(plan: Plan, requests: readonly ApprovalRequest[]): PlanTreeNode[] {
  if (requests.length === 0) return [];
  const rank = (request: ApprovalRequest) => stepNumber(plan, request.stepId) ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...requests].sort((a, b) => rank(a) - rank(b));
  const count = `${sorted.length} ${sorted.length === 1 ? 'step' : 'steps'}`;
  return [
    {
      id: WAITING_SECTION_ID,
      kind: 'waiting',
      label: 'Waiting for you',
      description: count,
      tooltip: `${count} ${sorted.length === 1 ? 'waits' : 'wait'} for your approval. Click a step to see its diff or exact command; Approve and Reject are on each row and in the diff editor's title bar.`,
      iconId: 'bell-dot',
      iconColor: 'notificationsInfoIcon.foreground',
      contextValue: WAITING_SECTION_ID,
      accessibilityLabel: `Waiting for you: ${count}`,
      expanded: true,
      children: sorted.map((request) => waitingRow(plan, request)),
    },
  ];
}
