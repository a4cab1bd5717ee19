// One headless run or resume, shared by `planwright run` (a plan, or a goal in any mode) and
// `planwright resume`: builds the Node adapters for the workspace, journal and trace, prints one line per
// step transition (or, with --json, only the final report), and turns the run's outcome into the exit code.
import * as nodePath from 'node:path';
import type { ModelPrices } from '../core/cost/modelPrices';
import { costLine, runCost } from '../core/cost/runCost';
import type { RunDeps } from '../core/executor/planRun';
import { cancelReason } from '../core/executor/runIo';
import { doorReport, type RunOutcome } from '../core/door/doorReport';
import { runToEnd, type DoorHooks, type RunRequest } from '../core/door/openRun';
import { PlannerError } from '../core/planner/plannerError';
import type { RunOptions } from '../core/run/runOptions';
import type { RunState } from '../core/run/runState';
import type { RunReport } from '../core/run/runSummary';
import { NOT_STARTED_STATUSES } from '../core/run/stepTransitions';
import type { ApprovalGate, Logger } from '../core/ports';
import { nestReport, usageByLevel } from '../core/subplan/nestedReport';
import { messageOf } from '../core/text/errorText';
import { JsonlRecordLog } from '../node/jsonlRecordLog';
import { evidenceMarkdown } from '../core/view/evidenceReport';
import { NodeCommandRunner } from '../node/nodeCommandRunner';
import { nodeClock } from '../node/nodeClock';
import { NodeWorkspace } from '../node/nodeWorkspace';
import { EXIT, type CliIo } from './cliIo';
import { untilInterrupted } from './interruptSignal';
import type { PlanRun } from '../core/executor/planRun';
import { stopReason, watchStopRequests } from '../node/stopRequest';
import type { CliModels } from './modelsFromEnv';
import { hasContent, holdsRecords, PLANWRIGHT_FOLDER } from './runFiles';
import { cliSubplans } from './subplanSetup';
import { cliClaims } from './claimWaits';
import type { CostGuard } from '../core/cost/costCap';
import { costCapLine } from './costCapSetup';
import type { RunWorktree } from '../node/runWorktree';
import { worktreeEndLine, worktreeJson } from './runInWorktree';
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
  /** `--worktree`: the git worktree the run works in (`workspaceRoot` is inside it); the report says how to end it. */
  readonly worktree?: RunWorktree;
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

/** Builds the run's ports, opens the run `request` asks for through openRun (as every door does), carries it to its end (SIGINT or SIGTERM cancels it) and prints the outcome. */
export async function runSession(setup: SessionSetup, io: CliIo, request: RunRequest, hooks: DoorHooks = {}): Promise<number> {
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
  // A resume starts from the journalled run: one with nothing left to do (an undone run) is reported as it stands.
  let latest: RunState | undefined = request.kind === 'resume' ? request.state : undefined;
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
  return untilInterrupted(async (interrupted) => {
    const { signal, onRun, done } = stoppable(setup.journal.path, interrupted, io);
    try {
      const outcome = await runToEnd(request, deps, signal, { ...hooks, onRun: (run) => (onRun(run), hooks.onRun?.(run)) }).catch((error: unknown) => planningStopped(error, request, setup.journal.path, signal));
      const report = outcome.report;
      const nested = report && subplans.children.size > 0 ? { report: nestReport(report, subplans.children), usageByLevel: usageByLevel(report, subplans.children) } : undefined;
      const cost = setup.prices && latest ? runCost(latest.usage, setup.prices) : undefined;
      // A report names only the files that exist: planning that failed before any step wrote neither.
      const files = { ...((await hasContent(setup.journal.path)) ? { journal: setup.journal.path } : {}), ...((await hasContent(setup.tracePath)) ? { trace: setup.tracePath } : {}) };
      const json = doorReport(outcome, { ...(latest ? { state: latest } : {}), ...(nested ? { nested } : {}), ...(cost ? { cost } : {}), ...(setup.costCap ? { costCap: setup.costCap } : {}), files });
      const capped = setup.costCap?.reached && (!report || report.status === 'paused') ? setup.costCap : undefined;
      if (capped) io.stderr.write(`planwright: ${costCapLine(capped, files.journal)}\n`);
      if (setup.json) io.stdout.write(`${JSON.stringify({ ...json, ...(waits.length > 0 ? { waits } : {}), ...(setup.worktree ? { worktree: worktreeJson(setup.worktree) } : {}) }, null, 2)}\n`);
      else {
        const lines = [...outcomeLines({ ...outcome, status: json.status }), ...(report ? closingLines(report, setup.journal.path) : []), ...(cost ? [`cost: ${costLine(cost)}`] : []), ...(json.evidence ? ['', evidenceMarkdown(json.evidence)] : []), ...(setup.worktree ? [worktreeEndLine(setup.worktree)] : [])];
        if (lines.length > 0) io.stdout.write(`${lines.join('\n')}\n`);
      }
      // Stopped at the cost cap: waiting for a higher one, as a run waiting for approval waits.
      if (capped) return EXIT.awaitingApproval;
      if (report) return exitCodeOf(report);
      return outcome.status === 'succeeded' ? EXIT.ok : EXIT.failed;
    } catch (error) {
      io.stderr.write(`planwright: the run stopped: ${messageOf(error)}\n`);
      return EXIT.failed;
    } finally {
      done();
      await Promise.all([setup.journal.close(), trace.close()]);
    }
  });
}

/**
 * The run's signal: Ctrl-C's (`interrupted`), or a cancel asked from the editor's Runs view (a stop request beside
 * the journal); a pause asked there pauses the planned run (an agent's, which cannot pause, is cancelled). `done` stops looking for requests.
 */
function stoppable(journalPath: string, interrupted: AbortSignal, io: CliIo): { readonly signal: AbortSignal; readonly onRun: (run: PlanRun) => void; readonly done: () => void } {
  const stop = new AbortController();
  const watching = new AbortController();
  let run: PlanRun | undefined;
  watchStopRequests(journalPath, watching.signal, (request) => {
    io.stderr.write(`planwright: ${stopReason(request)}\n`);
    if (request.action === 'pause' && run) run.pause();
    else stop.abort(stopReason(request));
  });
  return { signal: AbortSignal.any([interrupted, stop.signal]), onRun: (opened) => (run = opened), done: () => watching.abort() };
}

/** Lines for people before the closing lines: an escalation, or how a goal ended that journalled no run (the agent's answer). */
function outcomeLines(outcome: RunOutcome): string[] {
  if (outcome.report) return outcome.escalation ? [`escalated to a plan: ${outcome.escalation}`] : [];
  const answer = outcome.answer?.trim();
  return [`${outcome.status}${outcome.reason ? `: ${outcome.reason}` : ''}`, ...(answer ? ['', answer] : [])];
}

/** Why a run stopped while its plan was written, before any step: nothing ran and nothing was journalled. */
export function planningCancelled(signal: AbortSignal): string {
  return `${cancelReason(signal)} while planning, before any step was journalled: nothing was run and there is nothing to resume; run the goal again to start over`;
}

/**
 * A goal whose planning failed or was cancelled before any step was journalled: nothing ran, and the outcome
 * says so with the planner's problems. Anything else (a run that had started) is rethrown.
 */
async function planningStopped(error: unknown, request: RunRequest, journal: string, signal: AbortSignal): Promise<RunOutcome> {
  if (request.kind !== 'goal' || !(error instanceof PlannerError) || (await holdsRecords(journal))) throw error;
  if (signal.aborted) return { mode: request.mode, status: 'cancelled', reason: planningCancelled(signal) };
  return { mode: request.mode, status: 'failed', reason: `planning failed, nothing was run:\n${error.problems.map((problem) => `- ${problem}`).join('\n')}` };
}
