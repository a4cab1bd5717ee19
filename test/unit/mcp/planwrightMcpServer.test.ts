// `planwright mcp` driven by the MCP SDK's own client over stdio, as Claude Code, Cline or Cursor would.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');
const ENV = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('PLANWRIGHT_') && entry[0] !== 'OPENAI_API_KEY'));

type Result = { content: { type: string; text: string }[]; isError?: boolean };

describe('planwright mcp, through the SDK client', function () {
  this.timeout(budgetMs(90_000));
  let dir: string;
  let client: Client;

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
  const textOf = (result: Result) => result.content.map((block) => block.text).join('\n');
  const plan = {
    version: 1,
    goal: 'Write a greeting',
    steps: [
      { id: 'E1', title: 'List files', tool: 'listFiles', args: { glob: '**/*' } },
      { id: 'E2', title: 'Write hello', tool: 'writeFile', args: { path: 'hello.txt', content: 'hi' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'hi' } },
    ],
  };

  before(async () => {
    dir = await makeTempDir();
    client = new Client({ name: 'planwright-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--allow-approve', 'reads'], env: ENV, cwd: dir, stderr: 'pipe' }));
  });
  after(async () => {
    await client.close();
    await removeTempDir(dir);
  });

  it('lists its seven tools, each with annotations that say what it does', async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint]]));
    assert.deepEqual(hints, {
      validate_plan: [true, undefined],
      propose_plan: [true, undefined],
      revise_plan: [true, undefined],
      run_plan: [false, true],
      run_status: [true, undefined],
      resume_run: [false, true],
      approve_steps: [false, true],
    });
  });

  it('validates a plan, naming each problem with its step and field', async () => {
    assert.equal(textOf(await call('validate_plan', { plan })), 'valid: 2 steps');
    assert.equal(textOf(await call('validate_plan', { plan: { ...plan, steps: [plan.steps[0]] } })), 'valid: 1 step');
    const bad = await call('validate_plan', { plan: { ...plan, steps: [{ ...plan.steps[1], args: { path: 'x.txt' } }] } });
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /E2\.args\.content/);
  });

  it('refuses an approval mode looser than the user allowed', async () => {
    const result = await call('run_plan', { plan, workspace: dir, approve: 'all' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /looser than the user allows \(--allow-approve reads\)/);
  });

  it('runs a plan with approve "none" by default: the write waits, run_status reports it, nothing is written', async () => {
    const report = JSON.parse(textOf(await call('run_plan', { plan, workspace: dir }))) as { status: string; journal: string; steps: { id: string; status: string }[] };
    assert.equal(report.status, 'awaitingApproval');
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}`), ['E1:awaitingApproval', 'E2:pending']);
    const status = JSON.parse(textOf(await call('run_status', { journal: report.journal }))) as { status: string };
    assert.equal(status.status, 'awaitingApproval');
    const resumed = JSON.parse(textOf(await call('resume_run', { journal: report.journal, approve: 'reads' }))) as { steps: { id: string; status: string }[] };
    assert.deepEqual(resumed.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded', 'E2:awaitingApproval']);
    await assert.rejects(readFile(path.join(dir, 'hello.txt')));
  });
});
