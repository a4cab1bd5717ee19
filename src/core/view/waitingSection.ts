// The "Waiting for you" section pinned above the plan in the Planwright view: one row per step whose approval
// question is open now, with what approving it does (the command and folder, the files it changes, or why its
// edit can no longer apply) and why it asks. The rows exist only while the question is open, so an answered,
// paused or ended run leaves no Approve button behind. With several runs in the window, a question of a run other
// than the one the plan below belongs to is labelled by its run and numbered in that run's plan. contextValue grammar: `waiting:<previewKind>` then
// `:cannotApply` (a file change that no longer applies) and `:allowable` (a command that may be always allowed).
import { isCompoundCommand } from '../text/compoundCommand';
import type { Plan } from '../plan/planSchema';
import type { ApprovalPreview, ApprovalRequest, Localize } from '../ports';
import { stepNumber } from '../plan/stepNumbers';
import { approvalSummary } from './approvalPrompt';
import { codeBlock, escapeMarkdown } from './markdownText';
import type { PlanTreeNode } from './planTreeNode';
import { oneLine } from './stepDetails';

/** The id of the section's row; its step rows are `waiting/step:<stepId>` (another run's: `waiting/run:<runId>/step:<stepId>`). */
export const WAITING_SECTION_ID = 'waiting';

/** An approval question, with the run of this window that asks it (absent for a gate that is not a run's). */
export type RunApprovalRequest = ApprovalRequest & { readonly runId?: string };

/** What tells one open question from every other: its run and its step (two runs may each ask for an `S1`). */
export function approvalKey(request: Pick<RunApprovalRequest, 'stepId' | 'runId'>): string {
  return `${request.runId ?? ''}\u0000${request.stepId}`;
}

/** The window's other runs, whose questions the section labels: their run id's name and plan. */
export interface OtherRuns {
  /** The run the plan below belongs to. */
  readonly shownRunId?: string;
  readonly runs: ReadonlyMap<string, { readonly label: string; readonly plan: Plan }>;
}

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

/** What clicking a waiting row shows. */
function clickText(l10n: Localize, kind: ApprovalPreview['kind']): string {
  if (kind === 'fileChanges') return l10n.t('Click to open the diff.');
  return kind === 'command' ? l10n.t('Click to see the exact command.') : l10n.t('Click to see what it will do.');
}

/** The run `request` belongs to when it is not the one the plan view shows, else undefined. */
export function otherRunOf(request: Pick<RunApprovalRequest, 'runId'>, others: OtherRuns | undefined): { readonly label: string; readonly plan: Plan } | undefined {
  return request.runId !== undefined && request.runId !== others?.shownRunId ? others?.runs.get(request.runId) : undefined;
}

/** The row of one waiting step: numbered as the tree numbers it, with what approving it does. */
function waitingRow(l10n: Localize, shownPlan: Plan, request: RunApprovalRequest, others: OtherRuns | undefined): PlanTreeNode {
  const other = otherRunOf(request, others);
  const plan = other?.plan ?? shownPlan;
  const number = stepNumber(plan, request.stepId);
  const problem = previewProblem(request.preview);
  const summary = approvalSummary(l10n, request);
  const description = problem ? l10n.t('cannot apply: {0}', problem) : summary;
  const tooltip = [
    l10n.t('**{0}** ({1}) waits for your approval.', escapeMarkdown(request.title), escapeMarkdown(request.stepId)),
    '',
    request.preview.kind === 'command' ? codeBlock(request.preview.command, 'sh') : l10n.t('It {0}.', escapeMarkdown(summary)),
    '',
    ...(problem ? [`$(warning) ${l10n.t('The edit cannot apply: {0}. Approving it fails the step; reject it or edit the step.', escapeMarkdown(problem))}`, ''] : []),
    l10n.t('Why it asks: {0}.', escapeMarkdown(request.reason)),
    '',
    clickText(l10n, request.preview.kind),
  ];
  const label = number === undefined ? request.title : `${number} ${request.title}`;
  return {
    id: other ? `${WAITING_SECTION_ID}/run:${request.runId}/step:${request.stepId}` : `${WAITING_SECTION_ID}/step:${request.stepId}`,
    kind: 'waitingStep',
    stepId: request.stepId,
    ...(other && request.runId ? { runId: request.runId } : {}),
    label,
    description: other ? `${l10n.t('run: {0}', other.label)} · ${oneLine(description)} · ${request.stepId}` : `${oneLine(description)} · ${request.stepId}`,
    tooltip: tooltip.join('\n'),
    iconId: problem ? 'warning' : PREVIEW_ICONS[request.preview.kind],
    iconColor: problem ? 'problemsWarningIcon.foreground' : 'notificationsInfoIcon.foreground',
    contextValue: waitingContextValue(request),
    accessibilityLabel: l10n.t('{0}, {1}, waits for your approval: {2}', label, request.stepId, description),
    expanded: false,
    children: [],
  };
}

/**
 * `requests` in the order the section lists them: the shown run's first, then each other run's, each in execution
 * order as the tree numbers them (steps the plan no longer has last).
 */
export function waitingOrder<T extends RunApprovalRequest>(plan: Plan, requests: readonly T[], others?: OtherRuns): T[] {
  const runRank = (request: T) => (request.runId === undefined || request.runId === others?.shownRunId ? '' : request.runId);
  const planOf = (request: T) => (runRank(request) === '' ? plan : (others?.runs.get(runRank(request))?.plan ?? plan));
  const rank = (request: T) => stepNumber(planOf(request), request.stepId) ?? Number.MAX_SAFE_INTEGER;
  return [...requests].sort((a, b) => runRank(a).localeCompare(runRank(b)) || rank(a) - rank(b));
}

/**
 * The section listing `requests` in execution order, as the tree numbers them (steps the plan no longer has last), or nothing when no
 * step waits.
 */
export function waitingSection(l10n: Localize, plan: Plan, requests: readonly RunApprovalRequest[], others?: OtherRuns): PlanTreeNode[] {
  if (requests.length === 0) return [];
  const sorted = waitingOrder(plan, requests, others);
  const one = sorted.length === 1;
  const count = one ? l10n.t('1 step') : l10n.t('{0} steps', sorted.length);
  return [
    {
      id: WAITING_SECTION_ID,
      kind: 'waiting',
      label: l10n.t('Waiting for you'),
      description: count,
      tooltip: one
        ? l10n.t("1 step waits for your approval. Click a step to see its diff or exact command; Approve and Reject are on each row and in the diff editor's title bar.")
        : l10n.t("{0} steps wait for your approval. Click a step to see its diff or exact command; Approve and Reject are on each row and in the diff editor's title bar.", sorted.length),
      iconId: 'bell-dot',
      iconColor: 'notificationsInfoIcon.foreground',
      contextValue: WAITING_SECTION_ID,
      accessibilityLabel: l10n.t('Waiting for you: {0}', count),
      expanded: true,
      children: sorted.map((request) => waitingRow(l10n, plan, request, others)),
    },
  ];
}
