// Ctrl-C while a model call is in flight, for real: a child `planwright run` (the bundled dist/cli.js)
// talks to a scripted model endpoint that holds its reply; SIGINT (or SIGTERM) then ends the run as
// cancelled, in the journal and in the --json report, with the signal as the reason, and
// `planwright resume` carries the run on from there. Stopped while planning, before any step, nothing ran
// or was journalled: the report says so, `resume` says to run again, and the same command then works.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');
const BASE_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PLANWRIGHT_') && name !== 'OPENAI_API_KEY'));

interface Report {
  status: string;
  reason?: string;
  replans: number;
  summary: string;
  steps: { id: string; status: string; attempts: number }[];
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the CLI with `args`; the model env points at `server` when given. */
function start(args: string[], cwd: string, server?: ScriptedModelServer): { child: ChildProcess; done: Promise<Finished> } {
  const env = server ? { ...BASE_ENV, PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'scripted' } : BASE_ENV;
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<Finished>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + budgetMs(30_000);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(25);
  }
}

(process.platform === 'win32' ? describe.skip : describe)('Ctrl-C while a model call is in flight, then resume', function () {
  this.timeout(budgetMs(90_000));
  let dir: string;
  let journal: string;
  let server: ScriptedModelServer | undefined;
  let child: ChildProcess | undefined;

  before(function () {
    this.timeout(budgetMs(120_000));
    execFileSync(process.execPath, ['esbuild.js'], { cwd: REPO, stdio: 'pipe' });
  });

  beforeEach(async () => {
    dir = await makeTempDir();
    journal = path.join(dir, 'run.journal.jsonl');
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'ws', 'name.txt'), 'Ada');
  });

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await server?.close();
    server = undefined;
    await removeTempDir(dir);
  });

  async function serve(script: Script): Promise<ScriptedModelServer> {
    await server?.close();
    server = await ScriptedModelServer.start(script);
    return server;
  }

  /** Runs the plan until the model has been asked `calls` times and holds its answer, then sends `signal`. */
  async function runAndInterrupt(plan: object, extra: string[], signal: NodeJS.Signals, calls = 1): Promise<Finished> {
    await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify(plan));
    const model = await serve(() => ({ hang: true }));
    const started = start(['run', 'p.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json', ...extra], dir, model);
    child = started.child;
    await waitFor(() => model.requests.length >= calls, 'the model call');
    child.kill(signal);
    return started.done;
  }

  async function lastRunStatus(): Promise<{ status: string; reason?: string }> {
    const records = (await readFile(journal, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; status: string; reason?: string });
    return records.filter((record) => record.type === 'runStatus').at(-1)!;
  }

  /** The report of `resume` with `model`, after checking that it succeeded. */
  async function resumeSucceeds(model: Awaited<ReturnType<typeof serve>>): Promise<Report> {
    const resumed = start(['resume', '--journal', journal, '--allow-scope-growth', '--json'], dir, model);
    child = resumed.child;
    const finished = await resumed.done;
    assert.equal(finished.code, 0, finished.stderr);
    const after = JSON.parse(finished.stdout) as Report;
    assert.equal(after.status, 'succeeded');
    return after;
  }

  /** The interrupted run's report, after checking that it and its journal say it was cancelled for `reason`. */
  async function expectCancelled(interrupted: Finished, reason: string): Promise<Report> {
    assert.equal(interrupted.code, 1, interrupted.stderr);
    const report = JSON.parse(interrupted.stdout) as Report;
    assert.deepEqual([report.status, report.reason], ['cancelled', reason]);
    const recorded = await lastRunStatus();
    assert.deepEqual([recorded.status, recorded.reason], ['cancelled', reason]);
    return report;
  }

  it('SIGINT while the solver writes the summary: cancelled with the reason; resume asks again and succeeds', async () => {
    const plan = { version: 1, goal: 'Read the name', steps: [{ id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'name.txt' } }] };
    const interrupted = await runAndInterrupt(plan, ['--summary', 'model'], 'SIGINT');
    await expectCancelled(interrupted, 'cancelled by SIGINT (Ctrl-C)');

    const model = await serve([{ content: 'Read the name: Ada.' }]);
    const after = await resumeSucceeds(model);
    assert.equal(after.summary, 'Read the name: Ada.');
    assert.deepEqual(after.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:succeeded:1']);
  });

  it('SIGTERM while the model is asked how to recover a failed step: cancelled with the reason; resume carries on from the failure', async () => {
    const plan = {
      version: 1,
      goal: 'Build, then log',
      steps: [
        { id: 'E1', title: 'Build', tool: 'runCommand', args: { command: 'exit 3' }, postcondition: { kind: 'exitCode', equals: 0 } },
        { id: 'E2', title: 'Log', tool: 'appendFile', args: { path: 'log.txt', content: 'built\n' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'log.txt', text: 'built' } },
        { id: 'E3', title: 'Note', tool: 'readFile', args: { path: 'name.txt' }, dependsOn: ['E1'] },
      ],
    };
    const interrupted = await runAndInterrupt(plan, [], 'SIGTERM');
    await expectCancelled(interrupted, 'cancelled by SIGTERM');

    // Without a model the resumed run cannot re-plan: it carries on to where a person must decide.
    const resumed = start(['resume', '--journal', journal, '--json'], dir);
    child = resumed.child;
    const finished = await resumed.done;
    assert.equal(finished.code, 1, finished.stderr);
    const after = JSON.parse(finished.stdout) as Report;
    assert.equal(after.status, 'needsReplan');
    assert.match(after.reason ?? '', /1 Build failed: .*no re-planner is configured/);
    assert.deepEqual(after.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:failed:1', 'E2:invalidated:0', 'E3:invalidated:0']);
  });
  it('SIGINT while the model is asked how to recover a failed step: resume with the model re-plans, and the run succeeds without repeating a done step', async () => {
    const plan = {
      version: 1,
      goal: 'Count, build, log',
      steps: [
        { id: 'E1', title: 'Count', tool: 'runCommand', args: { command: 'echo ran >> count.txt' }, postcondition: { kind: 'fileContains', path: 'count.txt', text: 'ran' } },
        { id: 'E2', title: 'Build', tool: 'runCommand', args: { command: 'exit 3' }, dependsOn: ['E1'], postcondition: { kind: 'exitCode', equals: 0 } },
        { id: 'E3', title: 'Log', tool: 'appendFile', args: { path: 'log.txt', content: 'built\n' }, dependsOn: ['E2'], postcondition: { kind: 'fileContains', path: 'log.txt', text: 'built' } },
      ],
    };
    const interrupted = await runAndInterrupt(plan, [], 'SIGINT');
    const report = await expectCancelled(interrupted, 'cancelled by SIGINT (Ctrl-C)');
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded', 'E2:failed', 'E3:invalidated']);

    const model = await serve([{ content: 'replace E2 runCommand {"command":"true"}\n' }]);
    const after = await resumeSucceeds(model);
    assert.equal(model.requests.length, 1, 'the re-planner was asked once more');
    assert.match(JSON.stringify(model.requests[0]!.body.messages), /exit 3/, 'about the step that failed');
    assert.equal(after.replans, 1);
    assert.deepEqual(after.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:succeeded:1', 'E2:succeeded:1', 'E3:succeeded:1']);
    assert.equal(await readFile(path.join(dir, 'ws', 'count.txt'), 'utf8'), 'ran\n', 'the command before the failure ran once');
    assert.equal(await readFile(path.join(dir, 'ws', 'log.txt'), 'utf8'), 'built\n');
  });

  it('SIGINT while a generate step waits on the worker model: cancelled with the reason; resume asks again and succeeds', async () => {
    const plan = { version: 1, goal: 'Greet', steps: [{ id: 'E1', title: 'Draft', tool: 'generate', args: { instruction: 'Write a greeting' } }] };
    const interrupted = await runAndInterrupt(plan, [], 'SIGINT');
    const report = await expectCancelled(interrupted, 'cancelled by SIGINT (Ctrl-C)');
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:cancelled:1']);

    const model = await serve([{ content: 'Hello, Ada.' }]);
    const after = await resumeSucceeds(model);
    assert.deepEqual(after.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded']);
    assert.match(after.summary, /Hello, Ada\./);
  });

  it('SIGTERM while proposeEdit waits on the worker model: cancelled with the reason, the file untouched; resume applies the edit once', async () => {
    const plan = {
      version: 1,
      goal: 'Rename',
      steps: [
        {
          id: 'E1',
          title: 'Edit',
          tool: 'proposeEdit',
          args: { path: 'name.txt', instruction: 'Replace Ada with Grace' },
        postcondition: { kind: 'fileContains', path: 'name.txt', text: 'Grace' },
      },
    ],
  };
    const interrupted = await runAndInterrupt(plan, [], 'SIGTERM');
    await expectCancelled(interrupted, 'cancelled by SIGTERM');
    assert.equal(await readFile(path.join(dir, 'ws', 'name.txt'), 'utf8'), 'Ada');

    const model = await serve([{ content: JSON.stringify({ edits: [{ find: 'Ada', replace: 'Grace' }] }) }]);
    const after = await resumeSucceeds(model);
    assert.deepEqual(after.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded']);
    assert.equal(await readFile(path.join(dir, 'ws', 'name.txt'), 'utf8'), 'Grace');
    assert.equal(model.requests.length, 1, 'the worker was asked once on resume');
  });

  it('SIGINT while the fused agent is asked for its next move: cancelled with the reason, like split', async () => {
    const model = await serve((_body, index) =>
      index === 0 ? { content: '', toolCalls: [{ id: 'c1', name: 'readFile', arguments: '{"path":"name.txt"}' }] } : { hang: true },
    );
    const started = start(['run', '--goal', 'Read the name', '--mode', 'fused', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir, model);
    child = started.child;
    await waitFor(() => model.requests.length >= 2, 'the second model call');
    child.kill('SIGINT');
    const interrupted = await started.done;
    const report = await expectCancelled(interrupted, 'cancelled by SIGINT (Ctrl-C)');
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}`), ['F1:succeeded']);
  });

  it('SIGINT while the planner writes the plan, before any step arrived: cancelled with the reason, nothing run; resume says to run again, which works', async () => {
    const model = await serve(() => ({ hang: true }));
    const goal = ['run', '--goal', 'Read the name', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'];
    const started = start(goal, dir, model);
    child = started.child;
    await waitFor(() => model.requests.length >= 1, 'the planner call');
    child.kill('SIGINT');
    const interrupted = await started.done;
    assert.equal(interrupted.code, 1, interrupted.stderr);
    const report = JSON.parse(interrupted.stdout) as { status: string; reason: string };
    assert.deepEqual([report.status, report.reason], [
      'cancelled',
      'cancelled by SIGINT (Ctrl-C) while planning, before any step was journalled: nothing was run and there is nothing to resume; run the goal again to start over',
    ]);
    assert.equal(await readFile(journal, 'utf8').catch(() => 'none'), 'none', 'nothing was journalled');

    const resumed = start(['resume', '--journal', journal], dir);
    child = resumed.child;
    const refused = await resumed.done;
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /no journal at .*run\.journal\.jsonl: a run journals nothing before its first step .* so start it with planwright run/);

    const plan = { steps: [{ id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'name.txt' } }] };
    const again = start(goal, dir, await serve([{ content: JSON.stringify(plan) }]));
    child = again.child;
    const finished = await again.done;
    assert.equal(finished.code, 0, finished.stderr);
    assert.deepEqual((JSON.parse(finished.stdout) as Report).steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded']);
    assert.deepEqual(await lastRunStatus().then((status) => status.status), 'succeeded');
  });

  it('SIGTERM before the fused agent took any action: cancelled with the reason, and nothing was run or journalled', async () => {
    const model = await serve(() => ({ hang: true }));
    const started = start(['run', '--goal', 'Read the name', '--mode', 'fused', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir, model);
    child = started.child;
    await waitFor(() => model.requests.length >= 1, 'the model call');
    child.kill('SIGTERM');
    const interrupted = await started.done;
    assert.equal(interrupted.code, 1, interrupted.stderr);
    const report = JSON.parse(interrupted.stdout) as { status: string; reason: string };
    assert.equal(report.status, 'cancelled');
    assert.equal(report.reason, "cancelled by SIGTERM before the agent's first action: nothing was run or journalled");
  });
});
