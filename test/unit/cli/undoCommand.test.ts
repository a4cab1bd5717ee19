// `planwright undo` in-process against a temporary workspace a real `planwright run` changed: what it puts
// back, what it refuses, --from, and bad input. Also the progress lines that announce re-plans.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { cliInProcess as cli } from '../support/cliInProcess';
import { failureTailLines, replanLines } from '../../../src/cli/stepProgress';
import { replayJournal, type RunState } from '../../../src/core/run/runState';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { reportedRunStatus } from '../../../src/core/run/undoneRun';
import { RunJournalCatalog } from '../../../src/node/runJournalCatalog';
import { runView, stepRun, threeSteps } from '../view/viewFixtures';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const PLAN = {
  version: 1,
  goal: 'Greet',
  steps: [
    { id: 'E1', title: 'Write the greeting', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hello' }, postcondition: { kind: 'fileExists', path: 'hello.txt' } },
    { id: 'E2', title: 'Sign the name', tool: 'appendFile', args: { path: 'name.txt', content: ', Ada' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'name.txt', text: 'Ada' } },
  ],
};

describe('planwright undo', () => {
  let dir: string;
  let workspace: string;
  let journal: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = path.join(dir, 'ws');
    await writeFile(path.join(dir, 'greet.plan.json'), JSON.stringify(PLAN));
    await mkdir(workspace);
    await writeFile(path.join(workspace, 'name.txt'), 'Signed');
    const ran = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'all', '--json'], dir);
    assert.equal(ran.code, 0, ran.stderr);
    journal = (JSON.parse(ran.stdout) as { journal: string }).journal;
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('puts back every file the run changed, removing the ones it created (and saying so), and exits 0', async () => {
    const result = await cli(['undo', journal], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'restored  name.txt\nremoved   hello.txt (the run created it)\n');
    await assert.rejects(stat(path.join(workspace, 'hello.txt')));
    assert.equal(await readFile(path.join(workspace, 'name.txt'), 'utf8'), 'Signed');
  });

  it('journals the undo, so the run reads as undone afterwards (in run_status, the Runs view, and in the editor after a reload)', async () => {
    assert.equal((await cli(['undo', journal], dir)).code, 0);
    const records = (await readFile(path.resolve(dir, journal), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; at?: number });
    const state = replayJournal(records.map((record) => JournalRecordSchema.parse(record)));
    assert.equal(reportedRunStatus(state), 'undone');
    assert.deepEqual(records.at(-1), { type: 'undone', at: records.at(-1)?.at, steps: ['E1', 'E2'], refused: [] });
    const [listed] = await new RunJournalCatalog(() => [{ folder: path.dirname(path.resolve(dir, journal)), door: 'workspace' }]).runs();
    assert.equal(listed?.status, 'undone', 'the Runs view lists the CLI run as undone');
  });

  it('refuses a file edited since, restores the rest, and exits 1 listing both', async () => {
    await writeFile(path.join(workspace, 'hello.txt'), 'Hello, edited by hand');
    const result = await cli(['undo', journal, '--json'], dir);
    assert.equal(result.code, 1);
    const report = JSON.parse(result.stdout) as { restored: string[]; removed: string[]; refused: { path: string; reason: string }[] };
    assert.deepEqual(report.restored, ['name.txt']);
    assert.deepEqual(report.removed, []);
    assert.deepEqual(report.refused, [{ path: 'hello.txt', reason: 'edited since 1 Write the greeting changed it' }]);
    assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hello, edited by hand');
  });

  it('--from undoes only that step and what started after it', async () => {
    const result = await cli(['undo', journal, '--from', 'E2'], dir);
    assert.equal(result.stdout, 'restored  name.txt\n');
    assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hello');
  });

  it('exits 2 with one line for a missing journal, an unknown option or a step that never ran', async () => {
    assert.match((await cli(['undo', 'nope.jsonl'], dir)).stderr, /^planwright undo: no journal at nope.jsonl\n$/);
    assert.equal((await cli(['undo', journal, '--force'], dir)).code, 2);
    const never = await cli(['undo', journal, '--from', 'E9'], dir);
    assert.equal(never.code, 2);
    assert.match(never.stderr, /E9 has not run/);
  });
});

describe('CLI progress lines', () => {
  const plan = threeSteps();

  it('announce a re-plan as it starts, then the revision it made and why', () => {
    const state = { ...runView(plan), recovering: { stepId: 'E3', reason: 'E3 failed: exit code 1' } } as unknown as RunState;
    assert.deepEqual(replanLines({ revision: 1 }, state), ['re-planning after E3 failed: exit code 1']);
    assert.deepEqual(replanLines({ revision: 1, recovering: 're-planning after E3 failed: exit code 1' }, state), []);
    const revised = { ...runView(plan, {}, { revision: 2, replanReasons: ['E3 failed: exit code 1'] }) } as unknown as RunState;
    assert.deepEqual(replanLines({ revision: 1, recovering: 're-planning after E3 failed: exit code 1' }, revised), ['revision 2: E3 failed: exit code 1']);
  });

  it('announce a one-step repair as a repair, and the re-plan it falls back to as a re-plan', () => {
    const repairing = { ...runView(plan), recovering: { stepId: 'E3', reason: 'E3 failed: exit code 1', kind: 'repair' } } as unknown as RunState;
    assert.deepEqual(replanLines({ revision: 1 }, repairing), ['repairing E3 failed: exit code 1']);
    const replanning = { ...runView(plan), recovering: { stepId: 'E3', reason: 'E3 failed: exit code 1', kind: 'replan' } } as unknown as RunState;
    assert.deepEqual(replanLines({ revision: 1, recovering: 'repairing E3 failed: exit code 1' }, replanning), ['re-planning after E3 failed: exit code 1']);
  });

  it("repeat the last lines of a failed command's output under its line", () => {
    const output = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`).join('\n');
    const state = runView(plan, { E3: stepRun('failed', { failure: { kind: 'definite', reason: 'exitCode', message: 'exit code 1', outputTail: output } }) }) as unknown as RunState;
    assert.deepEqual(failureTailLines(state, 'E3'), ['    | line 5', '    | line 6', '    | line 7', '    | line 8', '    | line 9', '    | line 10']);
    assert.deepEqual(failureTailLines(state, 'E1'), []);
  });
});
