// Telling a child run's parent how it ended (the child's run id is named in core/run/childRunIds.ts). When a
// child cannot meet its goal the parent sees one failed step with the child's evidence, not the child's
// whole history.
import type { RunReport } from '../run/runSummary';
import type { SubplanBudget } from '../tools/subplan';

/** Most characters of child evidence the parent's re-planner is shown. */
const EVIDENCE_CHARS = 1_500;

/** Tokens a child spent, as its budget counts them. */
export function tokensOf(report: Pick<RunReport, 'usage'>): number {
  return report.usage.total.promptTokens + report.usage.total.completionTokens;
}

/** Why a child's budget is spent, or undefined while it is not. */
export function budgetSpent(budget: SubplanBudget | undefined, tokens: number): string | undefined {
  if (budget?.tokens !== undefined && tokens > budget.tokens) return `its token budget is spent (${tokens} of ${budget.tokens})`;
  return undefined;
}

/** The one-failure account of a child that did not succeed, for the parent's step and re-planner. */
export function escalationText(goal: string, report: RunReport, budget: SubplanBudget | undefined): string {
  const broken = report.steps.filter((step) => step.status === 'failed' || step.status === 'unknown');
  const lines = [
    `sub-plan "${goal}" ended ${report.status}${report.reason ? `: ${report.reason}` : ''}`,
    `after ${report.replans} re-plan(s) inside it, ${tokensOf(report)} tokens${budget ? `; budget ${budgetText(budget)}` : ''}`,
    ...broken.map((step) => `- ${step.id} (${step.tool}) ${step.status}${step.error ? `: ${step.error}` : ''}`),
  ];
  const text = lines.join('\n');
  return text.length <= EVIDENCE_CHARS ? text : `${text.slice(0, EVIDENCE_CHARS - 1)}…`;
}

/** `12 steps, 1 re-plan, 20000 tokens`: a budget as people read it. */
export function budgetText(budget: SubplanBudget): string {
  const parts = [
    budget.steps !== undefined ? `${budget.steps} steps` : undefined,
    budget.replans !== undefined ? `${budget.replans} re-plans` : undefined,
    budget.tokens !== undefined ? `${budget.tokens} tokens` : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(', ') : 'unbounded';
}
