// Injected disk faults through the real `planwright` (the bundled dist/cli.js, with test/support/faultyDisk
// preloaded): a plan of a counted, non-idempotent command and file steps is run once to list its file
// writes, syncs and renames, then again with one of them failing (ENOSPC, EIO or EACCES) — every commit of
// the journal, every write and rename of a step's file, and a seeded sample of the rest. Each run ends
// with an error naming the fault (the journal's and the trace's in their own words) or gets past it by a
// safe retry, writes nothing outside the workspace, and leaves a journal that `resume` carries to the end,
// or to the step the fault broke, without running the command a second time. PLANWRIGHT_MUTATION_SEED
// picks another sample.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import type { FaultOp } from '../../support/faultyDisk';
import { assertClear, bundleCli, checkEach, readable, runCliProcess, type Ended } from '../support/cliProcess';
import { seeded } from '../support/planMutations';
import { captureListing, makeTempDir, removeTempDir } from '../support/tempDir';

const SEED = Number(process.env.PLANWRIGHT_MUTATION_SEED ?? 20_614);
/** Operations besides the journal's commits and the steps' own writes that get a fault. */
const SAMPLED = 3;
const PARALLEL = 3;
const PRELOAD = path.resolve(__dirname, '..', '..', 'support', 'faultyDisk.js');
const JOURNAL = path.join('ws', '.planwright', 'runs', 'fault.journal.jsonl');
const CODES = ['ENOSPC', 'EIO', 'EACCES'] as const;
type Code = (typeof CODES)[number];
/** How each error reads once a person sees it. */
const WORDS: Record<Code, RegExp> = { ENOSPC: /ENOSPC|no space left/, EIO: /EIO|i\/o error/, EACCES: /EACCES|permission denied/ };

const COUNTED = { kind: 'fileContains', path: 'count.txt', text: 'ran' };
const PLAN = {
  version: 1,
  goal: 'Count, write, log, move',
  steps: [
    // Not idempotent; its status check lets a resume settle a start whose outcome the journal lost.
    { id: 'E1', title: 'Count', tool: 'runCommand', args: { command: 'echo ran >> count.txt' }, postcondition: COUNTED, statusCheck: COUNTED },
    { id: 'E2', title: 'Write', tool: 'writeFile', args: { path: 'out.txt', content: 'hello' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'out.txt', text: 'hello' } },
    { id: 'E3', title: 'Log', tool: 'appendFile', args: { path: 'log.txt', content: 'logged\n' }, dependsOn: ['E2'], postcondition: { kind: 'fileContains', path: 'log.txt', text: 'logged' } },
    { id: 'E4', title: 'Move', tool: 'renameFile', args: { from: 'out.txt', to: 'moved.txt' }, dependsOn: ['E3'], postcondition: { kind: 'fileExists', path: 'moved.txt' } },
  ],
};

/** One logged operation: which kind, its number among that kind, the file, and the error it got if any. */
interface Operation {
  readonly op: FaultOp;
  readonly n: number;
  readonly file: string;
  readonly code?: Code;
}

interface Report {
  status: string;
  steps: { id: string; status: string; attempts: number; error?: string }[];
}

/**
 * What a fault hit: the run's journal or trace, a file a step writes, or what the run keeps as best it can
 * (the runs folder's .gitignore, the sync of the journal's folder).
 */
type Target = 'journal' | 'trace' | 'step' | 'bestEffort';

function targetOf(file: string, dir: string): Target {
  if (file === path.join(dir, JOURNAL)) return 'journal';
  if (file.endsWith('.trace.jsonl')) return 'trace';
  const inWorkspace = path.relative(path.join(dir, 'ws'), file).split(path.sep);
  return inWorkspace[0] !== '..' && inWorkspace[0] !== '.planwright' && inWorkspace[0] !== '' ? 'step' : 'bestEffort';
}

async function operations(log: string): Promise<Operation[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text.split('\n').flatMap((line) => {
    const match = /^(write|sync|rename) (\d+) (.+) (ok|ENOSPC|EIO|EACCES)$/.exec(line);
    return match ? [{ op: match[1] as FaultOp, n: Number(match[2]), file: match[3]!, ...(match[4] === 'ok' ? {} : { code: match[4] as Code }) }] : [];
  });
}

/** Everything beside the workspace but the operations log, which nothing may change, listed with sizes and modification times. */
function outsideTree(dir: string): Promise<Record<string, string>> {
  return captureListing(dir, (entry) => entry === 'ws' || entry === 'operations.log');
}

async function counted(dir: string): Promise<number> {
  return (await readFile(path.join(dir, 'ws', 'count.txt'), 'utf8').catch(() => '')).split('\n').filter((line) => line === 'ran').length;
}

const runArgs = ['run', 'p.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', JOURNAL, '--json'];

/** Runs the plan in `dir` (set up by `setUp`) with `fault` (none: operations are only logged). */
async function runWith(dir: string, fault?: { readonly op: FaultOp; readonly n: number; readonly code: Code }): Promise<{ ended: Ended; log: Operation[] }> {
  const log = path.join(dir, 'operations.log');
  const env: Record<string, string> = { PLANWRIGHT_TEST_FAULT_LOG: log };
  if (fault) Object.assign(env, { PLANWRIGHT_TEST_FAULT_OP: fault.op, PLANWRIGHT_TEST_FAULT_NTH: String(fault.n), PLANWRIGHT_TEST_FAULT_CODE: fault.code });
  const ended = await runCliProcess(runArgs, dir, { env, preload: PRELOAD });
  return { ended, log: await operations(log) };
}

async function setUp(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'ws'));
  await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify(PLAN));
}

/** The faulted run ends naming the fault; a fault a safe retry got past shows as the retry. */
function checkFaultedRun(name: string, ended: Ended, hit: Operation, target: Target): void {
  assert.ok(!ended.hung, `${name}: hung`);
  assertClear(readable(ended), name);
  if (target === 'journal' || target === 'trace') {
    assert.equal(ended.code, 1, name);
    assert.match(ended.stderr, new RegExp(`^planwright: the run stopped: the ${target} could not be written: ${hit.file}: ${hit.code}`), name);
  } else if (target === 'step') {
    const report = JSON.parse(ended.stdout) as Report;
    if (ended.code === 0) {
      assert.ok(report.steps.some((step) => step.attempts > 1), `${name}: a fault the run got past is a retry`);
    } else {
      assert.equal(ended.code, 1, `${name}: ${ended.stderr}`);
      const broken = report.steps.find((step) => step.status === 'failed' || step.status === 'unknown');
      assert.match(broken?.error ?? '(no broken step)', WORDS[hit.code!], `${name}: the broken step names the fault`);
    }
  } else {
    assert.equal(ended.code, 0, `${name}: ${ended.stderr}`);
  }
}

/** `resume` without faults: on to the end, or to the step the fault broke; the command never runs twice. */
async function checkRecovery(dir: string, name: string, hit: Operation, target: Target): Promise<void> {
  let resumed = await runCliProcess(['resume', '--journal', path.join(dir, JOURNAL), '--json'], dir);
  assert.ok(!resumed.hung, `${name}: resume hung`);
  assertClear(readable(resumed), `${name}: resume`);
  if (resumed.code === 2) {
    // Only a run whose first record never became durable has nothing to resume; it is started again.
    assert.match(resumed.stderr, /^planwright resume: (no journal at |.* holds no whole record: the run stopped while writing its first one, so nothing ran)/, `${name}: resume`);
    assert.equal(await counted(dir), 0, `${name}: nothing ran before the first record`);
    resumed = await runCliProcess(runArgs, dir);
  }
  const report = JSON.parse(resumed.stdout) as Report;
  if (target === 'step' && resumed.code === 1) {
    assert.ok(report.steps.some((step) => (step.status === 'failed' || step.status === 'unknown') && WORDS[hit.code!].test(step.error ?? '')), `${name}: resume names the step the fault broke`);
  } else {
    assert.equal(resumed.code, 0, `${name}: resume carries the run to its end\n${resumed.stderr}`);
    assert.equal(report.status, 'succeeded', name);
  }
  const times = await counted(dir);
  assert.equal(times, report.steps.find((step) => step.id === 'E1')?.status === 'succeeded' ? 1 : 0, `${name}: the command ran ${times} times`);
}

(process.platform === 'win32' ? describe.skip : describe)('planwright under injected disk faults', function () {
  this.timeout(budgetMs(240_000));
  /** The operations of a run without faults, in order, with what each is for. */
  let clean: (Operation & { readonly target: Target })[];

  before(async function () {
    this.timeout(budgetMs(120_000));
    bundleCli();
    const dir = await makeTempDir();
    try {
      await setUp(dir);
      const run = await runWith(dir);
      assert.equal(run.ended.code, 0, run.ended.stderr);
      clean = run.log.map((operation) => ({ ...operation, target: targetOf(operation.file, dir) }));
    } finally {
      await removeTempDir(dir);
    }
  });

  it(`each fault ends the run naming it; the journal survives and resume does not repeat the command (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const commits = clean.filter((operation) => operation.op === 'sync' && operation.target === 'journal');
    const steps = clean.filter((operation) => operation.target === 'step');
    const rest = clean.filter((operation) => !commits.includes(operation) && !steps.includes(operation));
    assert.ok(commits.length >= 4 && steps.length >= 3, `the plan's run commits its journal ${commits.length} times and writes ${steps.length} times for its steps`);
    const sampled = Array.from({ length: Math.min(SAMPLED, rest.length) }, () => rest.splice(random(rest.length), 1)[0]!);
    // Each error code in turn from a seeded start, so every code meets the journal and the steps' files.
    const first = random(CODES.length);
    const faults = [...commits, ...steps, ...sampled].map(({ op, n }, index) => ({ op, n, code: CODES[(first + index) % CODES.length]! }));
    await checkEach(faults, PARALLEL, async (fault) => {
      const dir = await makeTempDir();
      try {
        await setUp(dir);
        const outside = await outsideTree(dir);
        const { ended, log } = await runWith(dir, fault);
        const hit = log.find((operation) => operation.code);
        const name = `${fault.code} at ${fault.op} #${fault.n} in ${hit?.file ?? 'nothing'} (seed ${SEED})`;
        // The order of operations can shift a little from the clean run's; a fault past the end hits nothing.
        if (!hit) return assert.equal(ended.code, 0, `${name}: ${ended.stderr}`);
        const target = targetOf(hit.file, dir);
        checkFaultedRun(name, ended, hit, target);
        assert.ok((await counted(dir)) <= 1, `${name}: the command ran more than once`);
        await checkRecovery(dir, name, hit, target);
        assert.deepEqual(await outsideTree(dir), outside, `${name}: nothing written outside the workspace`);
      } finally {
        await removeTempDir(dir);
      }
    });
  });
});
