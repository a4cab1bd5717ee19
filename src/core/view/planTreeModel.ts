// The plan tree's view model: what each row of the Planwright view shows (label, description, icon, Markdown
// tooltip, contextValue, children) and its stable id, decided purely from a plan, its run (live or replayed
// from the journal), the approvals waiting for an answer and the problems of the last edit. The VS Code tree
// provider only turns these nodes into TreeItems. This file owns the goal row and the row ids; step rows are
// built in stepRows.ts, detail rows in stepDetails.ts, the pinned "Done when" group in doneWhenRows.ts.
import type { Plan } from '../plan/planSchema';
import type { Localize } from '../ports';
import { shorten } from '../text/shorten';
import { doneWhenRows } from './doneWhenRows';
import { escapeMarkdown } from './markdownText';
import type { PlanTreeInput, PlanTreeNode, RunView } from './planTreeNode';
import { planContextValue, type PlanRowStatus } from './stepContextValue';
import { detail, oneLine } from './stepDetails';
import { planStatusText, undoneText } from './statusText';
import { runStatusWords } from './costCapText';
import { stepRows } from './stepRows';
import { waitingSection } from './waitingSection';

const PLAN_ICONS: Readonly<Record<PlanRowStatus, string>> = {
  idle: 'checklist',
  running: 'loading~spin',
  awaitingApproval: 'question',
  needsReplan: 'warning',
  paused: 'debug-pause',
  succeeded: 'pass-filled',
  failed: 'error',
  cancelled: 'close',
  undone: 'discard',
};

/**
 * The goal row's status: the run's; `undone` once an undo put its files back; `paused` for a run that stopped
 * without finishing; `awaitingApproval` while an executing run has steps waiting for an answer; `idle` before a run.
 */
export function planRowStatus(run: RunView | undefined, executing: boolean, waiting = 0): PlanRowStatus {
  if (!run) return 'idle';
  if (!executing && run.undone) return 'undone';
  if (!executing && run.status === 'running') return 'paused';
  if (executing && run.status === 'running' && waiting > 0) return 'awaitingApproval';
  return run.status;
}

/** The id of the goal row for a plan from `source`; step rows are `<planId>/step:<stepId>`. */
export function planNodeId(source: string): string {
  return `plan:${source}`;
}

/** The step count, and the plan's revision when it has one: `3 steps · revision 2`. */
function stepCountText(l10n: Localize, count: number, revision: number | undefined): string {
  if (!revision) return count === 1 ? l10n.t('1 step') : l10n.t('{0} steps', count);
  return count === 1 ? l10n.t('1 step · revision {0}', revision) : l10n.t('{0} steps · revision {1}', count, revision);
}

// The goal row says nothing that changes with every step (progress, tokens): refreshing it refreshes all of
// its children, so progress goes to the view's description and the status bar instead.
function planTooltip(l10n: Localize, input: PlanTreeInput, plan: Plan, status: PlanRowStatus): string {
  const source = escapeMarkdown(input.source);
  const lines = [`**${escapeMarkdown(plan.goal)}**`, '', input.unsaved ? l10n.t('Plan: {0} (unsaved changes)', source) : l10n.t('Plan: {0}', source), ''];
  const run = input.run;
  if (run) {
    lines.push(l10n.t('Revision {0} · {1}', run.revision, escapeMarkdown(runStatusWords(l10n, status, run.costCapPause))), '');
    if (run.undone) lines.push(escapeMarkdown(undoneText(l10n, plan, run.undone)), '');
    else if (run.statusReason && status !== 'running') lines.push(escapeMarkdown(shorten(run.statusReason, 600)), '');
    const base = run.revision - run.replanReasons.length;
    run.replanReasons.forEach((reason, index) => lines.push(`- ${l10n.t('Revision {0}: {1}', base + index + 1, escapeMarkdown(shorten(revisionWhy(l10n, reason), 300)))}`));
    if (run.replanReasons.length > 0) lines.push('');
  } else {
    lines.push(stepCountText(l10n, plan.steps.length, plan.revision), '');
  }
  for (const problem of input.problems?.get('') ?? []) lines.push(`$(error) ${escapeMarkdown(problem)}`, '');
  return lines.join('\n').trimEnd();
}

/**
 * Why a revision exists, as the goal row says it: a re-plan's reason starts by naming the step that broke
 * ("4 Run the tests failed: …", or a bare id for a step the plan no longer has).
 */
export function revisionWhy(l10n: Localize, reason: string): string {
  return /^(\d+ [^\n]+?|\S+) (failed|unknown): /.test(reason) ? l10n.t('re-planned after {0}', reason) : reason;
}

/** The row that says a broken step's recovery is under way, shown while the run executes. */
function recoveringRow(l10n: Localize, planId: string, run: RunView | undefined, executing: boolean): PlanTreeNode[] {
  if (!run?.recovering || !executing) return [];
  const text = run.recovering.kind === 'repair' ? l10n.t('Repairing {0}', run.recovering.reason) : l10n.t('Re-planning after {0}', run.recovering.reason);
  return [{ ...detail(planId, 'recovering', run.recovering.stepId, oneLine(text), 'loading~spin', escapeMarkdown(text)), description: '' }];
}

/**
 * While the planner is still writing a streamed plan: a row saying so. It also gives the goal row a child
 * before the first step arrives, so the row opens expanded (VS Code keeps a row that had no children closed).
 */
function planningRow(l10n: Localize, planId: string, run: RunView | undefined, executing: boolean): PlanTreeNode[] {
  if (!run?.planOpen || !executing) return [];
  const text = l10n.t('Planning: steps appear as the planner writes them');
  return [{ ...detail(planId, 'planning', '', text, 'loading~spin', text), description: '' }];
}

/** The goal row's label: the goal, after the revision once a re-plan or an edit made one. */
function planLabel(l10n: Localize, plan: Plan, run: RunView | undefined): string {
  return run && run.replanReasons.length > 0 ? l10n.t('(rev {0}) {1}', run.revision, plan.goal) : plan.goal;
}

function planDescription(l10n: Localize, input: PlanTreeInput, plan: Plan, status: PlanRowStatus): string {
  const run = input.run;
  const parts = run ? [l10n.t('rev {0}', run.revision), runStatusWords(l10n, status, run.costCapPause)] : [input.source, ...(plan.revision ? [l10n.t('rev {0}', plan.revision)] : [])];
  if (input.unsaved) parts.push(l10n.t('unsaved'));
  return parts.join(' · ');
}

/** The rows of the plan tree: the "Waiting for you" section while steps wait, then one goal row whose children are the step rows. */
export function planTreeModel(l10n: Localize, input: PlanTreeInput): readonly PlanTreeNode[] {
  const plan = input.run?.plan ?? input.plan;
  const planId = planNodeId(input.source);
  const run = input.run;
  const status = planRowStatus(run, input.executing === true, input.approvals?.size ?? 0);
  const baseRevision = run ? run.revision - run.replanReasons.length : 0;
  const planProblems = input.problems?.get('') ?? [];
  const children = [
    ...doneWhenRows(l10n, planId, plan, run),
    ...planProblems.map((problem, index) => detail(planId, `problem:${index}`, '', l10n.t('Problem: {0}', oneLine(problem)), 'warning', escapeMarkdown(problem), 'problemsErrorIcon.foreground')),
    ...recoveringRow(l10n, planId, run, input.executing === true),
    ...stepRows(plan, { l10n, planId, input, baseRevision, plan }),
    ...planningRow(l10n, planId, run, input.executing === true),
  ];
  return [
    ...waitingSection(l10n, plan, input.waiting ?? [], input.otherRuns),
    {
      id: planId,
      kind: 'plan',
      label: planLabel(l10n, plan, run),
      description: planDescription(l10n, input, plan, status),
      tooltip: planTooltip(l10n, input, plan, status),
      iconId: PLAN_ICONS[status],
      ...(status === 'succeeded' ? { iconColor: 'testing.iconPassed' } : status === 'failed' ? { iconColor: 'testing.iconFailed' } : {}),
      contextValue: planContextValue(status),
      accessibilityLabel: l10n.t('Plan: {0}, {1}', plan.goal, planStatusText(l10n, status)),
      expanded: true,
      children,
    },
  ];
}
