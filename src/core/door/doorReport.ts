// The report every door gives for a run — the CLI's `--json`, the MCP tools (which drive the CLI), the editor's
// Run Plan and the `planwright_runPlan` tool — in one shape whatever the mode: the run's report (its mode
// included), auto's design and escalation, the evidence of a run that ended, the cost and the cost cap when
// the door prices the run, and the files that hold it. A run that was undone says `undone` (as `run_status` does),
// also when a resume found nothing to do. A goal that ended before any step was journalled (the fused agent
// answered without acting, planning failed or was cancelled) has no run: its report says how it ended.
import type { CostGuard } from '../cost/costCap';
import type { RunCost } from '../cost/runCost';
import type { DesignChoice } from '../fused/designChoice';
import { isRunFinished } from '../run/journalRecords';
import type { RunState } from '../run/runState';
import type { RunReport } from '../run/runSummary';
import { reportedRunStatus } from '../run/undoneRun';
import type { LevelUsage, NestedReport } from '../subplan/nestedReport';
import { evidenceReport, type EvidenceReport } from '../view/evidenceReport';

/** How a run was opened: a plan as it is, or a goal in one of the run modes. */
export type DoorMode = RunReport['mode'];

/** How a run opened through a door ended. `report` is absent only when no run was journalled. */
export interface RunOutcome {
  readonly mode: DoorMode;
  readonly status: string;
  readonly reason?: string;
  readonly report?: RunReport;
  /** Why `auto` handed over to the planner, when it did. */
  readonly escalation?: string;
  /** The fused agent's final answer, when it gave one. */
  readonly answer?: string;
  /** Model turns the fused agent took. */
  readonly turns?: number;
  /** The design `auto` chose up front. */
  readonly design?: DesignChoice;
}

/** The outcome of a run that stopped with `report`. */
export function reportOutcome(report: RunReport): RunOutcome {
  return { mode: report.mode, status: report.status, ...(report.reason ? { reason: report.reason } : {}), report };
}

/** What the report says of a cost cap: the cap, the spend so far, and the refused call when the run stopped at it. */
export interface CostCapReport {
  readonly maxCost: number;
  readonly spent: number;
  readonly reached?: string;
}

/** One door's report; see the file header. */
export type DoorReport = Partial<Omit<NestedReport, 'status' | 'mode'>> & {
  readonly mode: DoorMode;
  readonly status: string;
  readonly reason?: string;
  readonly design?: DesignChoice['design'];
  readonly escalation?: string;
  readonly answer?: string;
  readonly turns?: number;
  readonly usageByLevel?: readonly LevelUsage[];
  readonly cost?: RunCost;
  readonly costCap?: CostCapReport;
  readonly evidence?: EvidenceReport;
  readonly journal?: string;
  readonly trace?: string;
};

/** What a door knows about the run besides its outcome. */
export interface DoorReportParts {
  /** The run as it last stood, for the evidence of a run that ended. */
  readonly state?: RunState;
  /** The report with the sub-plans' reports nested under their steps, and the usage by level, when the run had sub-plans. */
  readonly nested?: { readonly report: NestedReport; readonly usageByLevel: readonly LevelUsage[] };
  readonly cost?: RunCost;
  readonly costCap?: CostGuard;
  /** The run's journal and trace, only those that exist. */
  readonly files?: { readonly journal?: string; readonly trace?: string };
}

/** What the report says of `guard`. */
export function costCapReport(guard: CostGuard): CostCapReport {
  return { maxCost: guard.maxCost, spent: guard.spent, ...(guard.reached ? { reached: guard.reached.message } : {}) };
}

/** The report of `outcome` in the one shape every door gives; see the file header. */
export function doorReport(outcome: RunOutcome, parts: DoorReportParts = {}): DoorReport {
  const { state, cost, costCap, files } = parts;
  const how = {
    mode: outcome.mode,
    ...(outcome.design ? { design: outcome.design.design } : {}),
    ...(outcome.escalation ? { escalation: outcome.escalation } : {}),
  };
  const priced = { ...(cost ? { cost } : {}), ...(costCap ? { costCap: costCapReport(costCap) } : {}) };
  const report = parts.nested?.report ?? outcome.report;
  if (!report) {
    const answer = outcome.answer?.trim();
    const turns = outcome.turns !== undefined ? { turns: outcome.turns } : {};
    return { ...how, status: outcome.status, ...(outcome.reason ? { reason: outcome.reason } : {}), ...(answer ? { answer } : {}), ...turns, ...priced, ...files };
  }
  // The evidence is of a run that ended: one waiting for approval or a plan has more to come.
  const evidence = state && isRunFinished(state.status) ? { evidence: evidenceReport(state, cost?.total) } : {};
  const levels = parts.nested ? { usageByLevel: parts.nested.usageByLevel } : {};
  const undone = state?.undone ? { status: reportedRunStatus(state) } : {};
  return { ...report, ...undone, ...levels, ...how, ...priced, ...evidence, ...files };
}
