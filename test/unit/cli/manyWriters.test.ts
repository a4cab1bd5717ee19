// Many writers on one workspace, for real: two `planwright run`s (the bundled dist/cli.js) edit different
// lines of one file at the same time, and another process appends to a file while a run edits it. Every
// edit lands or its step reports a conflict, no step reports success over a lost write, and no appended
// line is lost.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { bundleCli, runCliProcess, type Ended } from '../support/cliProcess';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const EDITS = 30;

/** `let a07 = 0;` and the like: one line per edit, no name a prefix of another. */
const lineOf = (name: string, index: number, value: number): string => `let ${name}${String(index).padStart(2, '0')} = ${value};`;

/** A plan of EDITS independent editFile steps, each setting one of `name`'s lines of src/a.js to 1. */
function editPlan(name: string) {
  return {
    version: 1,
    goal: `Set every ${name} to 1`,
    steps: Array.from({ length: EDITS }, (_, index) => ({
      id: `E${index + 1}`,
      title: `Set ${name}${index}`,
      tool: 'editFile',
      args: { path: 'src/a.js', edits: [{ find: lineOf(name, index, 0), replace: lineOf(name, index, 1) }] },
      postcondition: { kind: 'fileContains', path: 'src/a.js', text: lineOf(name, index, 1) },
    })),
  };
}

interface StepReport {
  readonly id: string;
  readonly status: string;
}

function stepsOf(ended: Ended): readonly StepReport[] {
  const report = JSON.parse(ended.stdout) as { steps: StepReport[] };
  return report.steps;
}

/** Waits until `condition` holds, polling; fails naming `what` when the machine's budget runs out. */
async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + budgetMs(20_000);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(10);
  }
}

(process.platform === 'win32' ? describe.skip : describe)('many writers on one workspace', function () {
  this.timeout(budgetMs(120_000));
  let dir: string;
  let file: string;

  before(function () {
    this.timeout(budgetMs(120_000));
    bundleCli();
  });

  beforeEach(async () => {
    dir = await makeTempDir();
    file = path.join(dir, 'ws', 'src', 'a.js');
    await mkdir(path.dirname(file), { recursive: true });
    const lines = Array.from({ length: EDITS }, (_, index) => [lineOf('a', index, 0), lineOf('b', index, 0)]).flat();
    await writeFile(file, `${lines.join('\n')}\n`);
    await writeFile(path.join(dir, 'a.plan.json'), JSON.stringify(editPlan('a')));
    await writeFile(path.join(dir, 'b.plan.json'), JSON.stringify(editPlan('b')));
  });

  let stopAppender = (): unknown => undefined;
  afterEach(async () => {
    stopAppender();
    await removeTempDir(dir);
  });

  const run = (name: string) =>
    runCliProcess(['run', `${name}.plan.json`, '--workspace', 'ws', '--approve', 'all', '--journal', `${name}.journal.jsonl`, '--json'], dir, { nominalMs: 90_000 });

  it('two runs editing different lines of one file at once: every edit lands or is a conflict, and no step succeeds over a lost write', async () => {
    const [a, b] = await Promise.all([run('a'), run('b')]);
    const final = readFileSync(file, 'utf8');
    for (const [name, ended] of [['a', a], ['b', b]] as const) {
      assert.ok(!ended.hung, `run ${name} hung: ${ended.stderr}`);
      for (const [index, step] of stepsOf(ended).entries()) {
        const landed = final.includes(lineOf(name, index, 1));
        if (step.status === 'succeeded') assert.ok(landed, `run ${name}'s ${step.id} reports succeeded, but its edit is gone:\n${final}`);
        else assert.match(ended.stdout, /changed while step/, `run ${name}'s ${step.id} ended ${step.status} without a conflict: ${ended.stdout}`);
      }
    }
    const landed = [...final.matchAll(/ = 1;/g)].length;
    assert.equal(landed, stepsOf(a).filter((step) => step.status === 'succeeded').length + stepsOf(b).filter((step) => step.status === 'succeeded').length);
  });

  it('two runs on different files at once both succeed, every edit in place', async () => {
    const other = path.join(dir, 'ws', 'src', 'b.js');
    await writeFile(other, readFileSync(file, 'utf8'));
    const onB = editPlan('b');
    for (const step of onB.steps) {
      step.args.path = 'src/b.js';
      step.postcondition.path = 'src/b.js';
    }
    await writeFile(path.join(dir, 'b.plan.json'), JSON.stringify(onB));
    const [a, b] = await Promise.all([run('a'), run('b')]);
    for (const [name, ended, target] of [['a', a, file], ['b', b, other]] as const) {
      assert.equal(ended.code, 0, `run ${name}: ${ended.stderr}`);
      const final = readFileSync(target, 'utf8');
      for (let index = 0; index < EDITS; index++) assert.ok(final.includes(lineOf(name, index, 1)), `run ${name}'s edit ${index} is missing`);
    }
  });

  it('another process appending to the file while a run edits it: no appended line is lost, and every edit lands', async () => {
    const stop = path.join(dir, 'stop');
    const appender = spawn(
      process.execPath,
      // About a line a millisecond, as a busy log or watcher writes: the pace of the workload, not a wait of the test.
      ['-e', `const fs = require('fs'); const pace = new Int32Array(new SharedArrayBuffer(4)); let n = 0; while (!fs.existsSync(${JSON.stringify(stop)})) { fs.appendFileSync(${JSON.stringify(file)}, 'appended ' + n++ + '\\n'); Atomics.wait(pace, 0, 0, 1); } process.stdout.write(String(n));`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    stopAppender = () => appender.kill('SIGKILL');
    let count = '';
    appender.stdout.on('data', (chunk) => (count += chunk));
    const appenderEnded = new Promise((resolve) => appender.once('close', resolve));
    await waitFor(() => readFileSync(file, 'utf8').includes('appended 0\n'), 'the appender to start');
    const ended = await run('a');
    await writeFile(stop, '');
    await appenderEnded;
    const final = readFileSync(file, 'utf8');
    const appended = Number(count);
    assert.ok(appended > 0 && existsSync(stop));
    const missing = Array.from({ length: appended }, (_, n) => n).filter((n) => !final.includes(`\nappended ${n}\n`));
    assert.deepEqual(missing, [], `${missing.length} of ${appended} appended lines were lost`);
    for (const [index, step] of stepsOf(ended).entries()) {
      assert.equal(step.status, 'succeeded', ended.stdout);
      assert.ok(final.includes(lineOf('a', index, 1)), `${step.id}'s edit is gone`);
    }
  });
});
