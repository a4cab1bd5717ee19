// The run report with its sub-plans nested under their steps: each child's own report (with its goal,
// scope and budget), recursively; each report's usage total counts its children too (every attempt of
// every sub-plan below it), its own calls kept apart, and the tokens are also counted per level, so the
// cost of delegating shows.
import type { RunReport, UsageTotals } from '../run/runSummary';
import type { SubplanBudget } from '../tools/subplan';

/** A child run's last report and what it was asked to do. */
export interface ChildRecord {
  readonly report: RunReport;
  readonly goal: string;
  readonly scope: readonly string[];
  readonly budget?: SubplanBudget;
  readonly depth: number;
}

/** A report with the reports of its sub-plans under the ids of their steps; `usage.own` is its own calls' total when `usage.total` also counts children. */
export type NestedReport = Omit<RunReport, 'usage'> & {
  readonly usage: RunReport['usage'] & { readonly own?: UsageTotals };
  readonly goal?: string;
  readonly scope?: readonly string[];
  readonly budget?: SubplanBudget;
  readonly children?: Readonly<Record<string, NestedReport>>;
};

/** Tokens and calls of one level of the tree: 0 the top plan, 1 its sub-plans, … */
export interface LevelUsage {
  readonly level: number;
  readonly runs: number;
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

function plus(a: UsageTotals, b: UsageTotals): UsageTotals {
  return {
    calls: a.calls + b.calls,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    cachedTokens: a.cachedTokens + b.cachedTokens,
    estimated: a.estimated || b.estimated,
    ms: a.ms + b.ms,
  };
}

/** Every child run below run `runId`: its sub-plans', theirs, every attempt. */
function descendants(runId: string, children: ReadonlyMap<string, ChildRecord>): ChildRecord[] {
  return [...children].filter(([childRunId]) => childRunId.startsWith(`${runId}.`)).map(([, child]) => child);
}

/**
 * `report` with the latest child of each of its steps nested under the step's id, recursively; its usage
 * total counts every child run below it (a child a retry or re-plan left behind spent its tokens too).
 */
export function nestReport(report: RunReport, children: ReadonlyMap<string, ChildRecord>): NestedReport {
  const nested: Record<string, NestedReport> = {};
  for (const [runId, child] of children) {
    const stepId = childStepId(report.runId, runId);
    // Later entries are later children of the same step (a retry, or a re-plan changed its arguments): the last one wins.
    if (stepId !== undefined) nested[stepId] = { ...nestReport(child.report, children), goal: child.goal, scope: child.scope, ...(child.budget ? { budget: child.budget } : {}) };
  }
  if (Object.keys(nested).length === 0) return report;
  const own = report.usage.total;
  const total = descendants(report.runId, children).reduce((sum, child) => plus(sum, child.report.usage.total), own);
  return { ...report, usage: { ...report.usage, total, own }, children: nested };
}

/** The step of `parentRunId` whose child `runId` is, when it is one: `<parent>.<step>-<hash>`, or `…~<attempt>`. */
function childStepId(parentRunId: string, runId: string): string | undefined {
  if (!runId.startsWith(`${parentRunId}.`)) return undefined;
  const match = /^([A-Za-z][A-Za-z0-9_-]*)-[0-9a-f]{8}(~[1-9][0-9]*)?$/.exec(runId.slice(parentRunId.length + 1));
  return match?.[1];
}

/** Usage summed per level below `report`'s run: level 0 its own calls, level n every child run n levels down (every attempt). */
export function usageByLevel(report: RunReport, children: ReadonlyMap<string, ChildRecord>): LevelUsage[] {
  const levels: { runs: number; calls: number; promptTokens: number; completionTokens: number }[] = [];
  const add = (level: number, total: UsageTotals): void => {
    const entry = (levels[level] ??= { runs: 0, calls: 0, promptTokens: 0, completionTokens: 0 });
    entry.runs += 1;
    entry.calls += total.calls;
    entry.promptTokens += total.promptTokens;
    entry.completionTokens += total.completionTokens;
  };
  add(0, report.usage.total);
  for (const child of descendants(report.runId, children)) add(child.depth, child.report.usage.total);
  return Array.from(levels, (entry, level) => ({ level, ...(entry ?? { runs: 0, calls: 0, promptTokens: 0, completionTokens: 0 }) }));
}
