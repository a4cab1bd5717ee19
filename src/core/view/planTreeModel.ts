// The plan tree's view model: what each row of the Planwright view shows (label, description, icon, Markdown
// tooltip, contextValue, children) and its stable id, decided purely from a plan, its run (live or replayed
// from the journal), the approvals waiting for an answer and the problems of the last edit. The VS Code tree
// provider only turns these nodes into TreeItems.
import type { ApprovalPreview } from '../ports';
import type { RunStatus } from '../executor/journalRecords';
import type { ReplacedStep, RunState, StepRun } from '../executor/runState';
import { describeCheck } from '../plan/describeCheck';
import type { Plan, Step } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { shorten } from '../textPreview';
import { escapeMarkdown } from './markdownText';
import { DETAIL_CONTEXT_VALUE, planContextValue, REPLACED_CONTEXT_VALUE, stepContextValue, type PlanRowStatus } from './stepContextValue';
import { STATUS_TEXT, stepTooltip } from './stepTooltip';

export { stepContextValue } from './stepContextValue';

/** What kind of row a node is. */
export type PlanTreeNodeKind = 'plan' | 'step' | 'replaced' | 'detail';

/** One row of the plan tree. `iconId` is a codicon id, `iconColor` a theme color id; `id` is stable across refreshes. */
export interface PlanTreeNode {
  readonly id: string;
  readonly kind: PlanTreeNodeKind;
  /** The step this row is about (for step, replaced and detail rows). */
  readonly stepId?: string;
  readonly label: string;
  readonly description: string;
  /** Markdown. */
  readonly tooltip: string;
  readonly iconId: string;
  readonly iconColor?: string;
  readonly contextValue: string;
  /** Read by screen readers instead of the label. */
  readonly accessibilityLabel: string;
  /** Whether a row with children starts expanded. */
  readonly expanded: boolean;
  readonly children: readonly PlanTreeNode[];
}

/** The part of a run the tree shows. */
export type RunView = Pick<RunState, 'plan' | 'status' | 'statusReason' | 'revision' | 'steps' | 'replaced' | 'replanReasons' | 'usage'>;

/** What the tree shows: a plan, where it came from, and (once it runs) its run. */
export interface PlanTreeInput {
  /** The plan as opened or edited; a run's own plan (its current revision) takes its place once it runs. */
  readonly plan: Plan;
  /** The plan file, relative to the workspace when it is inside it (or a name for a plan not yet saved). */
  readonly source: string;
  readonly run?: RunView;
  /** True while the run executes in this window (a replayed run that is not executing can be resumed). */
  readonly executing?: boolean;
  /** Steps waiting for the user's answer now, with the kind of preview approving them comes with. */
  readonly approvals?: ReadonlyMap<string, ApprovalPreview['kind']>;
  /** Problems the validation gate found with the last edit, by step id ('' for the plan as a whole). */
  readonly problems?: ReadonlyMap<string, readonly string[]>;
  /** The plan was edited and not saved. */
  readonly unsaved?: boolean;
}

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

const PLAN_ICONS: Readonly<Record<PlanRowStatus, string>> = {
  idle: 'checklist',
  running: 'loading~spin',
  awaitingApproval: 'question',
  needsReplan: 'warning',
  paused: 'debug-pause',
  succeeded: 'pass-filled',
  failed: 'error',
  cancelled: 'close',
};

const PLAN_STATUS_TEXT: Readonly<Record<PlanRowStatus, string>> = {
  idle: 'not run yet',
  running: 'running',
  awaitingApproval: 'waiting for approval',
  needsReplan: 'needs a re-plan',
  paused: 'paused',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

const TERMINAL: ReadonlySet<RunStatus> = new Set(['succeeded', 'failed', 'cancelled']);
const RETRYABLE: ReadonlySet<StepStatus> = new Set(['failed', 'unknown', 'skipped', 'invalidated', 'cancelled']);
const SKIPPABLE: ReadonlySet<StepStatus> = new Set(['pending', 'approved', 'failed', 'unknown', 'invalidated']);
const FROZEN_OR_BUSY: ReadonlySet<StepStatus> = new Set(['succeeded', 'skipped', 'running']);
const UNDOABLE: ReadonlySet<StepStatus> = new Set(['succeeded', 'failed', 'unknown']);

/** The argument that says most about a step's tool call, in the order tried. */
const SUMMARY_ARGS = ['path', 'command', 'glob', 'pattern', 'from', 'instruction'] as const;
const SUMMARY_MAX = 60;
const DETAIL_MAX = 120;

/** The short text after a step's tool name: its main argument, shortened. */
export function summarizeArgs(step: Pick<Step, 'args'>): string {
  for (const key of SUMMARY_ARGS) {
    const value = step.args[key];
    if (typeof value === 'string' && value.length > 0) {
      const oneLine = value.replace(/\s+/g, ' ').trim();
      return oneLine.length > SUMMARY_MAX ? `${oneLine.slice(0, SUMMARY_MAX - 1)}…` : oneLine;
    }
  }
  return '';
}

/**
 * The goal row's status: the run's; `paused` for a run that stopped without finishing; `awaitingApproval`
 * while an executing run has steps waiting for an answer; `idle` before a run.
 */
export function planRowStatus(run: RunView | undefined, executing: boolean, waiting = 0): PlanRowStatus {
  if (!run) return 'idle';
  if (!executing && run.status === 'running') return 'paused';
  if (executing && run.status === 'running' && waiting > 0) return 'awaitingApproval';
  return run.status;
}

/** The id of the goal row for a plan from `source`; step rows are `<planId>/step:<stepId>`. */
export function planNodeId(source: string): string {
  return `plan:${source}`;
}

/** The id of the row of step `stepId`. */
export function stepNodeId(source: string, stepId: string): string {
  return `${planNodeId(source)}/step:${stepId}`;
}

function oneLine(text: string, max = DETAIL_MAX): string {
  return shorten(text.replace(/\s+/g, ' ').trim(), max);
}

function detail(parentId: string, key: string, stepId: string, label: string, iconId: string, tooltip: string, iconColor?: string): PlanTreeNode {
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

/** The rows under a step: its postcondition, dependencies, output, check detail, error and edit problems. */
function stepDetails(id: string, step: Step, run: StepRun | undefined, problems: readonly string[]): PlanTreeNode[] {
  const rows: PlanTreeNode[] = [];
  if (step.postcondition) {
    const text = describeCheck(step.postcondition);
    rows.push(detail(id, 'postcondition', step.id, `Postcondition: ${oneLine(text)}`, 'verified', escapeMarkdown(text)));
  }
  if (step.dependsOn && step.dependsOn.length > 0) {
    rows.push(detail(id, 'dependsOn', step.id, `After: ${step.dependsOn.join(', ')}`, 'references', `Starts after ${escapeMarkdown(step.dependsOn.join(', '))} succeeded`));
  }
  const output = run?.output?.text;
  if (output) rows.push(detail(id, 'output', step.id, `Output: ${oneLine(output)}`, 'output', escapeMarkdown(shorten(output, 1_000))));
  if (run?.checkDetail) rows.push(detail(id, 'check', step.id, `Check: ${oneLine(run.checkDetail)}`, 'beaker', escapeMarkdown(run.checkDetail)));
  if (run?.failure) {
    rows.push(detail(id, 'error', step.id, `Error: ${oneLine(run.failure.message)}`, 'error', escapeMarkdown(run.failure.message), 'testing.iconFailed'));
  }
  problems.forEach((problem, index) => {
    rows.push(detail(id, `problem:${index}`, step.id, `Problem: ${oneLine(problem)}`, 'warning', escapeMarkdown(problem), 'problemsErrorIcon.foreground'));
  });
  return rows;
}

interface StepContext {
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
    diff: status === 'awaitingApproval' && input.approvals?.get(step.id) === 'fileChanges',
    editable: !FROZEN_OR_BUSY.has(status),
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
function stepRows(plan: Plan, context: StepContext): PlanTreeNode[] {
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

// The goal row says nothing that changes with every step (progress, tokens): refreshing it refreshes all of
// its children, so progress goes to the view's description and the status bar instead.
function planTooltip(input: PlanTreeInput, plan: Plan, status: PlanRowStatus): string {
  const lines = [`**${escapeMarkdown(plan.goal)}**`, '', `Plan: ${escapeMarkdown(input.source)}${input.unsaved ? ' (unsaved changes)' : ''}`, ''];
  const run = input.run;
  if (run) {
    lines.push(`Revision ${run.revision} · ${escapeMarkdown(PLAN_STATUS_TEXT[status])}`, '');
    if (run.statusReason && status !== 'running') lines.push(escapeMarkdown(shorten(run.statusReason, 600)), '');
  } else {
    lines.push(`${plan.steps.length} ${plan.steps.length === 1 ? 'step' : 'steps'}${plan.revision ? ` · revision ${plan.revision}` : ''}`, '');
  }
  for (const problem of input.problems?.get('') ?? []) lines.push(`$(error) ${escapeMarkdown(problem)}`, '');
  return lines.join('\n').trimEnd();
}

function planDescription(input: PlanTreeInput, plan: Plan, status: PlanRowStatus): string {
  const run = input.run;
  const parts = run ? [`rev ${run.revision}`, PLAN_STATUS_TEXT[status]] : [input.source, ...(plan.revision ? [`rev ${plan.revision}`] : [])];
  if (input.unsaved) parts.push('unsaved');
  return parts.join(' · ');
}

/** The rows of the plan tree: one goal row whose children are the step rows. */
export function planTreeModel(input: PlanTreeInput): readonly PlanTreeNode[] {
  const plan = input.run?.plan ?? input.plan;
  const planId = planNodeId(input.source);
  const run = input.run;
  const status = planRowStatus(run, input.executing === true, input.approvals?.size ?? 0);
  const baseRevision = run ? run.revision - run.replanReasons.length : 0;
  const planProblems = input.problems?.get('') ?? [];
  const children = [
    ...planProblems.map((problem, index) => detail(planId, `problem:${index}`, '', `Problem: ${oneLine(problem)}`, 'warning', escapeMarkdown(problem), 'problemsErrorIcon.foreground')),
    ...stepRows(plan, { planId, input, baseRevision }),
  ];
  return [
    {
      id: planId,
      kind: 'plan',
      label: plan.goal,
      description: planDescription(input, plan, status),
      tooltip: planTooltip(input, plan, status),
      iconId: PLAN_ICONS[status],
      ...(status === 'succeeded' ? { iconColor: 'testing.iconPassed' } : status === 'failed' ? { iconColor: 'testing.iconFailed' } : {}),
      contextValue: planContextValue(status),
      accessibilityLabel: `Plan: ${plan.goal}, ${PLAN_STATUS_TEXT[status]}`,
      expanded: true,
      children,
    },
  ];
}
