// The step rows of the plan tree: one row per step of the plan (label, status icon and color, description,
// contextValue, detail children), cached per immutable step so a refresh rebuilds only the rows that changed,
// plus the rows of the steps a re-plan replaced while the run goes on.
import type { ApprovalPreview } from '../ports';
import type { RunStatus } from '../executor/journalRecords';
import type { ReplacedStep, StepRun } from '../executor/runState';
import type { Plan, Step } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import type { PlanTreeInput, PlanTreeNode } from './planTreeNode';
import { stepChangesFiles } from './stepChangesFiles';
import { REPLACED_CONTEXT_VALUE, stepContextValue } from './stepContextValue';
import { stepDetails } from './stepDetails';
import { STATUS_TEXT, stepTooltip } from './stepTooltip';
import { summarizeArgs } from './summarizeArgs';

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

const TERMINAL: ReadonlySet<RunStatus> = new Set(['succeeded', 'failed', 'cancelled']);
const RETRYABLE: ReadonlySet<StepStatus> = new Set(['failed', 'unknown', 'skipped', 'invalidated', 'cancelled']);
const SKIPPABLE: ReadonlySet<StepStatus> = new Set(['pending', 'approved', 'failed', 'unknown', 'invalidated']);
const FROZEN_OR_BUSY: ReadonlySet<StepStatus> = new Set(['succeeded', 'skipped', 'running']);
const UNDOABLE: ReadonlySet<StepStatus> = new Set(['succeeded', 'failed', 'unknown']);

/** What every step row of one tree is built with. */
export interface StepContext {
  readonly planId: string;
  readonly input: PlanTreeInput;
  /** The revision of the run's first plan: steps of a later revision are marked. */
  readonly baseRevision: number;
}

/** What a step row is made of besides its step; a row is rebuilt only when one of these changes. */
interface StepRowKey {
  readonly run: StepRun | undefined;
  readonly planId: string;
  readonly baseRevision: number;
  readonly hasRun: boolean;
  readonly executing: boolean;
  readonly approval: ApprovalPreview['kind'] | undefined;
  readonly problems: readonly string[] | undefined;
}

/**
 * The last row built for each step object. Steps and step runs are immutable and a journal record
 * replaces only the run it touches, so with 1,000 steps a refresh rebuilds one row, not a thousand.
 */
const rowCache = new WeakMap<Step, { readonly key: StepRowKey; readonly node: PlanTreeNode }>();

function sameKey(a: StepRowKey, b: StepRowKey): boolean {
  return (
    a.run === b.run &&
    a.planId === b.planId &&
    a.baseRevision === b.baseRevision &&
    a.hasRun === b.hasRun &&
    a.executing === b.executing &&
    a.approval === b.approval &&
    a.problems === b.problems
  );
}

function stepNode(step: Step, context: StepContext): PlanTreeNode {
  const { input } = context;
  const key: StepRowKey = {
    run: input.run?.steps.get(step.id),
    planId: context.planId,
    baseRevision: context.baseRevision,
    hasRun: input.run !== undefined,
    executing: input.executing === true,
    approval: input.approvals?.get(step.id),
    problems: input.problems?.get(step.id),
  };
  const cached = rowCache.get(step);
  if (cached && sameKey(cached.key, key)) return cached.node;
  const node = buildStepNode(step, context);
  rowCache.set(step, { key, node });
  return node;
}

function buildStepNode(step: Step, context: StepContext): PlanTreeNode {
  const { input, planId } = context;
  const run = input.run?.steps.get(step.id);
  const status: StepStatus = run?.status ?? 'pending';
  const problems = input.problems?.get(step.id) ?? [];
  const id = `${planId}/step:${step.id}`;
  const summary = summarizeArgs(step);
  const parts = [step.id, summary ? `${step.tool} ${summary}` : step.tool];
  if (input.run && run && run.revision > context.baseRevision) parts.push(`rev ${run.revision}`);
  if (run && run.attempts > 1 && status !== 'succeeded') parts.push(`attempt ${run.attempts}`);
  if (problems.length > 0) parts.push(problems.length === 1 ? '1 problem' : `${problems.length} problems`);
  const hasRun = input.run !== undefined;
  const children = stepDetails(id, step, run, problems);
  const contextValue = stepContextValue(status, {
    asking: status === 'awaitingApproval' && input.approvals?.has(step.id) === true,
    diff: status === 'awaitingApproval' && input.approvals?.get(step.id) === 'fileChanges',
    editable: !FROZEN_OR_BUSY.has(status),
    files: !FROZEN_OR_BUSY.has(status) && stepChangesFiles(step),
    output: Boolean(run?.output?.text || run?.failure?.outputTail),
    retryable: hasRun && !input.executing && RETRYABLE.has(status),
    skippable: hasRun && !input.executing && SKIPPABLE.has(status),
    undoable: hasRun && !input.executing && UNDOABLE.has(status) && (run?.before?.length ?? 0) > 0,
  });
  const color = problems.length > 0 ? 'problemsErrorIcon.foreground' : STATUS_COLORS[status];
  return {
    id,
    kind: 'step',
    stepId: step.id,
    label: step.title,
    description: parts.join(' · '),
    tooltip: stepTooltip({ step, status, ...(run ? { run } : {}), problems }),
    iconId: problems.length > 0 ? 'warning' : STATUS_ICONS[status],
    ...(color ? { iconColor: color } : {}),
    contextValue,
    accessibilityLabel: `${step.title}, ${step.id}, ${STATUS_TEXT[status]}`,
    expanded: problems.length > 0 || status === 'failed',
    children,
  };
}

function replacedNode(entry: ReplacedStep, planId: string): PlanTreeNode {
  const { step } = entry;
  const id = `${planId}/replaced:${entry.replacedInRevision}:${step.id}`;
  const summary = summarizeArgs(step);
  return {
    id,
    kind: 'replaced',
    stepId: step.id,
    label: step.title,
    description: `${step.id} · ${summary ? `${step.tool} ${summary}` : step.tool} · replaced in rev ${entry.replacedInRevision} (was ${STATUS_TEXT[entry.status]})`,
    tooltip: stepTooltip({ step, status: entry.status, replacedInRevision: entry.replacedInRevision }),
    iconId: 'history',
    iconColor: 'disabledForeground',
    contextValue: REPLACED_CONTEXT_VALUE,
    accessibilityLabel: `${step.title}, ${step.id}, replaced in revision ${entry.replacedInRevision}`,
    expanded: false,
    children: [],
  };
}

/**
 * The step rows in plan order, with the steps each re-plan replaced just before the first step that
 * re-plan introduced (or at the end), kept until the run ends.
 */
export function stepRows(plan: Plan, context: StepContext): PlanTreeNode[] {
  const { input, planId } = context;
  const run = input.run;
  const replaced = run && !TERMINAL.has(run.status) ? run.replaced : [];
  const byRevision = new Map<number, ReplacedStep[]>();
  for (const entry of replaced) byRevision.set(entry.replacedInRevision, [...(byRevision.get(entry.replacedInRevision) ?? []), entry]);
  const rows: PlanTreeNode[] = [];
  for (const step of plan.steps) {
    const revision = run?.steps.get(step.id)?.revision;
    const before = revision === undefined ? undefined : byRevision.get(revision);
    if (before) {
      for (const entry of before) rows.push(replacedNode(entry, planId));
      byRevision.delete(revision!);
    }
    rows.push(stepNode(step, context));
  }
  for (const entries of byRevision.values()) for (const entry of entries) rows.push(replacedNode(entry, planId));
  return rows;
}
