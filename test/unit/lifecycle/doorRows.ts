// The rows of the guarantee matrix for the doors a run comes in by (the CLI, the MCP server; the editor's in the
// integration layer), stated once for every door: each door runs the same plan, which edits src/app.js, writes
// added.txt, deletes notes.txt and appends once to log.txt (an effect that must never run twice), on a real
// folder, and hands back the report it gives. A door is what it says: how to run, how to resume, and how it
// signals a wait. A run in a git worktree is checked in the worktree its report names, and must leave the
// workspace itself as it was.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { runReport, type RunReport } from '../../../src/core/run/runSummary';
import { undoRun } from '../../../src/core/undo/undoRun';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';

/** The files the workspace starts with. */
export const ORIGINAL: Readonly<Record<string, string>> = { 'src/app.js': 'let a = 1;\n', 'notes.txt': 'notes\n' };

/** The plan every door runs. */
export const DOOR_PLAN = {
  version: 1,
  goal: 'Make four changes',
  steps: [
    { id: 'E1', title: 'Edit app', tool: 'editFile', args: { path: 'src/app.js', edits: [{ find: 'let a = 1;', replace: 'let a = 2;' }] }, postcondition: { kind: 'fileContains', path: 'src/app.js', text: 'a = 2' } },
    { id: 'E2', title: 'Add a file', tool: 'writeFile', args: { path: 'added.txt', content: 'new\n' }, postcondition: { kind: 'fileExists', path: 'added.txt' } },
    { id: 'E3', title: 'Remove notes', tool: 'deleteFile', args: { path: 'notes.txt' }, postcondition: { kind: 'fileAbsent', path: 'notes.txt' } },
    { id: 'E4', title: 'Log once', tool: 'appendFile', args: { path: 'log.txt', content: 'once\n' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'log.txt', text: 'once' } },
  ],
};

/** The workspace once the plan ran. */
export const CHANGED: Readonly<Record<string, string>> = { 'src/app.js': 'let a = 2;\n', 'added.txt': 'new\n', 'log.txt': 'once\n' };

/** A door's report, as it hands it back, and whether it said "waiting" the way it says it (exit 3, a result that is no error). */
export interface DoorRan {
  readonly report: Readonly<Record<string, unknown>> & { readonly status: string; readonly journal?: string; readonly mode?: string; readonly worktree?: { readonly path: string } };
  readonly saysWaiting: boolean;
}

/** One door, over a workspace made fresh for each cell. */
export interface Door {
  /** The mode its report names. */
  readonly mode: string;
  /** Runs the plan (or its goal) in `workspace`, approving everything or only reads (so the writes wait). */
  run(workspace: string, approval: 'all' | 'reads'): Promise<DoorRan>;
  /** Carries the run of `journal` on, approving everything. */
  resume(journal: string): Promise<DoorRan>;
  /** The model calls the endpoint served so far. */
  callsServed(): number;
}

/** The workspace's files, by path (the run's own folder and git's left out). */
export async function filesOf(root: string, under = ''): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.name === '.planwright' || entry.name === '.git') continue;
    if (entry.isDirectory()) Object.assign(files, await filesOf(root, relative));
    else files[relative] = await readFile(path.join(root, relative), 'utf8');
  }
  return files;
}

/** Writes the original files into `root`. */
export async function seed(root: string): Promise<void> {
  await mkdir(path.join(root, 'src'), { recursive: true });
  for (const [file, text] of Object.entries(ORIGINAL)) await writeFile(path.join(root, file), text);
}

/**
 * The folder the run of `ran` worked in: the worktree its report names (the test workspaces are their repository's
 * top, so that is where the steps work), else `workspace`. A run in a worktree must have left the workspace as it was.
 */
export async function workFolder(ran: DoorRan, workspace: string): Promise<string> {
  if (!ran.report.worktree) return workspace;
  assert.deepEqual(await filesOf(workspace), ORIGINAL, 'a run in a worktree leaves the workspace as it was');
  return ran.report.worktree.path;
}

/** Runs the door with everything approved and checks it made the plan's changes; the folder it worked in and its journal. */
export async function ranAll(door: Door, workspace: string): Promise<DoorRan & { readonly journal: string; readonly folder: string }> {
  const ran = await door.run(workspace, 'all');
  assert.equal(ran.report.status, 'succeeded', JSON.stringify(ran.report));
  const folder = await workFolder(ran, workspace);
  assert.deepEqual(await filesOf(folder), CHANGED);
  assert.equal(typeof ran.report.journal, 'string', 'the report names its journal');
  return { ...ran, journal: ran.report.journal!, folder };
}

export async function journalled(journal: string) {
  return loadRunState(new JsonlRecordLog(journal, false), () => undefined);
}

/** The fields every door's report has for a run that was journalled, in every mode. */
const DOOR_REPORT_FIELDS = ['mode', 'runId', 'status', 'steps', 'replaced', 'waitingForApproval', 'summary', 'usage'] as const;

/** The fields of a RunReport, to compare a door's report with the journal's. */
const RUN_REPORT_FIELDS: readonly (keyof RunReport)[] = ['runId', 'mode', 'status', 'revision', 'replans', 'steps', 'replaced', 'waitingForApproval', 'usage', 'summary'];

/** A (nested) report of a run; a sub-plan's children are nested under its steps' ids, each journalled beside its parent. */
type NestedDoorReport = Readonly<Record<string, unknown>> & { readonly runId?: string; readonly usage?: { readonly own?: unknown }; readonly children?: Readonly<Record<string, NestedDoorReport>> };

/** Checks that `report` is what the journal at `journal` replays to, and each sub-plan's report what its own journal replays to. */
async function replaysTo(report: NestedDoorReport, journal: string): Promise<void> {
  const replayed = runReport(await journalled(journal));
  for (const field of RUN_REPORT_FIELDS) {
    // Nested, the report's usage total counts its children too, and its own calls are its journal's total.
    const { own, ...usage } = field === 'usage' ? (report.usage ?? {}) : {};
    assert.deepEqual(field === 'usage' && own ? { ...usage, total: own } : report[field], replayed[field], `${report.runId ?? ''} ${field}`);
  }
  for (const child of Object.values(report.children ?? {})) await replaysTo(child, path.join(path.dirname(journal), `${child.runId}.journal.jsonl`));
}

/** Each row: what it promises, and the check of one door (on a fresh workspace). */
export const DOOR_ROWS: readonly (readonly [string, (door: Door, workspace: string) => Promise<void>])[] = [
  [
    'undo restores every change',
    async (door, workspace) => {
      const { journal, folder } = await ranAll(door, workspace);
      const result = await undoRun(new NodeWorkspace(folder), await journalled(journal));
      assert.deepEqual(result.refused, []);
      assert.deepEqual(await filesOf(folder), ORIGINAL);
    },
  ],
  [
    'undo refuses a file edited since and restores the rest',
    async (door, workspace) => {
      const { journal, folder } = await ranAll(door, workspace);
      await writeFile(path.join(folder, 'src/app.js'), 'mine\n');
      const result = await undoRun(new NodeWorkspace(folder), await journalled(journal));
      assert.deepEqual(result.refused.map((entry) => entry.path), ['src/app.js']);
      assert.deepEqual(await filesOf(folder), { ...ORIGINAL, 'src/app.js': 'mine\n' });
    },
  ],
  [
    'an approval wait is a wait, never a failure',
    async (door, workspace) => {
      const ran = await door.run(workspace, 'reads');
      assert.equal(ran.report.status, 'awaitingApproval');
      assert.equal(ran.saysWaiting, true, 'the door says the run waits');
      assert.deepEqual(await filesOf(await workFolder(ran, workspace)), ORIGINAL);
    },
  ],
  [
    'resume carries on where the run stopped',
    async (door, workspace) => {
      const waiting = await door.run(workspace, 'reads');
      const resumed = await door.resume(waiting.report.journal!);
      assert.equal(resumed.report.status, 'succeeded', JSON.stringify(resumed.report));
      assert.deepEqual(await filesOf(await workFolder(resumed, workspace)), CHANGED);
      assert.equal(resumed.report.runId, waiting.report.runId, 'the same run');
      assert.deepEqual(resumed.report.worktree?.path, waiting.report.worktree?.path, 'in the same folder');
    },
  ],
  [
    'usage.total counts every call the endpoint served',
    async (door, workspace) => {
      const { report } = await ranAll(door, workspace);
      assert.equal((report.usage as RunReport['usage']).total.calls, door.callsServed());
    },
  ],
  [
    'the journal replays to the same state',
    async (door, workspace) => {
      const { report, journal } = await ranAll(door, workspace);
      await replaysTo(report, journal);
    },
  ],
  [
    'no non-idempotent effect runs twice',
    async (door, workspace) => {
      const waiting = await door.run(workspace, 'reads');
      await door.resume(waiting.report.journal!);
      const again = await door.resume(waiting.report.journal!);
      assert.equal(again.report.status, 'succeeded');
      assert.equal(await readFile(path.join(await workFolder(again, workspace), 'log.txt'), 'utf8'), 'once\n');
    },
  ],
  [
    'the report has the same fields, its mode among them',
    async (door, workspace) => {
      const { report } = await ranAll(door, workspace);
      for (const field of [...DOOR_REPORT_FIELDS, 'journal', 'trace', 'evidence']) assert.ok(field in report, `the report has ${field}: ${Object.keys(report).join(', ')}`);
      assert.equal(report.mode, door.mode);
    },
  ],
];
