// The doors of the guarantee matrix outside the editor, over one cell each (a fresh folder, the scripted model
// endpoint and the environment that points at it): the CLI's `run` and `resume` of a plan file, of a plan file
// whose one step is a sub-plan, and of a goal in split, fused and auto mode; the MCP server's `run_plan` and
// `resume_run`; and, for the doors that offer it, each again in a git worktree (`--worktree`, MCP's `worktree`).
// The scripted planner writes the door plan; the scripted fused agent makes the plan's four changes one call a
// turn, choosing the next from the files of the folder the run works in, so a resumed agent goes on where it was.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CliIo } from '../../../src/cli/cliIo';
import { planCommand } from '../../../src/cli/planCommand';
import { createPlanwrightMcpServer } from '../../../src/cli/planwrightMcpServer';
import { resumeCommand } from '../../../src/cli/resumeCommand';
import { runCli } from '../../../src/cli/runCli';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { WORKTREES_FOLDER } from '../../../src/node/runWorktree';
import { doorScript } from '../../support/doorScript';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { gitIn } from '../support/gitRepository';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { DOOR_PLAN, seed, type Door, type DoorRan } from './doorRows';

/** A folder for the cell, its workspace, the scripted endpoint, and the environment that points at it. */
export interface Cell {
  readonly dir: string;
  readonly workspace: string;
  readonly server: ScriptedModelServer;
  readonly env: CliIo['env'];
}

/** The folder the cell's run works in: its worktree once one was made, else the workspace. */
function workingFolder(workspace: string): string {
  const worktrees = path.join(workspace, WORKTREES_FOLDER);
  const made = existsSync(worktrees) ? readdirSync(worktrees, { withFileTypes: true }).filter((entry) => entry.isDirectory()) : [];
  return made.length === 1 ? path.join(worktrees, made[0]!.name) : workspace;
}

/** A cell with its workspace seeded with the door plan's files. */
export async function openCell(): Promise<Cell> {
  const dir = await makeTempDir();
  const workspace = path.join(dir, 'ws');
  await seed(workspace);
  const server = await ScriptedModelServer.start(doorScript(DOOR_PLAN, () => workingFolder(workspace)));
  return { dir, workspace, server, env: { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_PLANNER_MODEL: 'planner-model', PLANWRIGHT_WORKER_MODEL: 'worker-model' } };
}

export async function closeCell(cell: Cell): Promise<void> {
  await cell.server.close();
  await removeTempDir(cell.dir);
}

/** Runs the CLI in the cell with `--json`; its report, and whether it said "waiting" (exit 3). */
export async function cli(cell: Cell, args: string[]): Promise<DoorRan> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: cell.env, cwd: cell.dir };
  const code = await runCli([...args, '--json'], io);
  assert.ok(code !== 2, `exit 2: ${stderr}`);
  return { report: JSON.parse(stdout) as DoorRan['report'], saysWaiting: code === 3 };
}

/** The door plan as one sub-plan step: the child plans (the scripted planner writes the door plan) and makes the changes. */
const SUBPLAN_PLAN = {
  version: 1,
  goal: DOOR_PLAN.goal,
  steps: [{ id: 'E1', title: 'Make the changes in a sub-plan', tool: 'subplan', args: { goal: DOOR_PLAN.goal, scope: ['src', 'added.txt', 'notes.txt', 'log.txt'] }, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'once' } }],
};

/** What the CLI runs: a plan file (its own, or one of a sub-plan step), or the goal in a mode. */
export type CliSource = 'plan' | 'subplan' | 'split' | 'fused' | 'auto';

/** Makes the cell's workspace a git repository with its files committed, so a run can work in a worktree of it. */
function committed(cell: Cell): void {
  gitIn(cell.workspace, 'init', '-q', '-b', 'main');
  gitIn(cell.workspace, 'add', '-A');
  gitIn(cell.workspace, 'commit', '-q', '-m', 'the door files');
}

/** The CLI's run and resume of `source`, in a git worktree when `worktree`. */
export function cliDoor(cell: Cell, source: CliSource, worktree = false): Door {
  if (worktree) committed(cell);
  return {
    mode: source === 'plan' || source === 'subplan' ? 'plan' : source,
    run: async (workspace, approval) => {
      await writeFile(path.join(cell.dir, 'door.plan.json'), JSON.stringify(source === 'subplan' ? SUBPLAN_PLAN : DOOR_PLAN));
      const what = source === 'plan' || source === 'subplan' ? ['door.plan.json'] : ['--goal', DOOR_PLAN.goal, '--mode', source];
      return cli(cell, ['run', ...what, '--workspace', workspace, '--approve', approval, ...(worktree ? ['--worktree'] : [])]);
    },
    resume: (journal) => cli(cell, ['resume', '--journal', journal, '--approve', 'all']),
    callsServed: () => cell.server.requests.length,
  };
}

/** MCP's run_plan and resume_run, through the SDK's client in memory, the user allowing every approval; in a git worktree when `worktree`. */
export async function mcpDoor(cell: Cell, clients: Client[], worktree = false): Promise<Door> {
  if (worktree) committed(cell);
  const server = createPlanwrightMcpServer({ plan: () => planCommand, run: () => runPlanCommand, resume: () => resumeCommand }, 'all', cell.env, cell.dir);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'door-matrix', version: '1.0.0' });
  await client.connect(clientSide);
  clients.push(client);
  const call = async (name: string, args: Record<string, unknown>): Promise<DoorRan> => {
    const result = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
    const text = result.content.map((block) => block.text).join('\n');
    assert.notEqual(result.isError, true, text);
    const report = JSON.parse(text) as DoorRan['report'];
    return { report, saysWaiting: report.status === 'awaitingApproval' && result.isError !== true };
  };
  return {
    mode: 'plan',
    run: (workspace, approval) => call('run_plan', { plan: DOOR_PLAN, workspace, approve: approval, ...(worktree ? { worktree: true } : {}) }),
    resume: (journal) => call('resume_run', { journal, approve: 'all' }),
    callsServed: () => cell.server.requests.length,
  };
}

/** A door by name, made over a cell. */
export type DoorOf = readonly [string, (cell: Cell, clients: Client[]) => Promise<Door>];

/** The doors in the workspace itself. */
export const WORKSPACE_DOORS: readonly DoorOf[] = [
  ['CLI run / resume, a plan file', async (cell) => cliDoor(cell, 'plan')],
  ['CLI run / resume, a split goal', async (cell) => cliDoor(cell, 'split')],
  ['CLI run / resume, a fused goal', async (cell) => cliDoor(cell, 'fused')],
  ['CLI run / resume, an auto goal', async (cell) => cliDoor(cell, 'auto')],
  ['CLI run / resume, a plan file with a sub-plan', async (cell) => cliDoor(cell, 'subplan')],
  ['MCP run_plan / resume_run', (cell, clients) => mcpDoor(cell, clients)],
];

/** The worktree column: the doors that offer a git worktree, each run in one. */
export const WORKTREE_DOORS: readonly DoorOf[] = [
  ['CLI run / resume --worktree, a plan file', async (cell) => cliDoor(cell, 'plan', true)],
  ['CLI run / resume --worktree, a split goal', async (cell) => cliDoor(cell, 'split', true)],
  ['CLI run / resume --worktree, a fused goal', async (cell) => cliDoor(cell, 'fused', true)],
  ['CLI run / resume --worktree, an auto goal', async (cell) => cliDoor(cell, 'auto', true)],
  ['MCP run_plan / resume_run with worktree', (cell, clients) => mcpDoor(cell, clients, true)],
];

/**
 * A fresh cell for each test, and the MCP clients a test's doors open (closed after it): the hooks every door suite
 * shares. Read `cell()` and `clients` inside a test.
 */
export function cellPerTest(): { cell(): Cell; readonly clients: Client[] } {
  let cell: Cell | undefined;
  const clients: Client[] = [];
  beforeEach(async () => {
    cell = await openCell();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    if (cell) await closeCell(cell);
  });
  return {
    cell: () => {
      if (!cell) throw new Error('no cell: read it inside a test');
      return cell;
    },
    clients,
  };
}
