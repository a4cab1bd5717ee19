// A generated corpus of broken and hostile plan files run against the real `planwright` (the bundled
// dist/cli.js), through `validate` and `run` on a temporary workspace: every one ends (nothing hangs) with a
// clear error naming what is wrong and where, never a stack trace; nothing is written outside the
// workspace (its parent folder, listed with sizes and times, is the same after the run but for the journal the
// run was told to write there); a plan the gate refuses runs nothing and leaves no journal, and one whose paths only the file
// system shows to leave the workspace (refused by `validate --workspace`, and by the run when its step
// comes) leaves a journal that replays to the outcome it reported. PLANWRIGHT_MUTATION_SEED picks another corpus.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { assertClear, bundleCli, checkEach, runCliProcess } from '../support/cliProcess';
import { planMutations, type PlanMutation } from '../support/planMutations';
import { captureListing, captureTree, makeTempDir, removeTempDir } from '../support/tempDir';

const SEED = Number(process.env.PLANWRIGHT_MUTATION_SEED ?? 20_614);
/** Mutations besides one of each kind. */
const EXTRA = 4;
/** Cases run side by side. */
const PARALLEL = 4;

/** A workspace with a file, a folder beside it with a secret, and a link from the workspace to that folder. */
async function setUp(dir: string, mutation: PlanMutation): Promise<void> {
  await mkdir(path.join(dir, 'ws'));
  await mkdir(path.join(dir, 'outside'));
  await writeFile(path.join(dir, 'ws', 'name.txt'), 'Ada');
  await writeFile(path.join(dir, 'outside', 'secret.txt'), 'secret');
  await symlink('../outside', path.join(dir, 'ws', 'link'));
  await writeFile(path.join(dir, 'p.plan.json'), mutation.text);
}

/** `validate` once over every mutation (one file each, beside one workspace): each is refused, naming what and where. */
async function checkValidate(corpus: readonly PlanMutation[]): Promise<void> {
  const dir = await makeTempDir();
  try {
    const files = corpus.map((_, index) => `m${index}.plan.json`);
    await setUp(dir, { name: 'validate', text: '', outcome: 'refused', says: /./ });
    for (const [index, mutation] of corpus.entries()) await writeFile(path.join(dir, files[index]!), mutation.text);
    const validated = await runCliProcess(['validate', ...files, '--workspace', 'ws'], dir);
    assert.ok(!validated.hung, 'validate hung');
    assertClear(validated.stdout + validated.stderr, 'validate');
    assert.equal(validated.code, 2);
    const lines = validated.stdout.split('\n');
    for (const [index, mutation] of corpus.entries()) {
      const name = `${mutation.name} (seed ${SEED}): validate`;
      // Several files: each line starts with its file's name, and the count of each goes to stderr.
      const first = lines.find((line) => line.startsWith(`${files[index]}: `));
      assert.match(first?.slice(files[index]!.length + 2) ?? '(no problem line)', mutation.says, name);
      assert.match(validated.stderr, new RegExp(`^${files[index]!.replace('.', '\\.')}: \\d+ problems?$`, 'm'), name);
    }
  } finally {
    await removeTempDir(dir);
  }
}

/** `run` on a workspace of its own: refused before anything runs, or stopped at the step, journalled. */
async function checkRun(mutation: PlanMutation): Promise<void> {
  const dir = await makeTempDir();
  try {
    await setUp(dir, mutation);
    const journal = path.join(dir, 'run.journal.jsonl');
    // The workspace's parent folder: everything but the workspace and the journal the run is told to write here.
    const outsideWorkspace = (entry: string) => entry !== 'ws' && entry !== path.basename(journal);
    const outside = await captureListing(dir, (entry) => !outsideWorkspace(entry));
    const workspace = await captureTree(path.join(dir, 'ws'));
    const name = `${mutation.name} (seed ${SEED}): run`;
    const ran = await runCliProcess(['run', 'p.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
    assert.ok(!ran.hung, `${name}: hung`);
    assertClear(ran.stderr, name);
    if (mutation.outcome === 'refused') {
      assert.equal(ran.code, 2, `${name}\n${ran.stderr}`);
      assert.match(ran.stderr.split('\n')[0]!, mutation.says, name);
      assert.match(ran.stderr, /the plan did not run/, name);
      assert.equal(await readFile(journal, 'utf8').catch(() => 'none'), 'none', `${name}: no journal for a plan that did not run`);
      assert.deepEqual(await captureTree(path.join(dir, 'ws')), workspace, `${name}: the workspace is untouched`);
    } else {
      assert.equal(ran.code, 1, `${name}\n${ran.stderr}`);
      const report = JSON.parse(ran.stdout) as { status: string; steps: { id: string; status: string; error?: string }[] };
      const failed = report.steps.find((step) => step.status === 'failed');
      assert.match(failed?.error ?? '', mutation.says, `${name}: the failed step says why`);
      const replayed = await loadRunState(new JsonlRecordLog(journal, true), () => assert.fail(`${name}: the journal has a torn line`));
      assert.equal(replayed.status, report.status, `${name}: the journal replays to the reported outcome`);
      assert.deepEqual([...replayed.steps].map(([id, step]) => `${id}:${step.status}`), report.steps.map((step) => `${step.id}:${step.status}`), `${name}: journal`);
    }
    assert.deepEqual(await captureListing(dir, (entry) => !outsideWorkspace(entry)), outside, `${name}: nothing written outside the workspace`);
  } finally {
    await removeTempDir(dir);
  }
}

(process.platform === 'win32' ? describe.skip : describe)('planwright against a generated corpus of plan mutations', function () {
  this.timeout(budgetMs(120_000));

  before(function () {
    this.timeout(budgetMs(120_000));
    bundleCli();
  });

  it(`validate and run end every mutation with a clear error naming what and where (seed ${SEED})`, async () => {
    const corpus = planMutations(SEED, EXTRA);
    await checkValidate(corpus);
    await checkEach(corpus, PARALLEL, checkRun);
  });
});
