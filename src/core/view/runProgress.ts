// How far a run is, in the words the status bar and the goal row use: "step k of n" and the model tokens
// spent so far.
import type { Localize } from '../ports';
import type { RunState } from '../run/runState';
import { FROZEN_STATUSES } from '../run/stepTransitions';

const DONE = FROZEN_STATUSES;

/** Steps done (succeeded or skipped), running, and in all. */
export interface StepProgress {
  readonly done: number;
  readonly running: number;
  readonly total: number;
}

/** Counts the run's steps. */
export function stepProgress(run: Pick<RunState, 'plan' | 'steps'>): StepProgress {
  let done = 0;
  let running = 0;
  for (const step of run.plan.steps) {
    const status = run.steps.get(step.id)?.status;
    if (status && DONE.has(status)) done++;
    else if (status === 'running') running++;
  }
  return { done, running, total: run.plan.steps.length };
}

/** `run` with the model calls of its sub-plans' child runs added to its own, so totals count what delegating spent. */
export function withChildUsage<T extends Pick<RunState, 'usage'>>(run: T, children: Iterable<Pick<RunState, 'usage'>>): T {
  const usage = [...run.usage];
  for (const child of children) usage.push(...child.usage);
  return usage.length === run.usage.length ? run : { ...run, usage };
}

/** Prompt and completion tokens of every model call of the run so far. */
export function runTokens(run: Pick<RunState, 'usage'>): number {
  return run.usage.reduce((sum, entry) => sum + entry.usage.promptTokens + entry.usage.completionTokens, 0);
}

/** `1,234` below 10,000, then `12.3k`, `1.2M` (en-US digits in every language, as the CLI writes them). */
export function formatTokens(tokens: number): string {
  if (tokens < 10_000) return tokens.toLocaleString('en-US');
  if (tokens < 1_000_000) return `${(tokens / 1_000).toFixed(1)}k`;
  return `${(tokens / 1_000_000).toFixed(1)}M`;
}

/**
 * The status bar's text: `step k of n` (k the step being worked on: one past those done, at most n),
 * then the tokens so far when any were spent.
 */
export function progressText(l10n: Localize, run: Pick<RunState, 'plan' | 'steps' | 'usage'>): string {
  const { done, total } = stepProgress(run);
  const k = Math.min(total, done + 1);
  const tokens = runTokens(run);
  return tokens > 0 ? l10n.t('step {0} of {1} · {2} tokens', k, total, formatTokens(tokens)) : l10n.t('step {0} of {1}', k, total);
}

/**
 * Whether the view shows the run working (its progress bar): while the run executes and no step waits for the
 * user. VS Code puts a progress badge over the view's activity-bar icon while it does, hiding the badge that counts
 * the waiting steps, so a run waiting for its user says so rather than that it is busy.
 */
export function showsRunWorking(executing: boolean, waiting: number): boolean {
  return executing && waiting === 0;
}
