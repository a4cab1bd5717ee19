// A seeded sample of the hostile-path corpus (support/hostilePaths.ts) run as plan steps through the real
// `planwright run` (the bundled dist/cli.js, approving everything): each path is read, written, appended
// to, deleted, renamed onto and renamed away. A path marked `refused` is refused by the gate before
// anything runs (exit 2, naming the step and field) or by every step when it comes (exit 1, "outside the
// workspace"), and the workspace's own files are left as they were; whatever the path, the run ends with
// a clear report, its journal replays to it, and nothing beside the workspace changes.
// PLANWRIGHT_MUTATION_SEED picks another sample.
import * as assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { assertClear, bundleCli, checkEach, readable, runCliProcess } from '../support/cliProcess';
import { captureOutside, HOSTILE_PATHS, hostileFixture, hostilePath, type Expectation } from '../support/hostilePaths';
import { seeded } from '../support/planMutations';
import { captureTree, makeTempDir, removeTempDir } from '../support/tempDir';

const SEED = Number(process.env.PLANWRIGHT_MUTATION_SEED ?? 20_614);
/** Paths of the corpus run through the CLI. */
const SAMPLE = 10;
const PARALLEL = 4;

interface Report {
  status: string;
  journal: string;
  steps: { id: string; status: string; error?: string }[];
}

/** One step per tool that takes a path, each on its own (so every one of them meets the path). */
function planFor(hostile: string): object {
  const steps = [
    { id: 'E1', title: 'Read', tool: 'readFile', args: { path: hostile } },
    { id: 'E2', title: 'Write', tool: 'writeFile', args: { path: hostile, content: 'PWNED by write' }, postcondition: { kind: 'fileContains', path: hostile, text: 'PWNED' } },
    { id: 'E3', title: 'Append', tool: 'appendFile', args: { path: hostile, content: 'PWNED by append' }, postcondition: { kind: 'fileContains', path: hostile, text: 'PWNED' } },
    { id: 'E4', title: 'Delete', tool: 'deleteFile', args: { path: hostile }, postcondition: { kind: 'fileAbsent', path: hostile } },
    { id: 'E5', title: 'Rename onto', tool: 'renameFile', args: { from: 'victim.txt', to: hostile }, postcondition: { kind: 'fileExists', path: hostile } },
    { id: 'E6', title: 'Rename away', tool: 'renameFile', args: { from: hostile, to: 'renamed-away.txt' }, postcondition: { kind: 'fileExists', path: 'renamed-away.txt' } },
  ];
  return { version: 1, goal: 'Reach outside the workspace', steps };
}

/** The workspace without the run's own folder. */
async function workspaceFiles(root: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await captureTree(root)).filter(([entry]) => entry !== '.planwright' && !entry.startsWith(`.planwright${path.sep}`)));
}

async function checkPath([raw, expectation]: readonly [string, Expectation]): Promise<void> {
  const label = `${JSON.stringify(raw.length > 60 ? `${raw.slice(0, 30)}…(${raw.length} chars)` : raw)} (seed ${SEED})`;
  const base = await makeTempDir();
  try {
    const fixture = await hostileFixture(base);
    await writeFile(path.join(fixture.root, 'victim.txt'), 'victim');
    await writeFile(path.join(base, 'p.plan.json'), JSON.stringify(planFor(hostilePath(raw, fixture))));
    const outside = await captureOutside(base);
    const inside = await workspaceFiles(fixture.root);
    const ran = await runCliProcess(['run', 'p.plan.json', '--workspace', 'ws', '--approve', 'all', '--json'], base);
    assert.ok(!ran.hung, `${label}: hung`);
    assertClear(readable(ran), label);
    assert.deepEqual(await captureOutside(base), outside, `${label}: nothing beside the workspace changed`);
    if (ran.code === 2) {
      assert.equal(expectation, 'refused', `${label}: the gate refused a path that stays inside\n${ran.stderr}`);
      assert.match(ran.stderr.split('\n')[0]!, /^E\d\.(args\.(path|from|to)|postcondition\.path): path /, `${label}: the gate names the step and field`);
      assert.match(ran.stderr, /the plan did not run/, label);
      assert.deepEqual(await workspaceFiles(fixture.root), inside, `${label}: the workspace is untouched`);
      return;
    }
    assert.ok(ran.code === 0 || ran.code === 1, `${label}: exit ${ran.code}\n${ran.stderr}`);
    const report = JSON.parse(ran.stdout) as Report;
    if (expectation === 'refused') {
      for (const step of report.steps) assert.match(`${step.status}: ${step.error ?? ''}`, /^failed: .*is outside the workspace/, `${label}: ${step.id} was refused`);
      assert.deepEqual(await workspaceFiles(fixture.root), inside, `${label}: the workspace is untouched`);
    }
    const replayed = await loadRunState(new JsonlRecordLog(report.journal, true), () => assert.fail(`${label}: the journal has a torn line`));
    assert.equal(replayed.status, report.status, `${label}: the journal replays to the reported outcome`);
  } finally {
    await removeTempDir(base);
  }
}

(process.platform === 'win32' ? describe.skip : describe)('planwright run against a seeded sample of hostile paths', function () {
  this.timeout(budgetMs(120_000));

  before(function () {
    this.timeout(budgetMs(120_000));
    bundleCli();
  });

  it(`refuses what leaves the workspace, as plan steps through every tool, and changes nothing beside it (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const corpus = [...HOSTILE_PATHS];
    const sample = Array.from({ length: SAMPLE }, () => corpus.splice(random(corpus.length), 1)[0]!);
    await checkEach(sample, PARALLEL, checkPath);
  });
});
