// The step rows of the plan tree: one row per step in execution order (a numbered label that fits a 300 px
// sidebar, status icon and color, a description of its status alone, contextValue, detail children), cached per immutable
// step so a refresh rebuilds only the rows that changed, with each re-plan's "Replaced in rev N" group
// (replacedRows.ts) just before the first step that re-plan introduced. A `subplan` step's row holds its
// child plan's step rows, built the same way (subplanRows.ts says which child and what it spent).
import type { ApprovalPreview, ClaimHolder, Localize } from '../ports';
import { isRunFinished } from '../run/journalRecords';
import type { ReplacedStep, StepRun } from '../run/runState';
import type { Plan, Step } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { BROKEN_STATUSES, RAN_STATUSES, RETRYABLE_STATUSES } from '../run/stepTransitions';
import type { ChildRunView, PlanTreeInput, PlanTreeNode } from './planTreeNode';
import { replacedGroup } from './replacedRows';
import { stepChangesFiles } from './stepChangesFiles';
import { REPLACED_CONTEXT_VALUE, stepContextValue, subStepContextValue } from './stepContextValue';
import { childRunOf, subplanBudgetLines, subplanOpen } from './subplanRows';
import { stepDetails } from './stepDetails';
import { executionOrder, idDisagrees, stepNumber, stepReference } from '../plan/stepNumbers';
import { stepStatusText } from './statusText';
import { stepTooltip } from './stepTooltip';
import { claimWaitText } from '../run/writeClaimTable';
import { escapeMarkdown } from './markdownText';
import { scopeGrowthNote } from './scopeGrowthNote';

const STATUS_ICONS: Readonly<Record<StepStatus, string>> = {
  pending: 'circle-large-outline',
  awaitingApproval: 'question',
  approved: 'thumbsup',
  running: 'loading~spin',
  succeeded: 'pass-filled',
  failed: 'error',
  unknown: 'warning',
  skipped: 'debug-step-over',
  invalidated: 'circle-slash',
  cancelled: 'close',
};

/** Theme colors that keep the status readable in light and dark themes alike. */
const STATUS_COLORS: Readonly<Partial<Record<StepStatus, string>>> = {
  awaitingApproval: 'notificationsInfoIcon.foreground',
  succeeded: 'testing.iconPassed',
  failed: 'testing.iconFailed',
  unknown: 'problemsWarningIcon.foreground',
  skipped: 'disabledForeground',
  invalidated: 'disabledForeground',
  cancelled: 'disabledForeground',
};

/** A step in one of these shows its evidence: its row opens by itself. */
const BROKEN = BROKEN_STATUSES;
const RETRYABLE = RETRYABLE_STATUSES;
const SKIPPABLE: ReadonlySet<StepStatus> = new Set(['pending', 'approved', 'failed', 'unknown', 'invalidated']);
const FROZEN_OR_BUSY: ReadonlySet<StepStatus> = new Set(['succeeded', 'skipped', 'running']);
const UNDOABLE = RAN_STATUSES;

/** What every step row of one tree is built with. */
export interface StepContext {
  readonly l10n: Localize;
  readonly planId: string;
  readonly input: PlanTreeInput;
  /** The revision of the run's first plan: steps of a later revision are marked. */
  readonly baseRevision: number;
  /** The plan the rows show: numbers and references are its. */
  readonly plan: Plan;
  /**
   * For a sub-plan's rows: the path of `subplan` steps above them (`E3/`, `E3/E1/`), which prefixes their
   * step ids (and their approvals' keys). Such rows are looked at, not edited: see `subStepContextValue`.
   */
  readonly path?: string;
}

/** What a step row is made of besides its step; a row is rebuilt only when one of these changes. */
interface StepRowKey {
  readonly l10n: Localize;
  readonly run: StepRun | undefined;
  readonly planId: string;
  readonly baseRevision: number;
  readonly hasRun: boolean;
  readonly executing: boolean;
  readonly approval: ApprovalPreview['kind'] | undefined;
  readonly claimWait: ClaimHolder | undefined;
  readonly problems: readonly string[] | undefined;
  readonly number: number | undefined;
  readonly references: string;
  readonly path: string;
  /** The step widens the approved scope while it waits (scopeGrowthNote.ts), which the run's step alone does not say. */
  readonly scopeGrowth: string | undefined;
}

/**
 * The last row built for each step object. Steps and step runs are immutable and a journal record
 * replaces only the run it touches, so with 1,000 steps a refresh rebuilds one row, not a thousand.
 */
const rowCache = new WeakMap<Step, { readonly key: StepRowKey; readonly node: PlanTreeNode }>();

function sameKey(a: StepRowKey, b: StepRowKey): boolean {
  return (
    a.l10n === b.l10n &&
    a.run === b.run &&
    a.planId === b.planId &&
    a.baseRevision === b.baseRevision &&
    a.hasRun === b.hasRun &&
    a.executing === b.executing &&
    a.approval === b.approval &&
    a.claimWait === b.claimWait &&
    a.problems === b.problems &&
    a.number === b.number &&
    a.references === b.references &&
    a.path === b.path &&
    a.scopeGrowth === b.scopeGrowth
  );
}

function stepNode(step: Step, context: StepContext): PlanTreeNode {
  const { input } = context;
  const path = context.path ?? '';
  const child = childRunOf(input.run?.runId, step, input.children);
  // A sub-plan's row holds its child's rows, which change without its own run changing: built each time.
  if (child) return buildStepNode(step, context, child);
  const key: StepRowKey = {
    l10n: context.l10n,
    run: input.run?.steps.get(step.id),
    planId: context.planId,
    baseRevision: context.baseRevision,
    hasRun: input.run !== undefined,
    executing: input.executing === true,
    approval: input.approvals?.get(path + step.id),
    claimWait: input.claimWaits?.get(path + step.id),
    problems: input.problems?.get(step.id),
    number: stepNumber(context.plan, step.id),
    references: (step.dependsOn ?? []).map((id) => stepReference(context.plan, id)).join('\n'),
    path,
    scopeGrowth: rowScopeGrowth(step, context),
  };
  const cached = rowCache.get(step);
  if (cached && sameKey(cached.key, key)) return cached.node;
  const node = buildStepNode(step, context, undefined);
  rowCache.set(step, { key, node });
  return node;
}

/** The row's note that its step waits because it widens the approved scope; a sub-plan's steps have no such scope. */
function rowScopeGrowth(step: Step, context: StepContext): string | undefined {
  const run = context.input.run;
  return context.path ? undefined : scopeGrowthNote(context.l10n, step, run?.steps.get(step.id)?.status ?? 'pending', run);
}

/** The lasting part of a step row's id: `<planId>/step:<id>`; a sub-plan's rows are under their step's, `…/step:E3/step:E1`. */
function baseRowId(planId: string, step: Step): string {
  return `${planId}/step:${step.id}`;
}

/**
 * A step row's id. A step that broke gets a new id for each broken attempt, and a `subplan` step one while
 * its child runs: VS Code keeps a row's expanded state by id, and only a row it has not seen before opens
 * as the model says (so the sub-plan opens while it works and is closed again once it is done).
 */
function stepRowId(planId: string, step: Step, run: StepRun | undefined, child: ChildRunView | undefined): string {
  const id = baseRowId(planId, step);
  if (run && BROKEN.has(run.status)) return `${id}@${run.status}${run.attempts}`;
  return run?.status === 'running' && child ? `${id}@running${run.attempts}` : id;
}

/** A row's id as it is read out: as what references call it when it reads as another number than the row's. */
function idText(l10n: Localize, stepId: string, number: number | undefined): string {
  return idDisagrees(stepId, number) ? l10n.t('referred to as {0}', `#${stepId}`) : stepId;
}

/** The row's label: its number and title, with the revision that introduced it when a re-plan did. */
export function stepLabel(l10n: Localize, number: number | undefined, title: string, revision?: number): string {
  return revision === undefined ? `${number ?? '?'} ${title}` : l10n.t('{0} (rev {1}) {2}', number ?? '?', revision, title);
}

function buildStepNode(step: Step, context: StepContext, child: ChildRunView | undefined): PlanTreeNode {
  const { input, planId, l10n } = context;
  const path = context.path ?? '';
  const nested = path !== '';
  const run = input.run?.steps.get(step.id);
  const status: StepStatus = run?.status ?? 'pending';
  const problems = input.problems?.get(step.id) ?? [];
  const id = stepRowId(planId, step, run, child);
  const budget = subplanBudgetLines(l10n, step, child);
  const revised = input.run && run && run.revision > context.baseRevision ? run.revision : undefined;
  const hasRun = input.run !== undefined;
  const approval = input.approvals?.get(path + step.id);
  // A paused run's waiting step has no question open: it waits for the run to carry on, not for an answer.
  const held = !nested && hasRun && !input.executing && status === 'awaitingApproval' && approval === undefined;
  const claimWait = input.claimWaits?.get(path + step.id);
  const statusText = claimWait ? claimWaitText(claimWait, l10n) : held ? l10n.t('waiting (run paused)') : stepStatusText(l10n, status, run?.undone);
  const growth = rowScopeGrowth(step, context);
  // The description says where the step stands, nothing else: its title is the label, its call the tooltip's.
  const parts = [statusText, ...(growth ? [growth] : [])];
  if (run && run.attempts > 1 && status !== 'succeeded') parts.push(l10n.t('attempt {0}', run.attempts));
  if (problems.length > 0) parts.push(problems.length === 1 ? l10n.t('1 problem') : l10n.t('{0} problems', problems.length));
  if (budget.description) parts.push(budget.description);
  const number = stepNumber(context.plan, step.id);
  const name = (stepId: string) => stepReference(context.plan, stepId);
  const children = [
    ...(child ? childRows(l10n, baseRowId(planId, step), `${path}${step.id}/`, child, input) : []),
    ...stepDetails(l10n, id, step, run, problems, name).map((row) => (nested ? { ...row, stepId: path + step.id } : row)),
  ];
  const contextValue = nested ? subStepContextValue(status) : stepContextValue(status, {
    asking: status === 'awaitingApproval' && approval !== undefined,
    diff: status === 'awaitingApproval' && approval === 'fileChanges',
    editable: !FROZEN_OR_BUSY.has(status),
    files: !FROZEN_OR_BUSY.has(status) && stepChangesFiles(step),
    output: Boolean(run?.output?.text || run?.failure?.outputTail),
    retryable: hasRun && !input.executing && RETRYABLE.has(status),
    skippable: hasRun && !input.executing && SKIPPABLE.has(status),
    undoable: hasRun && !input.executing && UNDOABLE.has(status) && !run?.undone && (run?.before?.length ?? 0) > 0,
  });
  const color = problems.length > 0 ? 'problemsErrorIcon.foreground' : run?.undone ? 'disabledForeground' : STATUS_COLORS[status];
  const tooltip = stepTooltip(l10n, { step, status, ...(run ? { run } : {}), problems, ...(number === undefined ? {} : { number }), name });
  const label = stepLabel(l10n, number, step.title, revised);
  return {
    id,
    kind: 'step',
    stepId: path + step.id,
    label,
    description: parts.join(' · '),
    tooltip: [tooltip, ...budget.tooltip.map(escapeMarkdown), ...(nested ? [l10n.t('Step {0} of a sub-plan', escapeMarkdown(path + step.id))] : [])].join('\n\n'),
    iconId: problems.length > 0 ? 'warning' : run?.undone ? 'discard' : STATUS_ICONS[status],
    ...(color ? { iconColor: color } : {}),
    contextValue,
    // What the row shows, number first, then the id a reference names and the status the icon shows.
    accessibilityLabel: `${label}, ${nested ? path + step.id : idText(l10n, step.id, number)}, ${statusText}`,
    expanded: problems.length > 0 || BROKEN.has(status) || subplanOpen(status, child),
    children,
  };
}

/**
 * The rows of `child`, the sub-plan of the step whose row is `parentRowId`: its step rows as the top plan's
 * are built, ids under the parent's row, step ids under `path`, and nothing that acts on a step of the top
 * run (a replaced row offers no output command: that command reads the top run).
 */
function childRows(l10n: Localize, parentRowId: string, path: string, child: ChildRunView, input: PlanTreeInput): PlanTreeNode[] {
  const childInput: PlanTreeInput = {
    plan: child.plan,
    source: input.source,
    run: child,
    executing: input.executing === true && child.status === 'running',
    ...(input.approvals ? { approvals: input.approvals } : {}),
    ...(input.children ? { children: input.children } : {}),
  };
  const rows = stepRows(child.plan, { l10n, planId: parentRowId, input: childInput, baseRevision: child.revision - child.replanReasons.length, plan: child.plan, path });
  return rows.map((row) => (row.kind === 'group' ? { ...row, children: row.children.map((replaced) => ({ ...replaced, stepId: path + replaced.stepId, contextValue: REPLACED_CONTEXT_VALUE })) } : row));
}

/**
 * The step rows in execution order, each re-plan's "Replaced in rev N" group just before the first step
 * that re-plan introduced (or at the end); the groups stay after the run ends, collapsed.
 */
export function stepRows(plan: Plan, context: StepContext): PlanTreeNode[] {
  const { input, planId } = context;
  const run = input.run;
  const ended = run !== undefined && isRunFinished(run.status);
  const byRevision = new Map<number, ReplacedStep[]>();
  for (const entry of run?.replaced ?? []) byRevision.set(entry.replacedInRevision, [...(byRevision.get(entry.replacedInRevision) ?? []), entry]);
  const group = (revision: number, entries: readonly ReplacedStep[]) =>
    replacedGroup({ l10n: context.l10n, planId, revision, entries, reason: run?.replanReasons[revision - context.baseRevision - 1], ended, plan });
  const rows: PlanTreeNode[] = [];
  for (const step of executionOrder(plan)) {
    const revision = run?.steps.get(step.id)?.revision;
    const before = revision === undefined ? undefined : byRevision.get(revision);
    if (before) {
      rows.push(group(revision!, before));
      byRevision.delete(revision!);
    }
    rows.push(stepNode(step, context));
  }
  for (const [revision, entries] of byRevision) rows.push(group(revision, entries));
  return rows;
}
