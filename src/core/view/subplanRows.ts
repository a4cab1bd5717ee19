// What a `subplan` step's row shows of its sub-plan: which child run is the step's (the latest attempt of
// the child named after the step's arguments), whether that child makes the row open, and its budget as
// people read it, next to what the child has spent. The child's step rows themselves are built by
// stepRows.ts, like the top plan's, with ids under the parent step's row and a contextValue of their own.
import { childAttemptOf, childRunIdOf } from '../run/childRunIds';
import type { Step } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import type { Localize } from '../ports';
import { SubplanInputSchema, type SubplanBudget } from '../tools/subplan';
import type { ChildRunView } from './planTreeNode';
import { formatTokens, runTokens } from './runProgress';
import { planStatusText } from './statusText';

/** The child run of `step` in run `parentRunId`: the latest attempt of the child its arguments name, if the tree has it. */
export function childRunOf(parentRunId: string | undefined, step: Step, children: ReadonlyMap<string, ChildRunView> | undefined): ChildRunView | undefined {
  if (step.tool !== 'subplan' || parentRunId === undefined || !children || children.size === 0) return undefined;
  const input = SubplanInputSchema.safeParse(step.args);
  if (!input.success) return undefined;
  const base = childRunIdOf(parentRunId, step.id, input.data);
  let latest: ChildRunView | undefined;
  for (const [runId, child] of children) {
    const attempt = childAttemptOf(base, runId);
    if (attempt !== undefined && (!latest || attempt > childAttemptOf(base, latest.runId)!)) latest = child;
  }
  return latest;
}

/**
 * Whether a `subplan` step's row opens: while its child works, and when it broke (its evidence shows);
 * once the child is done the row is closed. The row's id tells VS Code which of these it is (see stepRows).
 */
export function subplanOpen(status: StepStatus, child: ChildRunView | undefined): boolean {
  return child !== undefined && (status === 'running' || status === 'failed' || status === 'unknown');
}

function stepsText(l10n: Localize, count: number): string {
  return count === 1 ? l10n.t('1 step') : l10n.t('{0} steps', count);
}

function replansText(l10n: Localize, count: number): string {
  return count === 1 ? l10n.t('1 re-plan') : l10n.t('{0} re-plans', count);
}

function tokensText(l10n: Localize, tokens: number): string {
  return l10n.t('{0} tokens', formatTokens(tokens));
}

/** The step's budget, if it has one: `8 steps · 1 re-plan · 20.0k tokens`. */
export function budgetSummary(l10n: Localize, budget: SubplanBudget | undefined): string | undefined {
  if (!budget) return undefined;
  const parts = [
    budget.steps !== undefined ? stepsText(l10n, budget.steps) : undefined,
    budget.replans !== undefined ? replansText(l10n, budget.replans) : undefined,
    budget.tokens !== undefined ? tokensText(l10n, budget.tokens) : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** What the child has spent, in the budget's terms: `3 steps · 0 re-plans · 4,120 tokens`. */
export function usedText(l10n: Localize, child: ChildRunView): string {
  return [stepsText(l10n, child.plan.steps.length), replansText(l10n, child.replanReasons.length), tokensText(l10n, runTokens(child))].join(' · ');
}

/** A `subplan` step's budget and use for its row: a short description part and the tooltip's lines. */
export function subplanBudgetLines(l10n: Localize, step: Step, child: ChildRunView | undefined): { readonly description?: string; readonly tooltip: readonly string[] } {
  if (step.tool !== 'subplan') return { tooltip: [] };
  const input = SubplanInputSchema.safeParse(step.args);
  const budget = budgetSummary(l10n, input.success ? input.data.budget : undefined);
  const used = child ? usedText(l10n, child) : undefined;
  const description = [budget ? l10n.t('budget {0}', budget) : undefined, used ? l10n.t('used {0}', used) : undefined].filter(Boolean).join('; ');
  const tooltip = [
    budget ? l10n.t('Budget: {0}', budget) : l10n.t('Budget: none (the run’s limits apply)'),
    ...(used && child ? [l10n.t('Used so far: {0} (sub-plan {1})', used, planStatusText(l10n, child.status))] : []),
  ];
  return { ...(description ? { description } : {}), tooltip };
}
