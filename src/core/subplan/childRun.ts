// Naming a child run and telling its parent how it ended. A child's run id is derived from its parent's
// run, step and arguments, so running the step again finds the same child journal (a resume), while a
// re-plan that gives the step another goal or scope starts a new child. When a child cannot meet its goal
// the parent sees one failed step with the child's evidence, not the child's whole history.
import type { RunReport } from '../executor/runSummary';
import type { SubplanBudget, SubplanInput } from '../tools/subplan';
import { canonicalJson } from '../text/canonicalJson';

/** FNV-1a over the text, as 8 hex digits: enough to tell two argument sets of one step apart. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The run id of the child of `stepId` in run `parentRunId` for these arguments: `<parent>.<step>-<hash>`
 * for its first attempt, `…~2`, `…~3` for the fresh children of later attempts (a retry after it ended).
 */
export function childRunIdOf(parentRunId: string, stepId: string, input: SubplanInput, attempt = 1): string {
  const base = `${parentRunId}.${stepId}-${shortHash(canonicalJson({ goal: input.goal, scope: input.scope, budget: input.budget ?? {} }))}`;
  return attempt > 1 ? `${base}~${attempt}` : base;
}

/** Which attempt of the child whose first attempt is `firstRunId` the run `runId` is, or undefined when it is none. */
export function childAttemptOf(firstRunId: string, runId: string): number | undefined {
  if (runId === firstRunId) return 1;
  const match = runId.startsWith(`${firstRunId}~`) ? /^[1-9][0-9]*$/.exec(runId.slice(firstRunId.length + 1)) : null;
  return match ? Number(match[0]) : undefined;
}

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
