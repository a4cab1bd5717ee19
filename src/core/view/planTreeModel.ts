// The plan tree's view model: what each row of the Planwright view shows (label, description, icon, tooltip,
// contextValue) and its stable id, decided purely from a plan and its step statuses. The VS Code tree provider
// only turns these nodes into TreeItems.
import type { StepStatus } from '../plan/stepStatus';
import type { Plan, Step } from '../plan/planSchema';

/** One row of the plan tree. `iconId` is a product icon (codicon) id; `id` is stable across refreshes. */
export interface PlanTreeNode {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
  readonly iconId: string;
  readonly contextValue: string;
  readonly children: readonly PlanTreeNode[];
}

/** What the tree shows: a plan, where it came from, and (once it runs) each step's status. */
export interface PlanTreeInput {
  readonly plan: Plan;
  /** The plan file, relative to the workspace when it is inside it. */
  readonly source: string;
  readonly statuses?: ReadonlyMap<string, StepStatus>;
}

const STATUS_ICONS: Readonly<Record<StepStatus, string>> = {
  pending: 'circle-large-outline',
  awaitingApproval: 'question',
  approved: 'pass',
  running: 'sync~spin',
  succeeded: 'pass-filled',
  failed: 'error',
  unknown: 'warning',
  skipped: 'debug-step-over',
  invalidated: 'circle-slash',
  cancelled: 'close',
};

/** The argument that says most about a step's tool call, in the order tried. */
const SUMMARY_ARGS = ['path', 'command', 'glob', 'pattern', 'from', 'instruction'] as const;
const SUMMARY_MAX = 60;

/** The contextValue grammar of plan rows: `plan`, `step:<status>`; menus match it with anchored regexes. */
export function stepContextValue(status: StepStatus): string {
  return `step:${status}`;
}

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

function stepTooltip(step: Step, status: StepStatus): string {
  const lines = [`${step.id}: ${step.title}`, `Tool: ${step.tool}`];
  const summary = summarizeArgs(step);
  if (summary) lines.push(`Target: ${summary}`);
  if (step.dependsOn && step.dependsOn.length > 0) lines.push(`After: ${step.dependsOn.join(', ')}`);
  if (step.postcondition) lines.push(`Checked by: ${step.postcondition.kind}`);
  lines.push(`Status: ${status}`);
  return lines.join('\n');
}

function stepNode(step: Step, status: StepStatus, planId: string): PlanTreeNode {
  const summary = summarizeArgs(step);
  return {
    id: `${planId}/step:${step.id}`,
    label: step.title,
    description: summary ? `${step.id} · ${step.tool} ${summary}` : `${step.id} · ${step.tool}`,
    tooltip: stepTooltip(step, status),
    iconId: STATUS_ICONS[status],
    contextValue: stepContextValue(status),
    children: [],
  };
}

/** The rows of the plan tree: one plan row (the goal) whose children are the steps, in file order. */
export function planTreeModel(input: PlanTreeInput): readonly PlanTreeNode[] {
  const { plan, source, statuses } = input;
  const planId = `plan:${source}`;
  const revision = plan.revision ? ` · revision ${plan.revision}` : '';
  const stepCount = `${plan.steps.length} ${plan.steps.length === 1 ? 'step' : 'steps'}`;
  return [
    {
      id: planId,
      label: plan.goal,
      description: `${source}${revision}`,
      tooltip: `${plan.goal}\n${stepCount} · ${source}`,
      iconId: 'checklist',
      contextValue: 'plan',
      children: plan.steps.map((step) => stepNode(step, statuses?.get(step.id) ?? 'pending', planId)),
    },
  ];
}
