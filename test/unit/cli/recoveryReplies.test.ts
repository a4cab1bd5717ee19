// `planwright run` recovering with the replies a competent model writes, against the scripted
// OpenAI-compatible server: the fix-then-retest patch (add the fix at the end, run the tests again
// `after` it) runs the fix, the tests again, then the step that waited; the same patch in the JSON form
// wrapped in prose does too; and a one-step repair is announced as a repair.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';

/** Passes once a.txt holds v=2, as a test suite does once the code is fixed. */
const TEST_COMMAND = `node -e "process.exit(require('fs').readFileSync('a.txt','utf8')==='v=2'?0:1)"`;

const PLAN = {
  version: 1,
  goal: 'Make the tests pass, then write the report',
  steps: [
    { id: 'E1', title: 'Run the tests', tool: 'runCommand', args: { command: TEST_COMMAND }, postcondition: { kind: 'exitCode', equals: 0 } },
    { id: 'E2', title: 'Write the report', tool: 'writeFile', args: { path: 'report.txt', content: 'green' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'report.txt' } },
  ],
};

const FIX_LINE = 'add E3 editFile {"path":"a.txt","edits":[{"find":"v=1","replace":"v=2"}]}';
const RETEST_LINE = `replace E1 runCommand ${JSON.stringify({ command: TEST_COMMAND })} after E3`;

describe('planwright run, recovering with the replies models write', () => {
  let dir: string;
  let server: ScriptedModelServer | undefined;

  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'ws', 'a.txt'), 'v=1');
    await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify(PLAN));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(dir);
  });

  /** Runs the plan with `replies` answering the planner model's calls in order, and `worker` the worker model's. */
  // The re-plans below write files the plan did not: the run allows that growth of its scope (scopeGrowthHold.test.ts holds it).
  async function run(replies: readonly ScriptedReply[], extra: readonly string[] = [], worker: readonly ScriptedReply[] = [], what: readonly string[] = ['p.plan.json'], env: Readonly<Record<string, string>> = {}) {
    let asked = 0;
    let workerAsked = 0;
    const next = (list: readonly ScriptedReply[], index: number): ScriptedReply => list[index] ?? { status: 400, message: 'no more replies' };
    server = await ScriptedModelServer.start((body: { model?: string }) => (body.model === 'planner' ? next(replies, asked++) : next(worker, workerAsked++)));
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_PLANNER_MODEL: 'planner', PLANWRIGHT_WORKER_MODEL: 'worker', ...env }, cwd: dir };
    const code = await runCli(['run', ...what, '--workspace', 'ws', '--approve', 'all', '--allow-scope-growth', ...extra], io);
    return { code, stdout, stderr, asked };
  }

  async function finishOrder(report: { journal: string }): Promise<string[]> {
    const journal = (await readFile(report.journal, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; stepId?: string; to?: string });
    return journal.filter((record) => record.type === 'step' && (record.to === 'succeeded' || record.to === 'failed')).map((record) => `${record.stepId}:${record.to}`);
  }

  it('fix, then run the tests again: E3, then E1 again, then E2', async () => {
    const result = await run([{ content: `${FIX_LINE}\n${RETEST_LINE}\n`, chunkChars: 9 }], ['--json']);
    assert.equal(result.code, 0, result.stderr || result.stdout);
    const report = JSON.parse(result.stdout);
    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(await finishOrder(report), ['E1:failed', 'E3:succeeded', 'E1:succeeded', 'E2:succeeded']);
    assert.equal(result.asked, 1, 'the first reply was taken, with no repair turn');
    assert.equal(await readFile(path.join(dir, 'ws', 'report.txt'), 'utf8'), 'green');
  });

  it('the same patch in the JSON form, after a sentence and in a fence', async () => {
    const patch = { patch: [{ op: 'add', id: 'E3', tool: 'editFile', args: { path: 'a.txt', edits: [{ find: 'v=1', replace: 'v=2' }] } }, { op: 'replace', id: 'E1', tool: 'runCommand', args: { command: TEST_COMMAND }, after: ['E3'] }] };
    const result = await run([{ content: `Here is the patch:\n\`\`\`json\n${JSON.stringify(patch)}\n\`\`\`\n` }], ['--json']);
    assert.equal(result.code, 0, result.stderr || result.stdout);
    const report = JSON.parse(result.stdout);
    assert.deepEqual(await finishOrder(report), ['E1:failed', 'E3:succeeded', 'E1:succeeded', 'E2:succeeded']);
  });

  it('a plan of new steps in JSON, standing in for the broken and invalidated steps', async () => {
    const steps = { steps: [{ tool: 'writeFile', args: { path: 'a.txt', content: 'v=2' } }, { tool: 'runCommand', args: { command: TEST_COMMAND } }] };
    const result = await run([{ content: JSON.stringify(steps) }], ['--json']);
    assert.equal(result.code, 0, result.stderr || result.stdout);
    const report = JSON.parse(result.stdout);
    assert.deepEqual(report.steps.map((step: { id: string; status: string }) => `${step.id}:${step.status}`), ['E3:succeeded', 'E4:succeeded']);
  });

  it('announces a one-step repair as a repair, not as a re-plan, and reads the fixed line out of prose and a fence', async () => {
    await writeFile(path.join(dir, 'ws', 'b.txt'), 'const value = 1;\nconsole.log(value);\n');
    const stale = { ...PLAN, steps: [{ id: 'E1', title: 'Set the value', tool: 'editFile', args: { path: 'b.txt', edits: [{ find: 'const valeu = 1;', replace: 'const value = 2;' }] }, postcondition: { kind: 'fileContains', path: 'b.txt', text: 'const value = 2;' } }, PLAN.steps[1]] };
    await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify(stale));
    const fixed = 'Here is the fixed step:\n```\neditFile {"path":"b.txt","edits":[{"find":"const value = 1;","replace":"const value = 2;"}]}\n```\nThe find text had a typo.';
    const result = await run([], [], [{ content: fixed }]);
    assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /^repairing 1 Set the value failed/m);
    assert.doesNotMatch(result.stdout, /re-planning after/);
    assert.match(await readFile(path.join(dir, 'ws', 'b.txt'), 'utf8'), /^const value = 2;/);
  });

  it('plans a goal from a JSON plan after a sentence (PLANWRIGHT_PLAN_FORMAT=json)', async () => {
    const plan = { steps: [{ tool: 'writeFile', args: { path: 'c.txt', content: 'right' } }] };
    const result = await run([{ content: `Here is the plan:\n${JSON.stringify(plan)}` }], ['--json'], [], ['--goal', 'Write c.txt'], { PLANWRIGHT_PLAN_FORMAT: 'json' });
    assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
    assert.equal(await readFile(path.join(dir, 'ws', 'c.txt'), 'utf8'), 'right');
  });
});
