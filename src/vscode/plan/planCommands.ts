// The plan commands: plan a task with the planner model, open a plan file into the Planwright view, save the
// plan as a file, show it as Markdown, reveal the log. They read and write files through workspace.fs, leave
// planning, parsing and rendering to core, and turn core's problems into one short message (details go to
// the log). Plan a Task… hands the goal to the run controller in planwright.mode: in split mode the
// plan streams into the tree as the planner writes it, in fused or auto mode each action appears as a step,
// with the same approvals.
import * as vscode from 'vscode';
import { formatProblem } from '../../core/plan/planProblem';
import { parsePlanText } from '../../core/plan/parsePlan';
import { renderPlanMarkdown } from '../../core/plan/renderPlanMarkdown';
import type { RunOutcome } from '../../core/door/doorReport';
import type { RunMode } from '../../core/run/runMode';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS, VIEWS } from '../ids';
import type { LoadedPlan } from './loadedPlan';
import type { PlanSession } from './planSession';
import type { RunDocuments } from '../run/runDocuments';
import type { RunHost } from '../run/runHost';
import { reportRunError } from '../run/runCommands';
import { announce } from '../run/runEndNotice';
import { describeError, problemsText } from '../userMessages';

/** What the plan commands work with; built once in the composition root. */
export interface PlanCommandDeps {
  readonly loadedPlan: LoadedPlan;
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly models: RunHost['models'];
  readonly settings: RunHost['settings'];
  readonly documents: RunDocuments;
  /** Starts the configured MCP servers, so plans may call their tools (absent: none). */
  readonly prepareTools?: () => Promise<void>;
}

const PLAN_GLOB = '**/*.plan.json';
const EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**}';
const MAX_PICKED_FILES = 500;

interface PlanFilePick extends vscode.QuickPickItem {
  readonly uri?: vscode.Uri;
}

/** Asks for a plan file: the workspace's *.plan.json files, or "Browse…" for any file. */
async function pickPlanFile(): Promise<vscode.Uri | undefined> {
  const files = await vscode.workspace.findFiles(PLAN_GLOB, EXCLUDE_GLOB, MAX_PICKED_FILES);
  const items: PlanFilePick[] = files
    .map((uri) => ({ uri, relative: vscode.workspace.asRelativePath(uri, true) }))
    .sort((a, b) => a.relative.localeCompare(b.relative))
    .map(({ uri, relative }) => ({ label: relative.split('/').pop() ?? relative, description: relative, uri }));
  items.push({ label: `$(folder-opened) ${vscode.l10n.t('Browse…')}`, description: vscode.l10n.t('Choose a plan file anywhere') });
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Open Plan File'),
    placeHolder: files.length > 0 ? vscode.l10n.t('Select a plan file') : vscode.l10n.t('No *.plan.json files in this workspace'),
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.uri) return picked.uri;
  const chosen = await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: vscode.l10n.t('Open Plan'),
    filters: { [vscode.l10n.t('Plan files')]: ['json'] },
  });
  return chosen?.[0];
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Asks what to do with the open plan's unsaved edits, then for a goal (unless given), and carries it out in
 * `planwright.mode` through the run controller. In split mode the planner's plan streams into the tree, each
 * step as its line completes; read-only steps may start at once when the approval settings allow, and every
 * step that needs approval waits for it.
 * Resolves to how the run ended (`false` when it could not start).
 */
async function planGoal(deps: PlanCommandDeps, goalArgument?: unknown): Promise<RunOutcome | false> {
  // Whatever can stop the command comes before the goal's input box, so no answer throws away a goal just typed.
  if (!vscode.workspace.workspaceFolders?.[0]) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: Planwright plans a task inside a workspace folder.'));
    return false;
  }
  if (!(await hasModel(deps, goalArgument))) return false;
  if (typeof goalArgument !== 'string' && !(await keepOrDropUnsaved(deps, 'plan'))) return false;
  const mode = deps.settings().mode;
  const goal =
    typeof goalArgument === 'string'
      ? goalArgument
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Plan a Task'),
          prompt:
            mode === 'split'
              ? vscode.l10n.t('What should be done? Planwright plans it as checkable steps, shown as they are written; steps that change anything wait for your approval.')
              : vscode.l10n.t("What should be done? Planwright's agent starts on it at once (planwright.mode is {0}); each action becomes a step, and steps that need approval wait for you.", mode),
          placeHolder: vscode.l10n.t('e.g. Add a --verbose flag to the CLI that reports each file it reads'),
          ignoreFocusOut: true,
          validateInput: (text) => (text.trim().length === 0 ? vscode.l10n.t('Describe the task in a sentence.') : undefined),
        });
  if (!goal?.trim()) return false;
  await deps.prepareTools?.();
  // The run in progress goes on beside the new one (see RunSet).
  if (deps.session.runs.executing) await deps.session.runSet.leave();
  return actOnGoal(deps, goal.trim(), mode);
}

/**
 * Whether a model is set up, asked before the goal so no goal typed is lost. Without one: a short message with
 * Configure Model…, after which Plan a Task… opens again (with `goal` when one was given), why in the log.
 */
async function hasModel(deps: PlanCommandDeps, goal: unknown): Promise<boolean> {
  try {
    await deps.models();
    return true;
  } catch (error) {
    deps.log.warn(`No model to plan with: ${describeError(error, deps.log)}`);
    const configure = vscode.l10n.t('Configure Model…');
    void vscode.window.showWarningMessage(vscode.l10n.t('Planwright needs a model to plan a task, and none is set up yet.'), configure).then(async (choice) => {
      if (choice !== configure) return;
      await vscode.commands.executeCommand(COMMANDS.configureModel);
      if (await deps.models().then(() => true, () => false)) await vscode.commands.executeCommand(COMMANDS.planTask, ...(typeof goal === 'string' ? [goal] : []));
    });
    return false;
  }
}

/** Carries `goal` out in `mode` through the run controller; `false` when it could not start. */
async function actOnGoal(deps: PlanCommandDeps, goal: string, mode: RunMode): Promise<RunOutcome | false> {
  deps.log.info(mode === 'split' ? `Planning: ${goal}` : `Acting on the goal (${mode} mode): ${goal}`);
  const focus = deps.loadedPlan.onDidChange(() => {
    focus.dispose();
    void vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
  });
  try {
    // The name the tree shows for a plan the planner wrote that is not saved yet.
    const result = await deps.session.runs.runGoal(goal, mode, vscode.l10n.t('new plan'));
    if (result.report) announce(result.report, { ...deps, prices: () => deps.settings().prices });
    else void vscode.window.showInformationMessage(vscode.l10n.t('Planwright: the agent answered without changing anything. {0}', result.answer?.trim() ?? '').trim());
    return result;
  } catch (error) {
    reportRunError(deps.log, mode === 'split' ? vscode.l10n.t('Planning failed') : vscode.l10n.t('Planwright could not carry out the task'), error);
    return false;
  } finally {
    focus.dispose();
  }
}

/** A file name from a goal: its first words, lower-case, joined by dashes. */
function fileNameFor(goal: string): string {
  const words = goal.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').slice(0, 6).join('-');
  return `${words || 'plan'}.plan.json`;
}

/** Writes the plan (its current revision, once it has run) to a file; asks where unless `target` says. */
async function savePlanAs(deps: PlanCommandDeps, target?: unknown): Promise<vscode.Uri | undefined> {
  const loaded = deps.loadedPlan.current;
  const plan = deps.session.plan;
  if (!loaded || !plan) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No plan is open.'));
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const suggested = loaded.uri ?? (folder ? vscode.Uri.joinPath(folder, fileNameFor(plan.goal)) : undefined);
  const uri =
    target instanceof vscode.Uri
      ? target
      : await vscode.window.showSaveDialog({ title: vscode.l10n.t('Save Plan As'), saveLabel: vscode.l10n.t('Save Plan'), filters: { [vscode.l10n.t('Plan files')]: ['plan.json', 'json'] }, ...(suggested ? { defaultUri: suggested } : {}) });
  if (!uri) return undefined;
  try {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(plan, null, 2)}\n`));
  } catch (error) {
    reportError(deps.log, vscode.l10n.t('Could not save the plan: {0}', errorText(error)));
    return undefined;
  }
  await deps.loadedPlan.set({ uri, source: vscode.workspace.asRelativePath(uri, false), plan }, true);
  deps.log.info(`Saved the plan to ${uri.toString(true)}`);
  return uri;
}

/**
 * Before the open plan is replaced: when it has unsaved edits, asks Save / Discard (Cancel closes the
 * dialog). Resolves to whether to go on; Save goes on only once the plan is saved.
 */
async function keepOrDropUnsaved(deps: PlanCommandDeps, before: 'plan' | 'open'): Promise<boolean> {
  const loaded = deps.loadedPlan.current;
  if (!loaded?.unsaved) return true;
  const save = vscode.l10n.t('Save');
  const discard = vscode.l10n.t('Discard');
  const choice = await vscode.window.showWarningMessage(
    before === 'plan'
      ? vscode.l10n.t('The open plan "{0}" has unsaved edits. Save them before planning a new task?', loaded.plan.goal)
      : vscode.l10n.t('The open plan "{0}" has unsaved edits. Save them before opening another plan?', loaded.plan.goal),
    { modal: true, detail: vscode.l10n.t('Discard drops the edits; Cancel keeps the plan open as it is.') },
    save,
    discard,
  );
  if (choice === discard) return true;
  return choice === save && (await savePlanAs(deps)) !== undefined;
}

/** Shows a short error; "Show Log" reveals the details. */
function reportError(log: vscode.LogOutputChannel, message: string): void {
  void vscode.window.showErrorMessage(message, vscode.l10n.t('Show Log')).then((choice) => {
    if (choice) log.show(true);
  });
}

/**
 * Loads a plan file into the view. Takes the file as a Uri (explorer context menu, tests) or asks for one.
 * Resolves to whether a plan was loaded.
 */
async function openPlanFile(deps: PlanCommandDeps, target?: unknown, selection?: unknown): Promise<boolean> {
  // A person asked (the palette, the view, or the Explorer, which passes its selection too): unsaved edits are theirs to keep.
  const byPerson = !(target instanceof vscode.Uri) || Array.isArray(selection);
  if (byPerson && !(await keepOrDropUnsaved(deps, 'open'))) return false;
  const uri = target instanceof vscode.Uri ? target : await pickPlanFile();
  if (!uri) return false;
  const source = vscode.workspace.asRelativePath(uri, false);
  let text: string;
  try {
    text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    deps.log.error(`Could not read ${uri.toString(true)}: ${errorText(error)}`);
    reportError(deps.log, vscode.l10n.t('Could not read {0}: {1}', source, errorText(error)));
    return false;
  }
  await deps.prepareTools?.();
  const parsed = parsePlanText(text);
  if (!parsed.ok) {
    const count = parsed.problems.length;
    deps.log.error(`${source} is not a valid plan (${count} ${count === 1 ? 'problem' : 'problems'}):`);
    for (const problem of parsed.problems) deps.log.error(`  ${formatProblem(problem)}`);
    reportError(deps.log, problemsText(vscode.l10n.t('{0} is not a valid plan', source), parsed.problems));
    return false;
  }
  try {
    // A run that executes goes on beside the plan opened now (see RunSet).
    await deps.session.runSet.leave();
  } catch (error) {
    reportError(deps.log, vscode.l10n.t('Could not open {0}: {1}', source, describeError(error, deps.log)));
    return false;
  }
  await deps.loadedPlan.set({ uri, source, plan: parsed.plan });
  deps.log.info(`Opened ${source}: "${parsed.plan.goal}", ${parsed.plan.steps.length} steps`);
  await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
  return true;
}

/** Opens the loaded plan as an untitled Markdown document; resolves to it, or `undefined` when no plan is open. */
async function showPlanAsMarkdown(deps: PlanCommandDeps): Promise<vscode.TextDocument | undefined> {
  const plan = deps.session.plan;
  if (!plan) {
    const open = vscode.l10n.t('Open Plan File…');
    void vscode.window.showInformationMessage(vscode.l10n.t('No plan is open.'), open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand(COMMANDS.openPlanFile);
    });
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument({
    language: 'markdown',
    content: renderPlanMarkdown(vscode.l10n, plan),
  });
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Registers every plan command; the caller owns the returned disposables. `planGoal` is exported for Re-plan. */
export function registerPlanCommands(deps: PlanCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.planTask, (goal?: unknown) => planGoal(deps, goal)),
    registerCommand(COMMANDS.savePlanAs, (target?: unknown) => savePlanAs(deps, target)),
    registerCommand(COMMANDS.openPlanFile, (target?: unknown, selection?: unknown) => openPlanFile(deps, target, selection)),
    registerCommand(COMMANDS.openPlanInView, (target?: unknown, selection?: unknown) => openPlanFile(deps, target, selection)),
    registerCommand(COMMANDS.showPlanAsMarkdown, () => showPlanAsMarkdown(deps)),
    registerCommand(COMMANDS.showLog, () => deps.log.show()),
  ];
}
