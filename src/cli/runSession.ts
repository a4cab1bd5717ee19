// One headless run or resume, shared by `planwright run` (a plan, or a goal in any mode) and
// `planwright resume`: builds the Node adapters for the workspace, journal and trace, prints one line per
// step transition (or, with --json, only the final report), and turns the run's outcome into the exit code.
import * as nodePath from 'node:path';
import type { ModelPrices } from '../core/cost/modelPrices';
import { costLine, runCost } from '../core/cost/runCost';
import type { PlanRun, RunDeps } from '../core/executor/planRun';
import type { RunOptions } from '../core/run/runOptions';
import type { RunState } from '../core/run/runState';
import type { RunReport } from '../core/run/runSummary';
import { NOT_STARTED_STATUSES } from '../core/run/stepTransitions';
import type { ApprovalGate, Logger } from '../core/ports';
import { nestReport, usageByLevel } from '../core/subplan/nestedReport';
import { messageOf } from '../core/text/errorText';
import { JsonlRecordLog } from '../node/jsonlRecordLog';
import { evidenceMarkdown, evidenceReport } from '../core/view/evidenceReport';
import { isRunFinished } from '../core/run/journalRecords';
import { NodeCommandRunner } from '../node/nodeCommandRunner';
import { nodeClock } from '../node/nodeClock';
import { NodeWorkspace } from '../node/nodeWorkspace';
import { EXIT, type CliIo } from './cliIo';
import { untilInterrupted } from './interruptSignal';
import type { CliModels } from './modelsFromEnv';
import { hasContent, PLANWRIGHT_FOLDER } from './runFiles';
import { cliSubplans } from './subplanSetup';
import { cliClaims } from './claimWaits';
import type { CostGuard } from '../core/cost/costCap';
import { costCapField, costCapLine } from './costCapSetup';
import { closingLines, failureTailLines, progressLine, recoveryLine, replanLines, type ReplanSeen } from './stepProgress';

/** Where a run lives and how it reports. */
export interface SessionSetup {
  readonly workspaceRoot: string;
  readonly journal: JsonlRecordLog;
  readonly tracePath: string;
  readonly json: boolean;
  readonly models: CliModels;
  /** The options sub-plans run with (the run's own, when the host knows them). */
  readonly options?: RunOptions;
  /** `--prices`: the report shows the run's cost per phase. */
  readonly prices?: ModelPrices;
  /** `--max-cost`: the run's models already call through it; a run it stopped pauses (exit 3). */
  readonly costCap?: CostGuard;
}

/** A headless gate: nobody can answer, so every step that needs approval waits and the run stops. */
export const waitingApprovalGate: ApprovalGate = {
  request: async () => 'wait',
};

/** Warnings and errors for people, on stderr. */
export function stderrLogger(io: CliIo): Logger {
  return {
    info: () => undefined,
    warn: (message) => io.stderr.write(`planwright: warning: ${message}\n`),
    error: (message) => io.stderr.write(`planwright: ${message}\n`),
  };
}

/** The exit code for how a run ended: 0 succeeded, 3 waiting for approval ("approve and resume"), 1 anything else. */
export function exitCodeOf(report: RunReport): number {
  if (report.status === 'succeeded') return EXIT.ok;
  if (report.status === 'awaitingApproval') return EXIT.awaitingApproval;
  return EXIT.failed;
}

/** Each changed step's line, with how many of the run's steps have ended. */
function reportProgress(onProgress: NonNullable<CliIo['onProgress']>, state: RunState, stepIds: readonly string[]): void {
  const ended = state.plan.steps.filter((step) => {
    const status = state.steps.get(step.id)?.status ?? 'pending';
    return status !== 'running' && !NOT_STARTED_STATUSES.has(status);
  }).length;
  for (const id of stepIds) {
    const line = progressLine(state, id);
    if (line !== undefined) onProgress(line, ended, state.plan.steps.length);
  }
}

/** What a session's work ended with. */
export interface SessionResult {
  /** The run's report; absent when nothing ran (a fused agent that answered without acting). */
  readonly report?: RunReport;
  /** What the --json output carries besides the report (or instead of it, when there is none). */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** Lines for people, printed before the closing lines. */
  readonly notes?: readonly string[];
  /** The exit code when there is no report. */
  readonly exitCode?: number;
}

/** Builds the run's ports, runs it to its end (SIGINT or SIGTERM cancels it) and prints the outcome. */
export function runSession(setup: SessionSetup, io: CliIo, open: (deps: RunDeps) => Promise<PlanRun>): Promise<number> {
  return runSessionWith(setup, io, async (deps, signal) => ({ report: await (await open(deps)).execute(signal) }));
}

/** Like `runSession`, for work that is more than executing one PlanRun (a goal in fused or auto mode). */
export async function runSessionWith(setup: SessionSetup, io: CliIo, work: (deps: RunDeps, signal: AbortSignal) => Promise<SessionResult>): Promise<number> {
  // The journal is fsync'd record by record: it is what a resume trusts. The trace is evidence, written
  // before each action but not fsync'd: a killed process loses none of it, only a power cut could.
  const trace = new JsonlRecordLog(setup.tracePath, false);
  const printed = new Map<string, string>();
  // A step or check that reaches the run's own files would corrupt the record it is judged by.
  const workspace = new NodeWorkspace(setup.workspaceRoot, [setup.journal.path, setup.tracePath, nodePath.join(setup.workspaceRoot, PLANWRIGHT_FOLDER)]);
  const replanner = setup.models.replannerIn?.(workspace) ?? setup.models.replanner;
  // What each run has said about re-planning so far, by the path of its steps: '' the top plan, `E3/` a sub-plan.
  const seen = new Map<string, ReplanSeen>();
  // One line per step transition, a sub-plan's steps by their path (`E3/E1`), and its re-plans likewise.
  const printProgress = (state: RunState, stepIds: readonly string[], stepPath: string) => {
    for (const id of stepIds) {
      const line = progressLine(state, id);
      // A retry record changes the attempt, a repeated status with the same detail says nothing new.
      if (line === undefined || printed.get(`${stepPath}${id}`) === line) continue;
      printed.set(`${stepPath}${id}`, line);
      io.stdout.write(`${[`${stepPath}${line}`, ...failureTailLines(state, id)].join('\n')}\n`);
    }
    const before = seen.get(stepPath);
    const replans = before ? replanLines(before, state) : [];
    const recovering = recoveryLine(state);
    seen.set(stepPath, { revision: state.revision, ...(recovering ? { recovering } : {}) });
    if (replans.length > 0) io.stdout.write(`${replans.map((line) => (stepPath ? `sub-plan ${stepPath.slice(0, -1)}: ${line}` : line)).join('\n')}\n`);
  };
  const { claims, waits } = cliClaims(setup.workspaceRoot, io, setup.json);
  const ports = { workspace, commands: new NodeCommandRunner(setup.workspaceRoot), clock: nodeClock, logger: stderrLogger(io), approvals: io.approvals ?? waitingApprovalGate, claims, ...(setup.costCap ? { costCap: setup.costCap } : {}) };
  const subplans = cliSubplans(setup.journal.path, setup.models, io.env, { ...ports, ...(setup.models.workerModel ? { workerModel: setup.models.workerModel } : {}), ...(setup.models.repairer ? { repairer: setup.models.repairer } : {}) }, setup.options, (_childRunId, state, stepIds, stepPath) => {
    if (!setup.json) printProgress(state, stepIds, stepPath);
  });
  let latest: RunState | undefined;
  const deps: RunDeps = {
    ...ports,
    journal: setup.journal,
    trace,
    ...(subplans.runner ? { subplans: subplans.runner } : {}),
    ...(setup.models.workerModel ? { workerModel: setup.models.workerModel } : {}),
    ...(replanner ? { replanner } : {}),
    ...(setup.models.repairer ? { repairer: setup.models.repairer } : {}),
    ...(setup.models.solver ? { solver: setup.models.solver } : {}),
    onChange: (state, stepIds) => {
      latest = state;
      if (io.onProgress) reportProgress(io.onProgress, state, stepIds);
      if (!setup.json) printProgress(state, stepIds, '');
    },
  };
  if (!setup.json) io.stderr.write(`journal: ${setup.journal.path}\ntrace:   ${setup.tracePath}\n`);
  // Ctrl-C or a kill ends the run as cancelled, journalled with the signal as its reason, so resume can carry on.
  return untilInterrupted(async (signal) => {
    try {
      const { report, fields, notes, exitCode } = await work(deps, signal);
      const nested = report && subplans.children.size > 0 ? nestReport(report, subplans.children) : report;
      const levels = report && subplans.children.size > 0 ? { usageByLevel: usageByLevel(report, subplans.children) } : {};
      const cost = setup.prices && latest ? runCost(latest.usage, setup.prices) : undefined;
      // A report names only the files that exist: planning that failed before any step wrote neither.
      const runFiles = { ...((await hasContent(setup.journal.path)) ? { journal: setup.journal.path } : {}), ...((await hasContent(setup.tracePath)) ? { trace: setup.tracePath } : {}) };
      // The evidence is of a run that ended: one waiting for approval or a plan has more to come.
      const evidence = latest && isRunFinished(latest.status) ? evidenceReport(latest, cost?.total) : undefined;
      const capped = setup.costCap?.reached && (!report || report.status === 'paused') ? setup.costCap : undefined;
      if (capped) io.stderr.write(`planwright: ${costCapLine(capped, runFiles.journal)}\n`);
      if (setup.json) io.stdout.write(`${JSON.stringify({ ...nested, ...levels, ...fields, ...(cost ? { cost } : {}), ...(setup.costCap ? costCapField(setup.costCap) : {}), ...(evidence ? { evidence } : {}), ...(waits.length > 0 ? { waits } : {}), ...runFiles }, null, 2)}\n`);
      else {
        const lines = [...(notes ?? []), ...(report ? closingLines(report, setup.journal.path) : []), ...(cost ? [`cost: ${costLine(cost)}`] : []), ...(evidence ? ['', evidenceMarkdown(evidence)] : [])];
        if (lines.length > 0) io.stdout.write(`${lines.join('\n')}\n`);
      }
      // Stopped at the cost cap: waiting for a higher one, as a run waiting for approval waits.
      if (capped) return EXIT.awaitingApproval;
      return report ? exitCodeOf(report) : (exitCode ?? EXIT.ok);
    } catch (error) {
      io.stderr.write(`planwright: the run stopped: ${messageOf(error)}\n`);
      return EXIT.failed;
    } finally {
      await Promise.all([setup.journal.close(), trace.close()]);
    }
  });
}
