// The guarantees × doors matrix: every row of doorRows.ts for each door a run comes in by outside the editor —
// the CLI's `run` and `resume` with a plan file and with a split goal (the planner's plan streamed into the run
// through runGoal), and the MCP server's `run_plan` and `resume_run` — on a real folder, with the scripted model
// endpoint configured so every call a door makes is counted. The editor's doors are the integration layer's.
import * as assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CliIo } from '../../../src/cli/cliIo';
import { planCommand } from '../../../src/cli/planCommand';
import { createPlanwrightMcpServer } from '../../../src/cli/planwrightMcpServer';
import { resumeCommand } from '../../../src/cli/resumeCommand';
import { runCli } from '../../../src/cli/runCli';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { DOOR_PLAN, DOOR_ROWS, seed, type Door, type DoorRan } from './doorRows';

/** The planner's reply to a planning request is the door plan; anything else is answered plainly. */
function reply(body: { messages?: { content?: string }[] }): ScriptedReply {
  const task = String(body.messages?.[1]?.content ?? '');
  return task.startsWith('Task: write a plan') ? { content: JSON.stringify(DOOR_PLAN) } : { content: 'Done.' };
}

/** A folder for the cell, the scripted endpoint, and the environment that points at it. */
interface Cell {
  readonly dir: string;
  readonly server: ScriptedModelServer;
  readonly env: CliIo['env'];
}

async function cli(cell: Cell, args: string[]): Promise<DoorRan> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: cell.env, cwd: cell.dir };
  const code = await runCli([...args, '--json'], io);
  assert.ok(code !== 2, `exit 2: ${stderr}`);
  return { report: JSON.parse(stdout) as DoorRan['report'], saysWaiting: code === 3 };
}

/** The CLI's run and resume: of the plan file, or of the goal in split mode. */
function cliDoor(cell: Cell, what: 'plan' | 'goal'): Door {
  return {
    mode: what === 'plan' ? 'plan' : 'split',
    run: async (workspace, approval) => {
      await writeFile(path.join(cell.dir, 'door.plan.json'), JSON.stringify(DOOR_PLAN));
      const source = what === 'plan' ? ['door.plan.json'] : ['--goal', DOOR_PLAN.goal, '--mode', 'split'];
      return cli(cell, ['run', ...source, '--workspace', workspace, '--approve', approval]);
    },
    resume: (journal) => cli(cell, ['resume', '--journal', journal, '--approve', 'all']),
    callsServed: () => cell.server.requests.length,
  };
}

/** MCP's run_plan and resume_run, through the SDK's client in memory, the user allowing every approval. */
async function mcpDoor(cell: Cell, clients: Client[]): Promise<Door> {
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
    run: (workspace, approval) => call('run_plan', { plan: DOOR_PLAN, workspace, approve: approval }),
    resume: (journal) => call('resume_run', { journal, approve: 'all' }),
    callsServed: () => cell.server.requests.length,
  };
}

const DOORS: readonly (readonly [string, (cell: Cell, clients: Client[]) => Promise<Door>])[] = [
  ['CLI run / resume, a plan file', async (cell) => cliDoor(cell, 'plan')],
  ['CLI run / resume, a split goal', async (cell) => cliDoor(cell, 'goal')],
  ['MCP run_plan / resume_run', mcpDoor],
];

describe('guarantees × doors', () => {
  let cell: Cell;
  let clients: Client[] = [];
  let workspace: string;

  beforeEach(async () => {
    const dir = await makeTempDir();
    const server = await ScriptedModelServer.start(reply);
    cell = { dir, server, env: { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_PLANNER_MODEL: 'planner-model', PLANWRIGHT_WORKER_MODEL: 'worker-model' } };
    workspace = path.join(dir, 'ws');
    await mkdir(workspace);
    await seed(workspace);
  });
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close()));
    clients = [];
    await cell.server.close();
    await removeTempDir(cell.dir);
  });

  for (const [row, check] of DOOR_ROWS) {
    describe(row, () => {
      for (const [name, door] of DOORS) it(name, async () => check(await door(cell, clients), workspace));
    });
  }
});
