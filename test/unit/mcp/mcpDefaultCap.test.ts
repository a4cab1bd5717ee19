// `planwright mcp` started without --allow-approve: the calling agent may approve nothing on the user's behalf.
// A run_plan or resume_run asking for "all" is refused with the cap named, and nothing is written.
import * as assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { CLEAN_ENV } from '../support/cliProcess';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');

type Result = { content: { type: string; text: string }[]; isError?: boolean };

describe('planwright mcp without --allow-approve', function () {
  this.timeout(budgetMs(90_000));
  let dir: string;
  let client: Client;
  const plan = { version: 1, goal: 'Write a greeting', steps: [{ id: 'E1', title: 'Write hello', tool: 'writeFile', args: { path: 'hello.txt', content: 'hi' } }] };

  before(async () => {
    dir = await makeTempDir();
    client = new Client({ name: 'planwright-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { ...CLEAN_ENV }, cwd: dir, stderr: 'pipe' }));
  });
  after(async () => {
    await client.close();
    await removeTempDir(dir);
  });

  const refusal = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as Result;
    assert.equal(result.isError, true, `${name} was not refused`);
    return result.content.map((block) => block.text).join('\n');
  };

  it('refuses run_plan with approve "all", naming the cap, and writes nothing', async () => {
    assert.match(await refusal('run_plan', { plan, workspace: dir, approve: 'all' }), /approve "all" is looser than the user allows \(--allow-approve none\)/);
    assert.deepEqual(await readdir(dir), []);
  });

  it('refuses resume_run with approve "all" or "reads", naming the cap', async () => {
    const journal = path.join(dir, 'run.journal.jsonl');
    assert.match(await refusal('resume_run', { journal, approve: 'all' }), /\(--allow-approve none\)/);
    assert.match(await refusal('resume_run', { journal, approve: 'reads' }), /approve "reads" is looser than the user allows \(--allow-approve none\)/);
  });
});
