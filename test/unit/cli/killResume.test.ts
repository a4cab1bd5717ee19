// Kill and resume, for real: a child `planwright run` (the bundled dist/cli.js) is killed with SIGKILL
// while a long runCommand runs, then `planwright resume --journal` picks the run up. No completed step
// runs again; the interrupted step becomes unknown when repeating it is unsafe, and runs again when the
// plan says it is idempotent.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { budgetMs } from '../../../scripts/testing/timeBudget';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');

/** The environment without model settings: no re-planner, so a broken step ends the run in needsReplan. */
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PLANWRIGHT_') && name !== 'OPENAI_API_KEY'));

/** The plan: a quick append (E1), a long command (E2, 30 s unless killed), a write that depends on it (E3). */
function plan(longStep: Record<string, unknown>) {
  return {
    version: 1,
    goal: 'Survive a crash',
    steps: [
      { id: 'E1', title: 'Log the start', tool: 'appendFile', args: { path: 'log.txt', content: 'E1 ran\n' }, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'E1 ran' } },
      { id: 'E2', title: 'The long command', tool: 'runCommand', dependsOn: ['E1'], ...longStep },
      { id: 'E3', title: 'Mark done', tool: 'writeFile', args: { path: 'done.txt', content: 'done' }, dependsOn: ['E2'], postcondition: { kind: 'fileExists', path: 'done.txt' } },
    ],
  };
}

/** True once the journal has recorded the start of `stepId`. */
function journalShowsStart(journal: string, stepId: string): boolean {
  if (!existsSync(journal)) return false;
  return readFileSync(journal, 'utf8')
    .split('\n')
    .some((line) => line.includes(`"stepId":"${stepId}"`) && line.includes('"event":"start"'));
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(25);
  }
}

/** Kills a whole process group, ignoring one that is already gone. */
function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in the group.
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Report {
  status: string;
  steps: { id: string; status: string; attempts: number }[];
}

(process.platform === 'win32' ? describe.skip : describe)('kill -9 during a run, then resume', function () {
  this.timeout(budgetMs(60_000));
  let dir: string;
  let workspace: string;
  let journal: string;
  let child: ChildProcess | undefined;

  before(function () {
    this.timeout(budgetMs(120_000));
    execFileSync(process.execPath, ['esbuild.js'], { cwd: REPO, stdio: 'pipe' });
  });

  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = path.join(dir, 'ws');
    journal = path.join(dir, 'run.journal.jsonl');
    await mkdir(workspace);
  });

  afterEach(async () => {
    if (child?.pid !== undefined) killGroup(child.pid);
    const pgidFile = path.join(workspace, 'e2.pgid');
    if (existsSync(pgidFile)) killGroup(Number(readFileSync(pgidFile, 'utf8').trim()));
    child = undefined;
    await removeTempDir(dir);
  });

  /** Starts `planwright run`, waits until E2's command is running, then kills the CLI and the command. */
  async function runAndKillDuringE2(longStep: Record<string, unknown>): Promise<void> {
    await writeFile(path.join(dir, 'crash.plan.json'), JSON.stringify(plan(longStep)));
    child = spawn(process.execPath, [CLI, 'run', 'crash.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], {
      cwd: dir,
      env: ENV,
      detached: true,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));
    const pgidFile = path.join(workspace, 'e2.pgid');
    await waitFor(() => journalShowsStart(journal, 'E2') && existsSync(pgidFile) && readFileSync(pgidFile, 'utf8').trim() !== '', 'E2 to start');
    process.kill(child.pid!, 'SIGKILL');
    assert.equal(await exited, 'SIGKILL');
    // The command leads its own process group, which outlives the CLI: kill it too, so nothing leaks.
    const pgid = Number(readFileSync(pgidFile, 'utf8').trim());
    killGroup(pgid);
    await waitFor(() => !groupAlive(pgid), "the killed command's process group to be gone", 5_000);
  }

  function resume(): { code: number | null; report: Report; stderr: string } {
    const result = spawnSync(process.execPath, [CLI, 'resume', '--journal', journal, '--json'], { cwd: dir, env: ENV, encoding: 'utf8', timeout: 30_000 });
    return { code: result.status, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
  }

  it('a non-idempotent command without a statusCheck becomes unknown; no completed step runs again; exit 1', async () => {
    await runAndKillDuringE2({
      args: { command: 'echo $$ > e2.pgid; echo started > started.txt; sleep 30' },
      postcondition: { kind: 'exitCode', equals: 0 },
    });
    const { code, report, stderr } = resume();

    assert.equal(code, 1, stderr);
    assert.equal(report.status, 'needsReplan');
    assert.deepEqual(
      report.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`),
      ['E1:succeeded:1', 'E2:unknown:1', 'E3:invalidated:0'],
    );
    assert.equal(await readFile(path.join(workspace, 'log.txt'), 'utf8'), 'E1 ran\n');
    assert.equal(existsSync(path.join(workspace, 'done.txt')), false);
  });

  it('an idempotent command runs again on resume and the run succeeds; exit 0', async () => {
    await runAndKillDuringE2({
      args: { command: 'if [ -f first-run ]; then echo second > second.txt; else touch first-run; echo $$ > e2.pgid; sleep 30; fi' },
      idempotent: true,
      postcondition: { kind: 'fileExists', path: 'second.txt' },
    });
    const { code, report, stderr } = resume();

    assert.equal(code, 0, stderr);
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(
      report.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`),
      ['E1:succeeded:1', 'E2:succeeded:2', 'E3:succeeded:1'],
    );
    assert.equal(await readFile(path.join(workspace, 'log.txt'), 'utf8'), 'E1 ran\n');
    assert.equal(await readFile(path.join(workspace, 'done.txt'), 'utf8'), 'done');
  });
});
