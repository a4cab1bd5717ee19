// `planwright run` and `planwright resume` in-process against a temporary workspace: exit codes, the
// --json report, the default journal and trace place, approval modes, resuming without repeating flags,
// and bad input.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { createRunPlanCommand, GOAL_NEEDS_MODEL } from '../../../src/cli/runPlanCommand';
import { runCli } from '../../../src/cli/runCli';
import { PlanReplyModel } from '../support/planReplyModel';
import { makeTempDir, removeTempDir } from '../support/tempDir';

/** Output captured from one invocation. */
interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function cli(args: string[], cwd: string, run = runCli): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {}, cwd };
  const code = await run(args, io);
  return { code, stdout, stderr };
}

const report = (captured: Captured) => JSON.parse(captured.stdout) as {
  status: string;
  revision: number;
  replans: number;
  steps: { id: string; tool: string; status: string; attempts: number; revision: number }[];
  usage: Record<string, { calls: number }>;
  summary: string;
  waitingForApproval: string[];
  journal: string;
  trace: string;
};

const PLAN = {
  version: 1,
  goal: 'Greet',
  steps: [
    { id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'name.txt' } },
    { id: 'E2', title: 'Write the greeting', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hello, #E1' }, postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hello, Ada' } },
    { id: 'E3', title: 'List the files', tool: 'listFiles', args: { glob: '**/*' }, dependsOn: ['E2'] },
  ],
};

describe('planwright run / resume', () => {
  let dir: string;
  let workspace: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = path.join(dir, 'ws');
    await writeFile(path.join(dir, 'greet.plan.json'), JSON.stringify(PLAN));
    await mkdir(workspace);
    await writeFile(path.join(workspace, 'name.txt'), 'Ada');
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('runs a plan file: exit 0, and --json prints only the report', async () => {
    const result = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'all', '--json'], dir);
    assert.equal(result.code, 0, result.stderr);
    const json = report(result);
    assert.equal(json.status, 'succeeded');
    // A plan file without a revision runs as revision 1, as people count.
    assert.equal(json.revision, 1);
    assert.equal(json.replans, 0);
    assert.deepEqual(json.steps.map((step) => [step.id, step.tool, step.status, step.attempts, step.revision]), [
      ['E1', 'readFile', 'succeeded', 1, 1],
      ['E2', 'writeFile', 'succeeded', 1, 1],
      ['E3', 'listFiles', 'succeeded', 1, 1],
    ]);
    assert.equal(json.usage.total.calls, 0);
    assert.match(json.summary, /^Goal: Greet\n\nOutcome: succeeded\n/);
    assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hello, Ada');
    assert.equal(result.stderr, '');
  });

  it('keeps the journal and trace in <workspace>/.planwright/runs, ignored by git and by listFiles', async () => {
    const result = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'all', '--json'], dir);
    const json = report(result);
    const runs = path.join(workspace, '.planwright', 'runs');
    assert.equal(path.dirname(json.journal), runs);
    assert.match(path.basename(json.journal), /^\d{8}-\d{6}-[0-9a-f]{4}\.journal\.jsonl$/);
    assert.equal(json.trace, json.journal.replace('.journal.jsonl', '.trace.jsonl'));
    assert.deepEqual((await readdir(runs)).sort(), [path.basename(json.journal), path.basename(json.trace)].sort());
    assert.equal(await readFile(path.join(workspace, '.planwright', '.gitignore'), 'utf8'), '*\n');
    const journal = (await readFile(json.journal, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    const listed = journal.find((record) => record.stepId === 'E3' && record.event === 'succeed').output.text as string;
    assert.ok(!listed.includes('.planwright'), listed);
    assert.ok(listed.includes('hello.txt'));
  });

  it('prints one line per step transition, naming each step by number and title, and the journal path in human mode', async () => {
    const result = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'all'], dir);
    assert.equal(result.code, 0);
    assert.match(result.stdout, /^E2 {2}writeFile {3}succeeded {8}2 Write the greeting \(hello\.txt contains "Hello, Ada": found on line 1\)$/m);
    assert.match(result.stdout, /^E1 {2}readFile {4}running {10}1 Read the name$/m);
    assert.match(result.stdout, /^run \d{8}-\d{6}-[0-9a-f]{4}: succeeded \(revision 1, 0 re-plans\)$/m);
    assert.match(result.stderr, /^journal: .*\.planwright\/runs\/.*\.journal\.jsonl\ntrace: {3}.*\.trace\.jsonl\n$/);
  });

  it('exits 1 when a step fails, with the failed step and its invalidated dependent in the report', async () => {
    const failing = { ...PLAN, steps: [PLAN.steps[0], { ...PLAN.steps[1], postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hello, Bob' } }, PLAN.steps[2]] };
    await writeFile(path.join(dir, 'fail.plan.json'), JSON.stringify(failing));
    const result = await cli(['run', 'fail.plan.json', '--workspace', 'ws', '--approve', 'all', '--json'], dir);
    assert.equal(result.code, 1);
    assert.deepEqual(report(result).steps.map((step) => step.status), ['succeeded', 'failed', 'invalidated']);
    assert.equal(report(result).status, 'needsReplan');
  });

  it('--approve reads: exit 3 listing the waiting step; resume --approve all finishes without re-running the read', async () => {
    const journal = path.join(dir, 'greet.journal.jsonl');
    const waiting = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'reads', '--journal', journal], dir);
    assert.equal(waiting.code, 3);
    assert.match(waiting.stdout, /^waiting for approval: E2$/m);
    assert.equal(waiting.stdout.match(/waiting for approval/g)?.length, 1, 'the waiting step is listed once');
    assert.equal(waiting.stdout.match(/^E2 .*awaitingApproval/gm)?.length, 1, 'its progress line is printed once');
    assert.match(waiting.stdout, /^to go on: planwright resume --journal .*greet\.journal\.jsonl --approve all$/m);

    const still = await cli(['resume', '--journal', journal, '--json'], dir);
    assert.equal(still.code, 3, 'the journalled options still ask about writes');
    assert.deepEqual(report(still).waitingForApproval, ['E2']);

    const resumed = await cli(['resume', '--journal', journal, '--approve', 'all', '--json'], dir);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(report(resumed).steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:succeeded:1', 'E2:succeeded:1', 'E3:succeeded:1']);
    // The trace recorded at the start is where the resumed run goes on writing.
    const { trace } = report(resumed);
    assert.equal(path.dirname(trace), path.join(workspace, '.planwright', 'runs'));
    const invocations = new Set((await readFile(trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line).runId));
    assert.equal(invocations.size, 1);
  });

  it('resume --plan: a needsReplan run goes on with a plan edited by hand', async () => {
    const journal = path.join(dir, 'fix.journal.jsonl');
    const wrongName = { ...PLAN, steps: [PLAN.steps[0], { ...PLAN.steps[1], postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hello, Bob' } }, PLAN.steps[2]] };
    await writeFile(path.join(dir, 'wrong.plan.json'), JSON.stringify(wrongName));
    assert.equal((await cli(['run', 'wrong.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal], dir)).code, 1);

    const changesDone = { ...PLAN, steps: [{ ...PLAN.steps[0], args: { path: 'other.txt' } }] };
    await writeFile(path.join(dir, 'bad-edit.plan.json'), JSON.stringify(changesDone));
    const refused = await cli(['resume', '--journal', journal, '--plan', 'bad-edit.plan.json'], dir);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /"E1" has succeeded, so it cannot change/);

    const fixed = await cli(['resume', '--journal', journal, '--plan', 'greet.plan.json', '--json'], dir);
    assert.equal(fixed.code, 0, fixed.stderr);
    assert.equal(report(fixed).revision, 2);
    assert.deepEqual(report(fixed).steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:succeeded:1', 'E2:succeeded:1', 'E3:succeeded:1']);
  });

  it('resume finds the workspace in the journal, and takes --workspace when the folder moved', async () => {
    const journal = path.join(dir, 'moved.journal.jsonl');
    assert.equal((await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'none', '--journal', journal], dir)).code, 3);
    await rename(workspace, path.join(dir, 'moved'));
    const lost = await cli(['resume', '--journal', journal, '--approve', 'all'], dir);
    assert.equal(lost.code, 2);
    assert.match(lost.stderr, /workspace folder not found: .*ws \(as the journal records it\): pass --workspace DIR/);
    const found = await cli(['resume', '--journal', journal, '--approve', 'all', '--workspace', 'moved', '--json'], dir);
    assert.equal(found.code, 0, found.stderr);
    assert.equal(await readFile(path.join(dir, 'moved', 'hello.txt'), 'utf8'), 'Hello, Ada');
  });

  it('--approve none: even reads wait', async () => {
    const result = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'none', '--json'], dir);
    assert.equal(result.code, 3);
    assert.deepEqual(report(result).waitingForApproval, ['E1']);
  });

  it('plans a --goal through the injected planner (streamed into the run, as runGoal does) and journals its usage', async () => {
    const model = new PlanReplyModel({ version: 1, goal: 'Read the name', steps: [PLAN.steps[0]] });
    const planner = createRunPlanCommand(() => ({ plannerModel: model, workerModel: model }));
    const result = await cli(['--goal', 'Read the name', '--workspace', 'ws', '--json'], dir, (args, io) => planner.run(args, io));
    assert.equal(result.code, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as { mode: string }).mode, 'split');
    assert.equal(report(result).usage.plan.calls, 1);
    assert.equal(model.requests.length, 1);
  });

  it('cancels the planning of a --goal on SIGTERM: nothing was run or journalled, and the reason says so', async () => {
    // A planner that waits for its signal; the test sends SIGTERM to this process's handlers once it is asked.
    const model = new PlanReplyModel({}, 'planner-model', undefined, (signal) =>
      new Promise((_resolve, reject) => {
        const never = setTimeout(() => reject(new Error('the planner was never cancelled')), 2_000);
        signal?.addEventListener('abort', () => {
          clearTimeout(never);
          reject(new Error('aborted'));
        });
        process.emit('SIGTERM', 'SIGTERM');
      }),
    );
    const planner = createRunPlanCommand(() => ({ plannerModel: model, workerModel: model }));
    const listeners = process.listenerCount('SIGTERM');
    const result = await cli(['--goal', 'Read the name', '--workspace', 'ws', '--json'], dir, (args, io) => planner.run(args, io));
    assert.equal(result.code, 1);
    assert.deepEqual(JSON.parse(result.stdout), {
      mode: 'split',
      status: 'cancelled',
      reason: 'cancelled by SIGTERM while planning, before any step was journalled: nothing was run and there is nothing to resume; run the goal again to start over',
    });
    assert.deepEqual((await readdir(workspace)).filter((name) => name !== '.planwright'), ['name.txt']);
    const runs = await readdir(path.join(workspace, '.planwright', 'runs')).catch(() => []);
    for (const file of runs) assert.equal((await readFile(path.join(workspace, '.planwright', 'runs', file), 'utf8')).length, 0, `${file} is empty`);
    assert.equal(process.listenerCount('SIGTERM'), listeners, 'the handler is gone once planning ended');
  });

  describe('bad input: exit 2 with one clear line', () => {
    const cases: [string, string[], RegExp][] = [
      ['--goal without a planner model', ['run', '--goal', 'Add a flag', '--workspace', 'ws'], new RegExp(GOAL_NEEDS_MODEL.replace(/[()]/g, '\\$&'))],
      ['no plan and no goal', ['run', '--workspace', 'ws'], /a plan file or --goal is needed/],
      ['a plan and a goal', ['run', 'greet.plan.json', '--goal', 'x', '--workspace', 'ws'], /not both/],
      ['no workspace', ['run', 'greet.plan.json'], /--workspace is needed/],
      ['a missing workspace', ['run', 'greet.plan.json', '--workspace', 'nowhere'], /workspace folder not found: .*nowhere/],
      ['a missing plan file', ['run', 'none.plan.json', '--workspace', 'ws'], /file not found: none\.plan\.json/],
      ['a bad --approve', ['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'some'], /--approve must be all, reads or none, not "some"/],
      ['--max-parallel 0', ['run', 'greet.plan.json', '--workspace', 'ws', '--max-parallel', '0'], /--max-parallel must be a whole number of at least 1/],
      ['a bad --summary', ['run', 'greet.plan.json', '--workspace', 'ws', '--summary', 'long'], /--summary must be plain or model, not "long"/],
      ['an unknown option', ['run', 'greet.plan.json', '--workspace', 'ws', '--fast'], /unknown option --fast/],
      ['resume without --journal', ['resume'], /--journal is needed/],
      ['resume of a missing journal', ['resume', '--journal', 'none.jsonl'], /no journal at none\.jsonl/],
    ];
    for (const [what, args, message] of cases) {
      it(`for ${what}`, async () => {
        const result = await cli(args, dir);
        assert.equal(result.code, 2, result.stderr);
        assert.match(result.stderr, message);
        assert.equal(result.stdout, '');
      });
    }

    it('for an invalid plan: one line per problem, nothing run', async () => {
      await writeFile(path.join(dir, 'bad.plan.json'), JSON.stringify({ ...PLAN, steps: [{ ...PLAN.steps[1], postcondition: undefined }] }));
      const result = await cli(['run', 'bad.plan.json', '--workspace', 'ws'], dir);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /^E2\.postcondition: /m);
      assert.match(result.stderr, /^E2\.args\.content: reference "#E1" names no step of this plan$/m);
      assert.match(result.stderr, /bad\.plan\.json: 2 problems; the plan did not run/);
      assert.deepEqual(await readdir(workspace), ['name.txt']);
    });

    it('for a journal that already exists, and for one that is corrupt', async () => {
      const journal = path.join(dir, 'j.jsonl');
      await writeFile(journal, '{"type":"runStarted"}\nnot json\n{}\n');
      const again = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--journal', journal], dir);
      assert.equal(again.code, 2);
      assert.match(again.stderr, /a journal already exists at .*j\.jsonl: resume it with planwright resume/);
      const corrupt = await cli(['resume', '--journal', journal], dir);
      assert.equal(corrupt.code, 2);
      assert.match(corrupt.stderr, /cannot resume from .*j\.jsonl: .*j\.jsonl:2: the file is corrupt/);
    });
  });
});
