// The run commands: Run Plan (start, or resume the run that stopped), Resume Run, Run Again (a new run after the
// last one ended or was undone), Pause, Cancel,
// Re-plan Remaining Steps and Show Trace, and the prompt about the last run after a window reload. They decide
// nothing themselves: the run controller and the executor do, and core's resumeOffer picks the prompt about the
// last run; these turn outcomes into one short message each.
import * as vscode from 'vscode';
import type { ModelPrices } from '../../core/cost/modelPrices';
import type { DoorReport, RunOutcome } from '../../core/door/doorReport';
import { resumeOffer } from '../../core/run/resumeOffer';
import type { RunState } from '../../core/run/runState';
import { progressText } from '../../core/view/runProgress';
import { traceTimeline } from '../../core/view/traceTimeline';
import { reasonHeadline } from '../../core/view/reasonHeadline';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS, VIEWS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import type { RunDocuments } from './runDocuments';
import { announce } from './runEndNotice';
import { agentRunRefusalText, describeError, showError, summarizeProblems } from '../userMessages';

/** What the run commands work with. */
export interface RunCommandDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly documents: RunDocuments;
  /** The `planwright.prices` setting: the run summary shows the run's cost in them. */
  readonly prices: () => ModelPrices;
  /** Starts the configured MCP servers, so the plan may call their tools (absent: none). */
  readonly prepareTools?: () => Promise<void>;
}

const BROKEN = new Set(['failed', 'unknown']);

/** Runs (or resumes) the open plan; resolves with the run's report (every door's shape) once it stops. */
async function runPlan(deps: RunCommandDeps): Promise<DoorReport | undefined> {
  const { session, log } = deps;
  const file = session.loadedPlan.current;
  if (!file) {
    const plan = vscode.l10n.t('Plan a Task…');
    const open = vscode.l10n.t('Open Plan File…');
    void vscode.window.showInformationMessage(vscode.l10n.t('No plan is open. Plan a task or open a plan file first.'), plan, open).then((choice) => {
      if (choice === plan) void vscode.commands.executeCommand(COMMANDS.planTask);
      if (choice === open) void vscode.commands.executeCommand(COMMANDS.openPlanFile);
    });
    return undefined;
  }
  await deps.prepareTools?.();
  const valid = session.validPlan();
  if (!valid.ok) {
    showError(log, summarizeProblems(log, vscode.l10n.t('The plan cannot run'), valid.problems));
    return undefined;
  }
  const { runs } = session;
  const offer = resumeOffer({ moment: 'runPlan', run: runs.state, resumable: runs.resumable, executing: runs.executing });
  if (offer.kind === 'planAgain') {
    offerPlanAgain(offer.runId);
    return undefined;
  }
  if (offer.kind === 'resumeOrStartOver' && !(await resumeOrStartOver(deps, offer.run))) return undefined;
  let outcome: RunOutcome | undefined;
  try {
    outcome = await runs.runOrResume(valid.plan, { source: file.source, ...(file.uri ? { uri: file.uri } : {}) });
  } catch (error) {
    reportRunError(log, vscode.l10n.t('The plan could not run'), error);
    return undefined;
  }
  if (!outcome?.report) return undefined;
  announce(outcome.report, deps);
  return runs.report;
}

/**
 * Runs the plan afresh as a new run, after the last one ended or was undone: the plan as the run left it (its
 * last revision) becomes the open plan, and the run before is left behind (its journal stays).
 */
async function runAgain(deps: RunCommandDeps): Promise<DoorReport | undefined> {
  const { session } = deps;
  if (session.runs.executing) {
    void vscode.window.showInformationMessage(vscode.l10n.t('A run is in progress: pause or cancel it first.'));
    return undefined;
  }
  const [plan, file] = [session.plan, session.loadedPlan.current];
  if (plan && file && plan !== file.plan) session.loadedPlan.edit(plan, file.unsaved === true);
  await session.runs.forget();
  return runPlan(deps);
}

/** Says why the fused agent's run `runId` cannot be resumed, with a button to plan the task again. */
function offerPlanAgain(runId: string): void {
  const plan = vscode.l10n.t('Plan a Task…');
  void vscode.window.showInformationMessage(agentRunRefusalText(runId), plan).then((choice) => {
    if (choice === plan) void vscode.commands.executeCommand(COMMANDS.planTask);
  });
}

/**
 * After Cancel: asks whether to carry the cancelled run on from where it stopped (its finished steps are not
 * run again) or to start over. Resolves to whether to go on.
 */
async function resumeOrStartOver(deps: RunCommandDeps, state: RunState): Promise<boolean> {
  const resume = vscode.l10n.t('Resume');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('The last run of "{0}" was cancelled at {1}. Resume it from where it stopped?', state.plan.goal, progressText(vscode.l10n, state)),
    { modal: true, detail: vscode.l10n.t('Resume runs only the steps that did not finish; Start Over runs the whole plan again.') },
    resume,
    vscode.l10n.t('Start Over'),
  );
  if (choice === resume) {
    try {
      await deps.session.runs.reopenCancelled();
    } catch (error) {
      reportRunError(deps.log, vscode.l10n.t('The run could not resume'), error);
      return false;
    }
  }
  return choice !== undefined;
}

/** Why a run could not start or stopped; in an untrusted workspace, the way to trust it. */
export function reportRunError(log: vscode.LogOutputChannel, what: string, error: unknown): void {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(describeError(error, log), vscode.l10n.t('Manage Workspace Trust')).then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  } else showError(log, `${what}: ${describeError(error, log)}`);
}

/** The journal of the Runs view's row a command was invoked on, if it was. */
function journalOf(target: unknown): string | undefined {
  const journalPath = (target as { journalPath?: unknown } | undefined)?.journalPath;
  return typeof journalPath === 'string' ? journalPath : undefined;
}

function pauseRun(deps: RunCommandDeps, target: unknown): boolean | Promise<boolean> {
  // A row of the Runs view: that run, this window's or another process's (asked by a stop request).
  const journal = journalOf(target);
  if (journal) return deps.session.runSet.pause(journal);
  const paused = deps.session.runs.pause();
  // A goal's agent cannot stop and carry on the way a planned run does: it can only be cancelled.
  if (!paused) void vscode.window.showInformationMessage(deps.session.runs.executing ? vscode.l10n.t('The agent cannot pause mid-goal: cancel the run to stop it.') : vscode.l10n.t('No run is in progress.'));
  else vscode.window.setStatusBarMessage(vscode.l10n.t('Planwright: pausing after the running steps finish…'), 5_000);
  return paused;
}

function cancelRun(deps: RunCommandDeps, target: unknown): boolean | Promise<boolean> {
  const journal = journalOf(target);
  if (journal) return deps.session.runSet.cancel(journal);
  const cancelled = deps.session.runs.cancel();
  if (!cancelled) void vscode.window.showInformationMessage(vscode.l10n.t('No run is in progress.'));
  return cancelled;
}

/**
 * Re-plans what is left: before the plan has run, plans its goal again; after a step failed or became
 * unknown, carries the run on, which asks the re-planner for new remaining steps first.
 */
async function replanRemaining(deps: RunCommandDeps): Promise<DoorReport | boolean | undefined> {
  const { session } = deps;
  const state = session.runs.state;
  if (!state) {
    const goal = session.plan?.goal;
    if (!goal) return undefined;
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t("Plan \"{0}\" again from scratch? The open plan's steps are replaced.", goal), { modal: true }, vscode.l10n.t('Plan Again'));
    return choice ? vscode.commands.executeCommand<boolean>(COMMANDS.planTask, goal) : undefined;
  }
  if (session.runs.executing) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The run is in progress: it re-plans by itself when a step fails. Pause it to edit steps by hand.'));
    return undefined;
  }
  const broken = state.plan.steps.find((step) => BROKEN.has(state.steps.get(step.id)?.status ?? 'pending'));
  if (!broken) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No step failed, so there is nothing to re-plan: edit, add or delete steps in the tree, or plan the task again.'));
    return undefined;
  }
  return runPlan(deps);
}

async function showTrace(deps: RunCommandDeps): Promise<vscode.WebviewPanel | undefined> {
  const files = deps.session.runs.runFiles;
  if (!files) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No run yet: the trace is written while a plan runs.'));
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
  const title = state ? vscode.l10n.t('Trace of run {0}: {1}', files.runId, state.plan.goal) : vscode.l10n.t('Trace of run {0}', files.runId);
  const timeline = traceTimeline(vscode.l10n, lines, { title, ...(state ? { startedAt: state.startedAt, steps: state } : {}) });
  const openRaw = { id: 'raw', label: vscode.l10n.t('Open Raw JSON Lines'), run: () => vscode.window.showTextDocument(raw) };
  return deps.documents.pages.show(vscode.l10n.t('Run trace'), timeline, [openRaw]);
}

/**
 * After a window reload: shows the last run of this workspace as it was (replayed from its journal, nothing
 * executed) and, when it stopped before its end, offers to resume it (a fused agent's run: to plan the task again).
 */
export async function offerResume(session: PlanSession, log: vscode.LogOutputChannel): Promise<void> {
  const restored = await session.runSet.restoreLatest().catch((error: unknown) => {
    log.error(`Could not restore the last run: ${describeError(error, log)}`);
    return undefined;
  });
  const offer = resumeOffer({ moment: 'reload', run: restored, resumable: session.runs.resumable, executing: session.runs.executing });
  if (offer.kind === 'planAgain') offerPlanAgain(offer.runId);
  if (offer.kind === 'resume') await offerToResume(offer.run);
}

/** Says where the restored plan run `state` stopped, with buttons to resume it or show the plan. */
async function offerToResume(state: RunState): Promise<void> {
  const progress = progressText(vscode.l10n, state);
  const resume = vscode.l10n.t('Resume');
  const showPlan = vscode.l10n.t('Show Plan');
  const choice = await vscode.window.showInformationMessage(
    state.statusReason
      ? vscode.l10n.t('Planwright: the run of "{0}" stopped at {1} ({2}). Resume it?', state.plan.goal, progress, reasonHeadline(vscode.l10n, state.statusReason))
      : vscode.l10n.t('Planwright: the run of "{0}" stopped at {1}. Resume it?', state.plan.goal, progress),
    resume,
    showPlan,
  );
  if (choice === resume) await vscode.commands.executeCommand(COMMANDS.resumeRun);
  if (choice === showPlan) await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
}

/** Registers the run commands; the caller owns the returned disposables. */
export function registerRunCommands(deps: RunCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.runPlan, () => runPlan(deps)),
    registerCommand(COMMANDS.resumeRun, () => runPlan(deps)),
    registerCommand(COMMANDS.runAgain, () => runAgain(deps)),
    registerCommand(COMMANDS.pauseRun, (target?: unknown) => pauseRun(deps, target)),
    registerCommand(COMMANDS.cancelRun, (target?: unknown) => cancelRun(deps, target)),
    registerCommand(COMMANDS.replanRemaining, () => replanRemaining(deps)),
    registerCommand(COMMANDS.showTrace, () => showTrace(deps)),
  ];
}
