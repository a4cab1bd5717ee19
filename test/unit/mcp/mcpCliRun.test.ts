// Plans with MCP steps through the bundled CLI (dist/cli.js), against real servers over stdio: our test
// server and @modelcontextprotocol/server-filesystem. Retries, `unknown`, the gate and approvals follow
// the tools' annotations; a kill during an MCP call resumes as the effect class says.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { callLog, filesystemServerConfig, testServerConfig } from './mcpTestServers';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PLANWRIGHT_') && name !== 'OPENAI_API_KEY'));

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface Report {
  status: string;
  steps: { id: string; status: string; attempts: number; error?: string; reason?: string }[];
}

function finished(child: ChildProcess): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + budgetMs(30_000);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(25);
  }
}

const step = (id: string, tool: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id, title: `${tool} ${id}`, tool, args, ...extra });

describe('planwright with --mcp-config', function () {
  this.timeout(budgetMs(90_000));
  let dir: string;
  let workspace: string;
  let state: string;
  let journal: string;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = path.join(dir, 'ws');
    state = path.join(dir, 'state');
    journal = path.join(dir, 'run.journal.jsonl');
    await Promise.all([mkdir(workspace), mkdir(state)]);
    await writeFile(path.join(dir, 'mcp.json'), JSON.stringify({ servers: { store: testServerConfig(state), fs: filesystemServerConfig(workspace) } }));
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
    await removeTempDir(dir);
  });

  function start(args: readonly string[]): ChildProcess {
    child = spawn(process.execPath, [CLI, ...args, '--mcp-config', 'mcp.json'], { cwd: dir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    return child;
  }
  async function runPlan(steps: unknown[], approve = 'all'): Promise<{ outcome: Outcome; report: Report }> {
    await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify({ version: 1, goal: 'Use MCP tools', steps }));
    const outcome = await finished(start(['run', 'p.plan.json', '--workspace', 'ws', '--approve', approve, '--journal', journal, '--json']));
    return { outcome, report: (outcome.stdout.trim() ? JSON.parse(outcome.stdout) : { status: 'none', steps: [] }) as Report };
  }
  const statuses = (report: Report) => report.steps.map((one) => `${one.id}:${one.status}:${one.attempts}`);
  const calls = () => callLog(readFileSync(path.join(state, 'calls.txt'), 'utf8'));

  it('runs a plan mixing file tools and MCP tools, passing outputs along with #E references', async () => {
    const { outcome, report } = await runPlan([
      step('E1', 'writeFile', { path: 'notes.txt', content: 'seven\n' }, { postcondition: { kind: 'fileExists', path: 'notes.txt' } }),
      step('E2', 'mcp.fs.read_text_file', { path: path.join(workspace, 'notes.txt') }, { dependsOn: ['E1'], postcondition: { kind: 'outputContains', text: 'seven' } }),
      step('E3', 'mcp.store.put', { key: 'n', value: 7 }, { postcondition: { kind: 'outputContains', text: 'stored n' } }),
      step('E4', 'mcp.store.lookup', { key: 'n' }, { dependsOn: ['E3'] }),
      step('E5', 'appendFile', { path: 'notes.txt', content: '#E2 and #E4\n' }, { dependsOn: ['E2', 'E4'], postcondition: { kind: 'fileContains', path: 'notes.txt', text: 'n = 7' } }),
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.deepEqual(statuses(report), ['E1:succeeded:1', 'E2:succeeded:1', 'E3:succeeded:1', 'E4:succeeded:1', 'E5:succeeded:1']);
    assert.equal(await readFile(path.join(workspace, 'notes.txt'), 'utf8'), 'seven\nseven\n and n = 7\n');
  });

  it('retries an idempotent MCP call after the server died mid-call, and leaves a non-idempotent one unknown', async () => {
    const { outcome, report } = await runPlan([
      step('E1', 'mcp.store.put', { key: 'k', value: 1, fault: 'exitOnce' }, { postcondition: { kind: 'outputContains', text: 'stored k' } }),
      step('E2', 'mcp.store.append', { line: 'once', fault: 'exitOnce' }, { dependsOn: ['E1'], postcondition: { kind: 'outputContains', text: 'appended' } }),
    ]);
    assert.equal(outcome.code, 1, outcome.stderr);
    assert.deepEqual(statuses(report), ['E1:succeeded:2', 'E2:unknown:1']);
    assert.match(report.steps[1].error ?? '', /MCP server "store": the connection closed during the call/);
    assert.equal(calls().filter((line) => line.startsWith('append ')).length, 1);
  });

  it('settles an uncertain non-idempotent call with a statusCheck through a read-only tool of the same server', async () => {
    const { outcome, report } = await runPlan([
      step('E1', 'mcp.store.append', { line: 'x', fault: 'exitOnce' }, {
        postcondition: { kind: 'mcpResult', tool: 'mcp.store.tail', path: '$.count', equals: 1 },
        statusCheck: { kind: 'mcpResult', tool: 'mcp.store.tail', text: 'x' },
      }),
      step('E2', 'mcp.store.tail', {}, { dependsOn: ['E1'], postcondition: { kind: 'mcpResult', path: '$.lines[0]', equals: 'x' } }),
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    // The server died before appending: the status check says "not done", so the one retry is safe.
    assert.deepEqual(statuses(report), ['E1:succeeded:2', 'E2:succeeded:1']);
    assert.equal(readFileSync(path.join(state, 'log.txt'), 'utf8'), 'x\n');
  });

  it('rejects a status check through a tool that is not read-only or not on the same server', async () => {
    const { outcome } = await runPlan([
      step('E1', 'mcp.store.append', { line: 'x' }, {
        postcondition: { kind: 'outputContains', text: 'appended' },
        statusCheck: { kind: 'mcpResult', tool: 'mcp.store.put', args: { key: 'a', value: 1 }, text: 'stored' },
      }),
      step('E2', 'mcp.store.append', { line: 'y' }, {
        postcondition: { kind: 'outputContains', text: 'appended' },
        statusCheck: { kind: 'mcpResult', tool: 'mcp.fs.list_allowed_directories', text: 'ws' },
      }),
    ]);
    assert.equal(outcome.code, 2);
    assert.match(outcome.stderr, /E1\.statusCheck: "mcp\.store\.put" is not read-only \(idempotentHint: true\)/);
    assert.match(outcome.stderr, /E2\.statusCheck: "mcp\.fs\.list_allowed_directories" is on server "fs", not on this step's server "store"/);
  });

  it('fails a call the server answers with isError, with the server message, and does not retry it', async () => {
    const { outcome, report } = await runPlan([step('E1', 'mcp.store.refuse', {})]);
    assert.equal(outcome.code, 1);
    assert.deepEqual(statuses(report), ['E1:failed:1']);
    assert.match(report.steps[0].error ?? '', /the refuse tool always refuses: quota exceeded/);
  });

  it('rejects arguments that fail the tool schema before anything runs, naming each field', async () => {
    await writeFile(path.join(dir, 'bad.plan.json'), JSON.stringify({ version: 1, goal: 'Bad', steps: [step('E1', 'mcp.store.put', { key: '', value: -1, colour: 'red' }, { postcondition: { kind: 'outputContains', text: 'stored' } })] }));
    const outcome = await finished(start(['validate', 'bad.plan.json']));
    const printed = outcome.stdout + outcome.stderr;
    assert.equal(outcome.code, 2);
    assert.match(printed, /E1\.args\.key: must NOT have fewer than 1 characters/);
    assert.match(printed, /E1\.args\.value: must be >= 0/);
    assert.match(printed, /E1\.args\.colour: unknown field/);
    assert.equal(existsSync(path.join(state, 'calls.txt')), false);
  });

  it('under --approve reads runs the read-only MCP call and waits for approval of the others', async () => {
    const { outcome, report } = await runPlan([
      step('E1', 'mcp.store.lookup', { key: 'k' }),
      step('E2', 'mcp.store.put', { key: 'k', value: 1 }, { postcondition: { kind: 'outputContains', text: 'stored' } }),
    ], 'reads');
    assert.equal(outcome.code, 3, outcome.stderr);
    assert.deepEqual(report.steps.map((one) => `${one.id}:${one.status}`), ['E1:succeeded', 'E2:awaitingApproval']);
    const asked = readFileSync(journal, 'utf8').split('\n').find((line) => line.includes('"askApproval"'));
    assert.match(asked ?? '', /destructiveHint: false/);
  });

  describe('killed during an MCP call', () => {
    async function killDuringCall(steps: unknown[], toolPrefix: string): Promise<void> {
      await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify({ version: 1, goal: 'Survive a crash', steps }));
      const running = start(['run', 'p.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json']);
      const exited = finished(running);
      await waitFor(() => existsSync(path.join(state, 'calls.txt')) && calls().some((line) => line.startsWith(toolPrefix)), 'the MCP call to start');
      running.kill('SIGKILL');
      await exited;
    }
    async function resume(): Promise<{ outcome: Outcome; report: Report }> {
      const outcome = await finished(start(['resume', '--journal', journal, '--json']));
      return { outcome, report: JSON.parse(outcome.stdout) as Report };
    }

    it('runs an idempotent call again on resume', async () => {
      await killDuringCall([step('E1', 'mcp.store.put', { key: 'k', value: 9, fault: 'hangOnce' }, { postcondition: { kind: 'outputContains', text: 'stored k' } })], 'put ');
      const { outcome, report } = await resume();
      assert.equal(outcome.code, 0, outcome.stderr);
      assert.deepEqual(statuses(report), ['E1:succeeded:2']);
      assert.deepEqual(JSON.parse(readFileSync(path.join(state, 'store.json'), 'utf8')), { k: 9 });
    });

    it('reconnects on resume without --mcp-config: from the config file the journal names, or from the definitions it records', async () => {
      await killDuringCall([step('E1', 'mcp.store.put', { key: 'k', value: 9, fault: 'hangOnce' }, { postcondition: { kind: 'outputContains', text: 'stored k' } })], 'put ');
      const started = JSON.parse(readFileSync(journal, 'utf8').split('\n')[0] ?? '{}') as { host?: { mcp?: { configFile?: string; servers?: Record<string, { envKeys?: string[]; env?: unknown }> } } };
      assert.equal(started.host?.mcp?.configFile, path.join(dir, 'mcp.json'));
      assert.deepEqual(started.host?.mcp?.servers?.store?.envKeys, ['MCP_TEST_STATE']);
      assert.equal(started.host?.mcp?.servers?.store?.env, undefined);
      assert.ok(!readFileSync(journal, 'utf8').includes(`"MCP_TEST_STATE":${JSON.stringify(state)}`), 'an env value is in the journal');
      await rm(path.join(dir, 'mcp.json'));
      child = spawn(process.execPath, [CLI, 'resume', '--journal', journal, '--json'], { cwd: dir, env: { ...ENV, MCP_TEST_STATE: state }, stdio: ['ignore', 'pipe', 'pipe'] });
      const outcome = await finished(child);
      assert.equal(outcome.code, 0, outcome.stderr);
      assert.deepEqual(statuses(JSON.parse(outcome.stdout) as Report), ['E1:succeeded:2']);
      assert.match(outcome.stderr, /MCP configuration cannot be used/);
    });

    it('names the server when resume cannot reach it again', async () => {
      await killDuringCall([step('E1', 'mcp.store.put', { key: 'k', value: 9, fault: 'hangOnce' }, { postcondition: { kind: 'outputContains', text: 'stored k' } })], 'put ');
      await writeFile(path.join(dir, 'mcp.json'), JSON.stringify({ servers: { store: { command: path.join(dir, 'no-such-server') } } }));
      child = spawn(process.execPath, [CLI, 'resume', '--journal', journal, '--json'], { cwd: dir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
      const outcome = await finished(child);
      assert.equal(outcome.code, 2, outcome.stderr);
      assert.match(outcome.stderr, /cannot resume from .*mcp\.store\.put.*MCP server "store": could not start/s);
    });

    it('leaves a non-idempotent call unknown on resume, without calling it again', async () => {
      await killDuringCall([step('E1', 'mcp.store.append', { line: 'once', fault: 'hangOnce' }, { postcondition: { kind: 'outputContains', text: 'appended' } })], 'append ');
      const { outcome, report } = await resume();
      assert.equal(outcome.code, 1, outcome.stderr);
      assert.deepEqual(statuses(report), ['E1:unknown:1']);
      assert.equal(calls().filter((line) => line.startsWith('append ')).length, 1);
    });
  });
});
