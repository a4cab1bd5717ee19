// The plan commands: open a plan file into the Planwright view, show the open plan as Markdown, reveal the log.
// They read files through workspace.fs, leave parsing and rendering to core, and turn core's problems into
// one short message (details go to the log).
import * as vscode from 'vscode';
import { formatProblem } from '../core/plan/planProblem';
import { parsePlanText } from '../core/plan/parsePlan';
import { renderPlanMarkdown } from '../core/plan/renderPlanMarkdown';
import { COMMANDS, VIEWS } from './ids';
import type { LoadedPlan } from './loadedPlan';

/** What the plan commands work with; built once in the composition root. */
export interface PlanCommandDeps {
  readonly loadedPlan: LoadedPlan;
  readonly log: vscode.LogOutputChannel;
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
  items.push({ label: '$(folder-opened) Browse…', description: 'Choose a plan file anywhere' });
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Open Plan File',
    placeHolder: files.length > 0 ? 'Select a plan file' : 'No *.plan.json files in this workspace',
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.uri) return picked.uri;
  const chosen = await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: 'Open Plan',
    filters: { 'Plan files': ['json'] },
  });
  return chosen?.[0];
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shows a short error; "Show Log" reveals the details. */
function reportError(log: vscode.LogOutputChannel, message: string): void {
  void vscode.window.showErrorMessage(message, 'Show Log').then((choice) => {
    if (choice) log.show(true);
  });
}

/**
 * Loads a plan file into the view. Takes the file as a Uri (explorer context menu, tests) or asks for one.
 * Resolves to whether a plan was loaded.
 */
async function openPlanFile(deps: PlanCommandDeps, target?: unknown): Promise<boolean> {
  const uri = target instanceof vscode.Uri ? target : await pickPlanFile();
  if (!uri) return false;
  const source = vscode.workspace.asRelativePath(uri, false);
  let text: string;
  try {
    text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    deps.log.error(`Could not read ${uri.toString(true)}: ${errorText(error)}`);
    reportError(deps.log, `Could not read ${source}: ${errorText(error)}`);
    return false;
  }
  const parsed = parsePlanText(text);
  if (!parsed.ok) {
    const count = parsed.problems.length;
    deps.log.error(`${source} is not a valid plan (${count} ${count === 1 ? 'problem' : 'problems'}):`);
    for (const problem of parsed.problems) deps.log.error(`  ${formatProblem(problem)}`);
    const first = parsed.problems[0];
    const more = count > 1 ? ` (and ${count - 1} more)` : '';
    reportError(deps.log, `${source} is not a valid plan: ${first ? formatProblem(first) : 'unknown problem'}${more}`);
    return false;
  }
  await deps.loadedPlan.set({ uri, source, plan: parsed.plan });
  deps.log.info(`Opened ${source}: "${parsed.plan.goal}", ${parsed.plan.steps.length} steps`);
  await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
  return true;
}

/** Opens the loaded plan as an untitled Markdown document; resolves to it, or `undefined` when no plan is open. */
async function showPlanAsMarkdown(deps: PlanCommandDeps): Promise<vscode.TextDocument | undefined> {
  const loaded = deps.loadedPlan.current;
  if (!loaded) {
    const open = 'Open Plan File…';
    void vscode.window.showInformationMessage('No plan is open.', open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand(COMMANDS.openPlanFile);
    });
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument({
    language: 'markdown',
    content: renderPlanMarkdown(loaded.plan),
  });
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Registers every plan command; the caller owns the returned disposables. */
export function registerPlanCommands(deps: PlanCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.openPlanFile, (target?: unknown) => openPlanFile(deps, target)),
    vscode.commands.registerCommand(COMMANDS.showPlanAsMarkdown, () => showPlanAsMarkdown(deps)),
    vscode.commands.registerCommand(COMMANDS.showLog, () => deps.log.show()),
  ];
}
