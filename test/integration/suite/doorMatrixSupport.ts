// What the editor's guarantees × doors matrices share: the four changes in door/ (edit app.js, write added.txt,
// delete notes.txt, append once to log.txt) as a plan, the files before and after, the scripted endpoint's
// answers (the plan to a planning request; to a request offering tools, the fused agent's next call, chosen from
// the files of the folder the run works in), the doors, and running a door while approving each step as it comes
// to wait.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../../src/core/door/doorReport';
import { WORKTREES_FOLDER } from '../../../src/node/runWorktree';
import { planwrightTools } from '../../../src/vscode/chat/planwrightTools';
import { COMMANDS } from '../../../src/vscode/ids';
import { doorScript } from '../../support/doorScript';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { planwright, setUserSetting, until, workspaceUri } from './support';

/** The fields every door's report has for a run that was journalled. */
export const DOOR_REPORT_FIELDS = ['mode', 'runId', 'status', 'steps', 'replaced', 'waitingForApproval', 'summary', 'usage'];

export const ORIGINAL: Readonly<Record<string, string>> = { 'door/app.js': 'let a = 1;\n', 'door/notes.txt': 'notes\n' };
export const CHANGED: Readonly<Record<string, string>> = { 'door/app.js': 'let a = 2;\n', 'door/added.txt': 'new\n', 'door/log.txt': 'once\n' };
export const PLAN = {
  version: 1,
  goal: 'Make four changes in door/',
  steps: [
    { id: 'E1', title: 'Edit app', tool: 'editFile', args: { path: 'door/app.js', edits: [{ find: 'let a = 1;', replace: 'let a = 2;' }] }, postcondition: { kind: 'fileContains', path: 'door/app.js', text: 'a = 2' } },
    { id: 'E2', title: 'Add a file', tool: 'writeFile', args: { path: 'door/added.txt', content: 'new\n' }, postcondition: { kind: 'fileExists', path: 'door/added.txt' } },
    { id: 'E3', title: 'Remove notes', tool: 'deleteFile', args: { path: 'door/notes.txt' }, postcondition: { kind: 'fileAbsent', path: 'door/notes.txt' } },
    { id: 'E4', title: 'Log once', tool: 'appendFile', args: { path: 'door/log.txt', content: 'once\n' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'door/log.txt', text: 'once' } },
  ],
};
const FILES = ['door/app.js', 'door/added.txt', 'door/notes.txt', 'door/log.txt'];

/** The workspace folder's path. */
export function workspaceRoot(): string {
  return workspaceUri('.').fsPath;
}

/** The door files as they are now in `root` (the workspace unless given; absent ones left out). */
export async function doorFiles(root = workspaceRoot()): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of FILES) {
    const data = await Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.file(path.join(root, file)))).catch(() => undefined);
    if (data !== undefined) files[file] = new TextDecoder().decode(data);
  }
  return files;
}

export async function seed(): Promise<void> {
  for (const file of FILES) await Promise.resolve(vscode.workspace.fs.delete(workspaceUri(file))).catch(() => undefined);
  for (const [file, text] of Object.entries(ORIGINAL)) await vscode.workspace.fs.writeFile(workspaceUri(file), new TextEncoder().encode(text));
}

export async function removeDoorFiles(): Promise<void> {
  for (const file of [...FILES, 'door.plan.json']) await Promise.resolve(vscode.workspace.fs.delete(workspaceUri(file))).catch(() => undefined);
}

/** Opens `plan` as a plan file, as a user would before Run Plan or an agent before planwright_runPlan. */
export async function openPlan(plan: object = PLAN): Promise<void> {
  const file = workspaceUri('door.plan.json');
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
  assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
}

/** The folder a run works in: the newest worktree when runs work in worktrees, else the workspace. */
export function workingFolder(): string {
  const root = workspaceRoot();
  const worktrees = path.join(root, WORKTREES_FOLDER);
  const made = existsSync(worktrees) ? readdirSync(worktrees, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(worktrees, entry.name)) : [];
  return made.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] ?? root;
}

/** The scripted endpoint's answer: the plan to a planning request, the agent's turn (in the folder the run works in) to one that offers tools. */
export const doorReply = doorScript(PLAN, workingFolder);

/** A door: starts the run and resolves with the report it gives (as an object) once the run stopped. */
export type Door = () => Promise<Record<string, unknown>>;

/** The plan as one sub-plan step: the child (the scripted planner writes the plan) makes the changes in door/. */
const SUBPLAN_PLAN = {
  version: 1,
  goal: PLAN.goal,
  steps: [{ id: 'E1', title: 'Make the changes in a sub-plan', tool: 'subplan', args: { goal: PLAN.goal, scope: ['door'] }, postcondition: { kind: 'fileContains', path: 'door/log.txt', text: 'once' } }],
};

/** Plan a Task with planwright.mode set to `mode`: the run's report once it stopped. */
async function planTask(mode: 'split' | 'fused' | 'auto'): Promise<Record<string, unknown>> {
  await setUserSetting('mode', mode);
  const { session } = await planwright();
  const result = await vscode.commands.executeCommand<RunOutcome | false>(COMMANDS.planTask, PLAN.goal);
  assert.ok(result && result.report, `Plan a Task ran the goal in ${mode} mode`);
  return session.runs.report as Record<string, unknown>;
}

/** A door by name, with the mode its report says. */
export type NamedDoor = readonly [string, string, Door];

const RUN_PLAN: NamedDoor = ['Run Plan', 'plan', async () => {
  await openPlan();
  return (await vscode.commands.executeCommand<Record<string, unknown>>(COMMANDS.runPlan))!;
}];
const LM_TOOL: NamedDoor = ['planwright_runPlan', 'plan', async () => {
  await openPlan();
  const { session } = await planwright();
  const result = (await planwrightTools(session).runPlan.invoke({ input: {}, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) as vscode.LanguageModelToolResult;
  return JSON.parse(result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('')) as Record<string, unknown>;
}];
const FUSED: NamedDoor = ['Plan a Task, fused', 'fused', () => planTask('fused')];
const AUTO: NamedDoor = ['Plan a Task, auto', 'auto', () => planTask('auto')];

/** The editor's doors: Run Plan, the Language Model tool, and Plan a Task (split mode). */
export const EDITOR_DOORS: readonly NamedDoor[] = [RUN_PLAN, LM_TOOL, ['Plan a Task', 'split', () => planTask('split')]];

/** The doors a run in a git worktree comes in by (planwright.isolation "worktree"): those above, and Plan a Task in fused and auto mode. */
export const WORKTREE_DOORS: readonly NamedDoor[] = [...EDITOR_DOORS, FUSED, AUTO];

/** The fused, auto and sub-plan runs of the undone column. */
export const UNDONE_DOORS: readonly NamedDoor[] = [
  FUSED,
  AUTO,
  ['Run Plan, a sub-plan', 'plan', async () => {
    await openPlan(SUBPLAN_PLAN);
    return (await vscode.commands.executeCommand<Record<string, unknown>>(COMMANDS.runPlan))!;
  }],
];

/** Runs `door`, approving each step as it comes to wait once `approving` says so; the report and what waited. */
export async function ran(door: Door, approving: () => boolean = () => true): Promise<{ report: Record<string, unknown>; waited: string[] }> {
  const { session } = await planwright();
  const waited = new Set<string>();
  const approved = new Set<string>();
  let stopped = false;
  const running = door().finally(() => (stopped = true));
  running.catch(() => undefined);
  while (!stopped) {
    // Waits for the run to stop, or for a step to wait that this call has not approved yet.
    const pending = await until('a step to wait for approval, or the run to stop', () => {
      if (stopped) return [];
      const unanswered = session.approvals.all().filter((request) => !approved.has(`${request.runId}/${request.stepId}`));
      return unanswered.length > 0 && approving() && unanswered;
    }, 60_000);
    for (const request of pending) {
      waited.add(request.stepId);
      approved.add(`${request.runId}/${request.stepId}`);
      session.approvals.answer(request.stepId, 'approved', request.runId);
    }
  }
  return { report: await running, waited: [...waited] };
}

/**
 * The hooks every door suite shares: a scripted model server with the user settings that point at it (and `extra`),
 * the door files seeded before each test, and all of it put back after, with `setByTests` (settings the tests
 * change) too. Returns the server, for counting its requests.
 */
export function doorSuiteHooks(extra: Readonly<Record<string, unknown>> = {}, setByTests: readonly string[] = []): () => ScriptedModelServer {
  let server: ScriptedModelServer | undefined;
  const settings = (baseUrl: string): Record<string, unknown> => ({ baseUrl, plannerModel: 'scripted-planner', workerModel: 'scripted-worker', autoApprove: 'readOnly', ...extra });
  before(async () => {
    server = await ScriptedModelServer.start(doorReply);
    for (const [key, value] of Object.entries(settings(server.baseUrl))) await setUserSetting(key, value);
  });
  beforeEach(seed);
  after(async () => {
    const { session } = await planwright();
    await session.runs.forget();
    await session.loadedPlan.set(undefined);
    for (const key of [...Object.keys(settings('')), ...setByTests]) await setUserSetting(key, undefined);
    await removeDoorFiles();
    await server?.close();
  });
  return () => {
    assert.ok(server, 'the scripted model server has not started');
    return server;
  };
}
