// `planwright mcp` as an agent drives it, through the SDK's own client (in memory): a plan that waits for
// approval is run to its end with MCP tools alone — the waiting list shows the exact preview and the
// approve_steps call that goes on — and the refusals say what the CLI says, creating nothing.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createPlanwrightMcpServer } from '../../../src/cli/planwrightMcpServer';
import type { ApproveMode } from '../../../src/cli/planwrightMcpTools';
import { resumeCommand } from '../../../src/cli/resumeCommand';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { planCommand } from '../../../src/cli/planCommand';
import { makeTempDir, removeTempDir } from '../support/tempDir';

type Result = { content: { type: string; text: string }[]; isError?: boolean };

const PLAN = {
  version: 1,
  goal: 'Write a greeting',
  steps: [
    { id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'name.txt' } },
    { id: 'E2', title: 'Write hello', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hello, #E1' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hello, Ada' } },
  ],
};

describe('planwright mcp, driven to the end by an MCP client', () => {
  let dir: string;
  let workspace: string;
  let clients: Client[] = [];

  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = path.join(dir, 'ws');
    await mkdir(workspace);
    await writeFile(path.join(workspace, 'name.txt'), 'Ada');
  });
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close()));
    clients = [];
    await removeTempDir(dir);
  });

  async function connect(allowed: ApproveMode): Promise<Client> {
    const server = createPlanwrightMcpServer({ plan: () => planCommand, run: () => runPlanCommand, resume: () => resumeCommand }, allowed, {}, dir);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'planwright-test', version: '1.0.0' });
    await client.connect(clientSide);
    clients.push(client);
    return client;
  }
  const textOf = (result: Result) => result.content.map((block) => block.text).join('\n');

  it('runs a plan that waits, approves what waits by the call it names, and ends succeeded, with progress on the way', async () => {
    const client = await connect('all');
    const progress: string[] = [];
    const started = (await client.callTool({ name: 'run_plan', arguments: { plan: PLAN, workspace } }, undefined, { onprogress: (note) => progress.push(note.message ?? '') })) as Result;
    assert.equal(started.isError, undefined, textOf(started));
    const waiting = JSON.parse(textOf(started)) as {
      status: string;
      runId: string;
      journal: string;
      waiting: { stepId: string; tool: string; preview: { kind: string }; argsHash: string; approvable: boolean }[];
      toApprove: { tool: string; arguments: { journal: string; steps: { stepId: string; argsHash: string }[] } };
    };
    assert.equal(waiting.status, 'awaitingApproval');
    assert.equal(path.basename(waiting.journal), `${waiting.runId}.journal.jsonl`, 'the journal is named after its run');
    assert.deepEqual(waiting.waiting.map((step) => [step.stepId, step.tool, step.approvable]), [['E1', 'readFile', true]]);
    assert.equal(waiting.toApprove.tool, 'approve_steps');
    assert.ok(progress.some((line) => /E1/.test(line)), `progress: ${progress.join(' | ')}`);

    const afterRead = JSON.parse(textOf((await client.callTool({ name: waiting.toApprove.tool, arguments: waiting.toApprove.arguments })) as Result)) as typeof waiting;
    assert.equal(afterRead.status, 'awaitingApproval');
    const write = afterRead.waiting.find((step) => step.stepId === 'E2')!;
    assert.deepEqual(write.preview.kind, 'fileChanges', 'the exact change is shown before it is approved');
    await assert.rejects(readFile(path.join(workspace, 'hello.txt')));

    const stale = (await client.callTool({ name: 'approve_steps', arguments: { journal: waiting.journal, steps: [{ stepId: 'E2', argsHash: '0123456789abcdef' }] } })) as Result;
    assert.equal(JSON.parse(textOf(stale)).status, 'awaitingApproval', 'a hash that is not the one shown approves nothing');
    await assert.rejects(readFile(path.join(workspace, 'hello.txt')));

    const done = JSON.parse(textOf((await client.callTool({ name: afterRead.toApprove.tool, arguments: afterRead.toApprove.arguments })) as Result)) as { status: string };
    assert.equal(done.status, 'succeeded');
    assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hello, Ada');
    const status = JSON.parse(textOf((await client.callTool({ name: 'run_status', arguments: { journal: waiting.journal } })) as Result)) as { status: string };
    assert.equal(status.status, 'succeeded');
  });

  it('approves only up to --allow-approve: under reads a write waits with what to ask the user, under none nothing is approved', async () => {
    const reads = await connect('reads');
    const started = JSON.parse(textOf((await reads.callTool({ name: 'run_plan', arguments: { plan: PLAN, workspace, approve: 'reads' } })) as Result)) as { waiting: { stepId: string; approvable: boolean }[]; toApprove: unknown; journal: string };
    assert.deepEqual(started.waiting.map((step) => [step.stepId, step.approvable]), [['E2', false]]);
    assert.match(String(started.toApprove), /ask them to run planwright resume --journal/);
    const none = await connect('none');
    const refused = (await none.callTool({ name: 'approve_steps', arguments: { journal: started.journal, steps: [{ stepId: 'E2', argsHash: '0123456789abcdef' }] } })) as Result;
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /--allow-approve none/);
  });

  it('refuses a workspace that does not exist as the CLI does, creating nothing; run_status tells no such run from not started', async () => {
    const client = await connect('all');
    const missing = path.join(dir, 'nowhere');
    const refused = (await client.callTool({ name: 'run_plan', arguments: { plan: PLAN, workspace: missing } })) as Result;
    assert.equal(refused.isError, true);
    assert.equal(textOf(refused), `planwright run: workspace folder not found: ${missing}`);
    assert.deepEqual(await readdir(dir), ['ws']);

    const noRun = (await client.callTool({ name: 'run_status', arguments: { journal: path.join(dir, 'none.journal.jsonl') } })) as Result;
    assert.equal(noRun.isError, true);
    assert.match(textOf(noRun), /^no such run: no journal at /);
    await writeFile(path.join(dir, 'empty.journal.jsonl'), '');
    assert.match(textOf((await client.callTool({ name: 'run_status', arguments: { journal: path.join(dir, 'empty.journal.jsonl') } })) as Result), /^not started: /);

    await assert.rejects(client.callTool({ name: 'run_plan', arguments: { plan: PLAN, workspace: 'relative/ws' } }), /workspace must be an absolute path/);
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /unknown tool no_such_tool/);
  });

  it('validate_plan with a workspace reports what validate --workspace reports', async () => {
    const client = await connect('none');
    const plan = { ...PLAN, steps: [{ id: 'E1', title: 'Read the missing', tool: 'readFile', args: { path: 'missing.txt' } }] };
    const result = (await client.callTool({ name: 'validate_plan', arguments: { plan, workspace } })) as Result;
    assert.equal(result.isError, true);
    assert.match(textOf(result), /missing\.txt/);
    assert.equal(textOf((await client.callTool({ name: 'validate_plan', arguments: { plan: { ...PLAN, steps: [PLAN.steps[0]] }, workspace } })) as Result), 'valid: 1 step');
  });
});
