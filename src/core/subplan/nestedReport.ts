// The run report with its sub-plans nested under their steps: each child's own report (with its goal,
// scope and budget), recursively, and the tokens counted per level, so the cost of delegating shows.
import type { RunReport, UsageTotals } from '../executor/runSummary';
import type { SubplanBudget } from '../tools/subplan';

/** A child run's last report and what it was asked to do. */
export interface ChildRecord {
  readonly report: RunReport;
  readonly goal: string;
  readonly scope: readonly string[];
  readonly budget?: SubplanBudget;
  readonly depth: number;
}

/** A report with the reports of its sub-plans under the ids of their steps. */
export type NestedReport = RunReport & {
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

/** `report` with the latest child of each of its steps nested under the step's id, recursively. */
export function nestReport(report: RunReport, children: ReadonlyMap<string, ChildRecord>): NestedReport {
  const nested: Record<string, NestedReport> = {};
  for (const [runId, child] of children) {
    const stepId = childStepId(report.runId, runId);
    // Later entries are later children of the same step (a re-plan changed its arguments): the last one wins.
    if (stepId !== undefined) nested[stepId] = { ...nestReport(child.report, children), goal: child.goal, scope: child.scope, ...(child.budget ? { budget: child.budget } : {}) };
  }
  return Object.keys(nested).length > 0 ? { ...report, children: nested } : report;
}

/** The step of `parentRunId` whose child `runId` is, when it is one: `<parent>.<step>-<hash>`, or `…~<attempt>`. */
function childStepId(parentRunId: string, runId: string): string | undefined {
  if (!runId.startsWith(`${parentRunId}.`)) return undefined;
  const match = /^([A-Za-z][A-Za-z0-9_-]*)-[0-9a-f]{8}(~[1-9][0-9]*)?$/.exec(runId.slice(parentRunId.length + 1));
  return match?.[1];
}

/** Usage summed per level of a nested report. */
export function usageByLevel(report: NestedReport): LevelUsage[] {
  const levels: { runs: number; calls: number; promptTokens: number; completionTokens: number }[] = [];
  const visit = (node: NestedReport, level: number): void => {
    const total: UsageTotals = node.usage.total;
    const entry = (levels[level] ??= { runs: 0, calls: 0, promptTokens: 0, completionTokens: 0 });
    entry.runs += 1;
    entry.calls += total.calls;
    entry.promptTokens += total.promptTokens;
    entry.completionTokens += total.completionTokens;
    for (const child of Object.values(node.children ?? {})) visit(child, level + 1);
  };
  visit(report, 0);
  return levels.map((entry, level) => ({ level, ...entry }));
}
