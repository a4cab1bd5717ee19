// A `planwright run` (the bundled dist/cli.js) whose step needs a file another run's step is writing: it
// waits, says whom for in its progress lines and in the --json report's `waits`, writes nothing meanwhile,
// and goes on once that run's process is gone (killed with SIGKILL: its claims are released).
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { bundleCli, startCli } from '../support/cliProcess';
import { waitFor } from '../support/heldRun';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const PLAN = {
  version: 1,
  goal: 'Set a',
  steps: [{ id: 'E1', title: 'Set a', tool: 'editFile', args: { path: 'src/a.js', edits: [{ find: 'a = 0', replace: 'a = 1' }] }, postcondition: { kind: 'fileContains', path: 'src/a.js', text: 'a = 1' } }],
};

(process.platform === 'win32' ? describe.skip : describe)('a CLI run waiting for another run on one file', function () {
  this.timeout(budgetMs(120_000));
  let dir: string;
  let claims: string;
  let holder: ChildProcess | undefined;

  before(function () {
    this.timeout(budgetMs(120_000));
    bundleCli();
  });

  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws', 'src'), { recursive: true });
    await writeFile(path.join(dir, 'ws', 'src', 'a.js'), 'a = 0;\n');
    await writeFile(path.join(dir, 'a.plan.json'), JSON.stringify(PLAN));
    // Another run's process, its step 3 writing src/a.js, until the test kills it.
    claims = path.join(dir, 'ws', '.planwright', 'claims');
    await mkdir(claims, { recursive: true });
    const file = path.join(claims, 'run-other.json');
    const claim = { runId: 'run-other', holds: [{ stepId: 'E3', step: '3', paths: ['src/a.js'] }], waits: [] };
    const script = `require('fs').writeFileSync(${JSON.stringify(file)}, JSON.stringify({ pid: process.pid, host: require('os').hostname(), claims: ${JSON.stringify(claim)} })); setInterval(() => {}, 1000);`;
    holder = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    await waitFor(() => existsSync(file), 'the other run to claim src/a.js');
  });

  afterEach(async () => {
    holder?.kill('SIGKILL');
    await removeTempDir(dir);
  });

  /** True once a run other than run-other has journalled, in the claims, that a step of it waits. */
  const someRunWaits = () =>
    readdirSync(claims)
      .filter((name) => name.endsWith('.json') && name !== 'run-other.json')
      .some((name) => readFileSync(path.join(claims, name), 'utf8').includes('"waits":[{'));

  it('says whom it waits for in --json, writes nothing meanwhile, and runs once the other process is killed', async () => {
    const run = startCli(['run', 'a.plan.json', '--workspace', 'ws', '--approve', 'all', '--json'], dir);
    await waitFor(someRunWaits, 'the run to wait');
    assert.equal(readFileSync(path.join(dir, 'ws', 'src', 'a.js'), 'utf8'), 'a = 0;\n');
    holder?.kill('SIGKILL');
    const ended = await run.ended;
    assert.equal(ended.code, 0, ended.stderr);
    const report = JSON.parse(ended.stdout) as { status: string; waits: { stepId: string; text: string }[] };
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(report.waits.map(({ stepId, text }) => ({ stepId, text })), [{ stepId: 'E1', text: "waits for run run-other's step 3 on src/a.js" }]);
    assert.equal(readFileSync(path.join(dir, 'ws', 'src', 'a.js'), 'utf8'), 'a = 1;\n');
  });

  it('prints the wait as a progress line', async () => {
    const run = startCli(['run', 'a.plan.json', '--workspace', 'ws', '--approve', 'all'], dir);
    await waitFor(someRunWaits, 'the run to wait');
    holder?.kill('SIGKILL');
    const ended = await run.ended;
    assert.equal(ended.code, 0, ended.stderr);
    assert.match(ended.stdout, /^E1 {2}waiting {10}step 1 waits for run run-other's step 3 on src\/a\.js$/m);
  });
});
