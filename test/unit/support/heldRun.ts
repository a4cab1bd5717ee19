// A run held open on purpose, for the tests of the run lease from every door: a plan whose one step records that
// it ran, then holds until the test writes `go` (its shell's process group in e1.pgid, to kill what is left), and
// a wait on a condition bounded by the machine's time budget, and the hooks that give each test a held run.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { bundleCli, runCliProcess } from './cliProcess';
import { makeTempDir, removeTempDir } from './tempDir';

/** One step that records that it ran, then holds until the test writes `go`. */
export const HOLDING_PLAN = {
  version: 1,
  goal: 'Hold the run',
  steps: [
    {
      id: 'E1',
      title: 'Wait for go',
      tool: 'runCommand',
      args: { command: 'echo $$ > e1.pgid; echo ran >> ran.txt; while [ ! -f go ]; do sleep 0.05; done' },
      idempotent: true,
      postcondition: { kind: 'exitCode', equals: 0 },
    },
  ],
};

/** Resolves once `condition` holds, polling; fails naming `what` when the machine's budget runs out. */
export async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + budgetMs(30_000);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(25);
  }
}

/** Kills process group `pgid` (a held step's shell and what it started); nothing when it is gone. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/** Writes HOLDING_PLAN into `dir` and runs it with nothing approved, so `journal` holds a run waiting at E1; its workspace is `dir`/ws. */
export async function startHeldRun(dir: string, journal: string): Promise<string> {
  const workspace = path.join(dir, 'ws');
  await mkdir(workspace);
  await writeFile(path.join(dir, 'hold.plan.json'), JSON.stringify(HOLDING_PLAN));
  const waiting = await runCliProcess(['run', 'hold.plan.json', '--workspace', 'ws', '--approve', 'none', '--journal', journal], dir);
  assert.equal(waiting.code, 3, waiting.stderr);
  return workspace;
}

/** Lets a held step in `workspace` end, and kills what is left of its shell. */
export async function releaseHeldRun(workspace: string): Promise<void> {
  await writeFile(path.join(workspace, 'go'), '');
  const pgid = path.join(workspace, 'e1.pgid');
  if (existsSync(pgid)) killGroup(Number(readFileSync(pgid, 'utf8').trim()));
}

/** What `heldRunPerTest` gives the running test: its temp folder, the held run's workspace and journal. */
export interface HeldRun {
  readonly dir: string;
  readonly workspace: string;
  readonly journal: string;
}

/** Registers the suite's hooks: the CLI bundled once, and for each test a new temp folder with a run held at E1, let go after. */
export function heldRunPerTest(): HeldRun {
  let dir = '';
  let workspace = '';
  const journal = () => path.join(dir, 'held.journal.jsonl');
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
    await removeTempDir(dir);
  });
  return {
    get dir() {
      return dir;
    },
    get workspace() {
      return workspace;
    },
    get journal() {
      return journal();
    },
  };
}
