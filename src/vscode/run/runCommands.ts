// The run commands: Run Plan (start, or resume the run that stopped), Pause, Cancel, Approve All Safe Steps,
// Re-plan Remaining Steps and Show Trace. They decide nothing themselves: the run controller and the
// executor do; these turn outcomes into one short message each.
import * as vscode from 'vscode';
import type { RunReport } from '../../core/executor/runSummary';
import { progressText } from '../../core/view/runProgress';
import { traceTimeline } from '../../core/view/traceTimeline';
import { reasonHeadline } from '../../core/view/reasonHeadline';
import { COMMANDS, VIEWS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import type { RunDocuments } from './runDocuments';
import { offerFilesChanged } from './runUndoCommands';
import { describeError, showError, summarizeProblems } from '../userMessages';

/** What the run commands work with. */
export interface RunCommandDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly documents: RunDocuments;
}

const BROKEN = new Set(['failed', 'unknown']);

/** Runs (or resumes) the open plan; resolves with the report once the run stops. */
async function runPlan(deps: RunCommandDeps): Promise<RunReport | undefined> {
  const { session, log } = deps;
  const file = session.loadedPlan.current;
  if (!file) {
    void vscode.window.showInformationMessage('No plan is open. Plan a task or open a plan file first.', 'Plan a Task…', 'Open Plan File…').then((choice) => {
      if (choice === 'Plan a Task…') void vscode.commands.executeCommand(COMMANDS.planTask);
      if (choice === 'Open Plan File…') void vscode.commands.executeCommand(COMMANDS.openPlanFile);
    });
    return undefined;
  }
  const valid = session.validPlan();
  if (!valid.ok) {
    showError(log, summarizeProblems(log, 'The plan cannot run', valid.problems));
    return undefined;
  }
  if (!(await resumeOrStartOver(deps))) return undefined;
  let report: RunReport | undefined;
  try {
    report = await session.runs.runOrResume(valid.plan, { source: file.source, ...(file.uri ? { uri: file.uri } : {}) });
  } catch (error) {
    reportRunError(log, 'The plan could not run', error);
    return undefined;
  }
  if (report) {
    announce(report, log, deps.documents);
    void offerFilesChanged(deps);
  }
  return report;
}

/**
 * After Cancel: asks whether to carry the cancelled run on from where it stopped (its finished steps are not
 * run again) or to start over. Resolves to whether to go on.
 */
async function resumeOrStartOver(deps: RunCommandDeps): Promise<boolean> {
  const state = deps.session.runs.state;
  if (state?.status !== 'cancelled' || deps.session.runs.executing) return true;
  const choice = await vscode.window.showInformationMessage(
    `The last run of "${state.plan.goal}" was cancelled at ${progressText(state)}. Resume it from where it stopped?`,
    { modal: true, detail: 'Resume runs only the steps that did not finish; Start Over runs the whole plan again.' },
    'Resume',
    'Start Over',
  );
  if (choice === 'Resume') {
    try {
      await deps.session.runs.reopenCancelled();
    } catch (error) {
      reportRunError(deps.log, 'The run could not resume', error);
      return false;
    }
  }
  return choice !== undefined;
}

/** Why a run could not start or stopped; in an untrusted workspace, the way to trust it. */
export function reportRunError(log: vscode.LogOutputChannel, what: string, error: unknown): void {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(describeError(error, log), 'Manage Workspace Trust').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  } else showError(log, `${what}: ${describeError(error, log)}`);
}

/** One message for how a run stopped. Not awaited: the command resolves when the run stops. */
export function announce(report: RunReport, log: vscode.LogOutputChannel, documents: RunDocuments): void {
  const reason = report.reason ? `: ${reasonHeadline(report.reason)}` : '';
  switch (report.status) {
    case 'succeeded':
      log.info(`Summary:\n${report.summary}`);
      void vscode.window.showInformationMessage(`Planwright: the plan succeeded (revision ${report.revision}).`, 'Show Summary', 'Show Trace').then(async (choice) => {
        if (choice === 'Show Summary') await documents.show('Run summary.md', report.summary);
        if (choice === 'Show Trace') await vscode.commands.executeCommand(COMMANDS.showTrace);
      });
      return;
    case 'needsReplan':
      void vscode.window.showWarningMessage(`Planwright stopped${reason}`, 'Re-plan Remaining Steps', 'Show Log').then((choice) => {
        if (choice === 'Re-plan Remaining Steps') void vscode.commands.executeCommand(COMMANDS.replanRemaining);
        if (choice === 'Show Log') log.show(true);
      });
      return;
    case 'failed':
      showError(log, `Planwright: the run failed${reason}`);
      return;
    case 'cancelled':
      vscode.window.setStatusBarMessage('Planwright: run cancelled', 5_000);
      return;
    case 'paused':
      vscode.window.setStatusBarMessage('Planwright: paused — Run Plan carries on', 5_000);
      return;
    default:
      vscode.window.setStatusBarMessage(`Planwright: ${report.status}${reason}`, 5_000);
  }
}

function pauseRun(deps: RunCommandDeps): boolean {
  const paused = deps.session.runs.pause();
  // A goal's agent cannot stop and carry on the way a planned run does: it can only be cancelled.
  if (!paused) void vscode.window.showInformationMessage(deps.session.runs.executing ? 'The agent cannot pause mid-goal: cancel the run to stop it.' : 'No run is in progress.');
  else vscode.window.setStatusBarMessage('Planwright: pausing after the running steps finish…', 5_000);
  return paused;
}

function cancelRun(deps: RunCommandDeps): boolean {
  const cancelled = deps.session.runs.cancel();
  if (!cancelled) void vscode.window.showInformationMessage('No run is in progress.');
  return cancelled;
}

function approveAllSafe(deps: RunCommandDeps): string[] {
  const approved = deps.session.approvals.approveAllSafe();
  const left = deps.session.approvals.all().map((request) => request.stepId);
  const message =
    approved.length === 0
      ? left.length === 0
        ? 'No step is waiting for approval.'
        : `No waiting step is safe to approve in bulk; ${left.join(', ')} need your own look (commands, deletions and model edits always do).`
      : `Approved ${approved.join(', ')}.${left.length > 0 ? ` ${left.join(', ')} still need your own look.` : ''}`;
  deps.log.info(message);
  vscode.window.setStatusBarMessage(`Planwright: ${message}`, 8_000);
  return approved;
}

/**
 * Re-plans what is left: before the plan has run, plans its goal again; after a step failed or became
 * unknown, carries the run on, which asks the re-planner for new remaining steps first.
 */
async function replanRemaining(deps: RunCommandDeps): Promise<RunReport | boolean | undefined> {
  const { session } = deps;
  const state = session.runs.state;
  if (!state) {
    const goal = session.plan?.goal;
    if (!goal) return undefined;
    const choice = await vscode.window.showWarningMessage(`Plan "${goal}" again from scratch? The open plan's steps are replaced.`, { modal: true }, 'Plan Again');
    return choice ? vscode.commands.executeCommand<boolean>(COMMANDS.planTask, goal) : undefined;
  }
  if (session.runs.executing) {
    void vscode.window.showInformationMessage('The run is in progress: it re-plans by itself when a step fails. Pause it to edit steps by hand.');
    return undefined;
  }
  const broken = state.plan.steps.find((step) => BROKEN.has(state.steps.get(step.id)?.status ?? 'pending'));
  if (!broken) {
    void vscode.window.showInformationMessage('No step failed, so there is nothing to re-plan: edit, add or delete steps in the tree, or plan the task again.');
    return undefined;
  }
  return runPlan(deps);
}

async function showTrace(deps: RunCommandDeps): Promise<vscode.TextEditor | undefined> {
  const files = deps.session.runs.runFiles;
  if (!files) {
    void vscode.window.showInformationMessage('No run yet: the trace is written while a plan runs.');
    return undefined;
  }
  await files.trace.close();
  const raw = vscode.Uri.file(files.tracePath);
  const text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(raw));
  const lines = text.split('\n').filter((line) => line.trim() !== '').flatMap((line) => {
    try {
      return [JSON.parse(line) as unknown];
    } catch {
      return [line];
    }
  });
  const state = deps.session.runs.state;
  const title = `Trace of run ${files.runId}${state ? `: ${state.plan.goal}` : ''}`;
  return deps.documents.show('Run trace.md', traceTimeline(lines, { title, rawLink: raw.toString(), ...(state ? { startedAt: state.startedAt } : {}) }));
}

/**
 * After a window reload: shows the last run of this workspace as it was (replayed from its journal, nothing
 * executed) and, when it stopped before its end, offers to resume it.
 */
export async function offerResume(session: PlanSession, log: vscode.LogOutputChannel): Promise<void> {
  const state = await session.runs.restore().catch((error: unknown) => {
    log.error(`Could not restore the last run: ${describeError(error, log)}`);
    return undefined;
  });
  if (!state || !session.runs.resumable) return;
  const where = state.statusReason ? ` (${reasonHeadline(state.statusReason)})` : '';
  const choice = await vscode.window.showInformationMessage(
    `Planwright: the run of "${state.plan.goal}" stopped at ${progressText(state)}${where}. Resume it?`,
    'Resume',
    'Show Plan',
  );
  if (choice === 'Resume') await vscode.commands.executeCommand(COMMANDS.runPlan);
  if (choice === 'Show Plan') await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
}

/** Registers the run commands; the caller owns the returned disposables. */
export function registerRunCommands(deps: RunCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.runPlan, () => runPlan(deps)),
    vscode.commands.registerCommand(COMMANDS.pauseRun, () => pauseRun(deps)),
    vscode.commands.registerCommand(COMMANDS.cancelRun, () => cancelRun(deps)),
    vscode.commands.registerCommand(COMMANDS.approveAllSafe, () => approveAllSafe(deps)),
    vscode.commands.registerCommand(COMMANDS.replanRemaining, () => replanRemaining(deps)),
    vscode.commands.registerCommand(COMMANDS.showTrace, () => showTrace(deps)),
  ];
}
