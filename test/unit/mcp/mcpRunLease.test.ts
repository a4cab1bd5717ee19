// The run lease across doors: `resume_run` from two MCP clients, and from the CLI and an MCP client, on one
// journal while the first is running its step: exactly one runs, the other is refused as a tool error that
// names the holder and changes nothing; after the holder is killed with SIGKILL, `resume_run` takes it over.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { bundleCli, CLEAN_ENV, startCli } from '../support/cliProcess';
import { releaseHeldRun, startHeldRun, waitFor } from '../support/heldRun';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const CLI = path.resolve(__dirname, '..', '..', '..', '..', 'dist', 'cli.js');

type Result = { content: { type: string; text: string }[]; isError?: boolean };

(process.platform === 'win32' ? describe.skip : describe)('the run lease through planwright mcp', function () {
  this.timeout(budgetMs(120_000));
  let dir: string;
  let workspace: string;
  const clients: { client: Client; transport: StdioClientTransport }[] = [];
  const journal = () => path.join(dir, 'held.journal.jsonl');
  const ran = () => path.join(workspace, 'ran.txt');
  const ranLines = () => readFileSync(ran(), 'utf8').split('\n').filter(Boolean).length;

  const connect = async () => {
    const client = new Client({ name: 'planwright-lease-test', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--allow-approve', 'all'], env: { ...CLEAN_ENV }, cwd: dir, stderr: 'pipe' });
    await client.connect(transport);
    clients.push({ client, transport });
    return { client, transport };
  };
  const resumeRun = (client: Client) => client.callTool({ name: 'resume_run', arguments: { journal: journal(), approve: 'all' } }, undefined, { timeout: budgetMs(60_000) }) as Promise<Result>;
  const textOf = (result: Result) => result.content.map((block) => block.text).join('\n');

  before(function () {
    this.timeout(budgetMs(120_000));
    bundleCli();
  });

  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = await startHeldRun(dir, journal());
  });

  afterEach(async () => {
    await releaseHeldRun(workspace);
    for (const { client } of clients.splice(0)) await client.close();
    await removeTempDir(dir);
  });

  it('two MCP clients resume one run: one runs it, the other gets a tool error naming the holder', async () => {
    const first = await connect();
    const second = await connect();
    const running = resumeRun(first.client);
    await waitFor(() => existsSync(ran()), 'the first client to run E1');
    const journalBefore = readFileSync(journal(), 'utf8');
    const refused = await resumeRun(second.client);
    assert.equal(refused.isError, true, textOf(refused));
    assert.match(textOf(refused), new RegExp(`run held is being run by process ${first.transport.pid} since \\d\\d:\\d\\d; wait for it or stop it`));
    assert.equal(readFileSync(journal(), 'utf8'), journalBefore, 'the refused resume changed the journal');
    await writeFile(path.join(workspace, 'go'), '');
    const report = JSON.parse(textOf(await running)) as { status: string };
    assert.equal(report.status, 'succeeded');
    assert.equal(ranLines(), 1);
  });

  it('the CLI holds the run: resume_run is refused naming the CLI process, and the CLI finishes it', async () => {
    const cli = startCli(['resume', '--journal', journal(), '--approve', 'all', '--json'], dir);
    await waitFor(() => existsSync(ran()), 'the CLI to run E1');
    const { client } = await connect();
    const refused = await resumeRun(client);
    assert.equal(refused.isError, true, textOf(refused));
    assert.match(textOf(refused), new RegExp(`run held is being run by process ${cli.child.pid} since \\d\\d:\\d\\d`));
    await writeFile(path.join(workspace, 'go'), '');
    const ended = await cli.ended;
    assert.equal(ended.code, 0, ended.stderr);
    assert.equal(ranLines(), 1);
  });

  it('the CLI holding the run is killed with SIGKILL: resume_run takes the lease over and finishes the run', async () => {
    const cli = startCli(['resume', '--journal', journal(), '--approve', 'all', '--json'], dir);
    const pgid = path.join(workspace, 'e1.pgid');
    await waitFor(() => existsSync(pgid) && readFileSync(pgid, 'utf8').trim() !== '', 'the CLI to run E1');
    cli.child.kill('SIGKILL');
    await cli.ended;
    assert.ok(existsSync(`${journal()}.lease`), 'the killed holder left no lease to take over');
    await writeFile(path.join(workspace, 'go'), '');
    const { client } = await connect();
    const resumed = await resumeRun(client);
    assert.notEqual(resumed.isError, true, textOf(resumed));
    assert.equal((JSON.parse(textOf(resumed)) as { status: string }).status, 'succeeded');
    assert.equal(existsSync(`${journal()}.lease`), false, 'the lease outlived its run');
  });
});
