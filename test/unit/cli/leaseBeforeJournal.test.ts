// `planwright run` takes the run lease before it looks at the journal: a second run started on the same
// --journal while the first is still planning its goal is refused, naming the holder, instead of finding the
// journal empty and journalling a second run into it once the first has ended.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createRunPlanCommand, runPlanCommand } from '../../../src/cli/runPlanCommand';
import { EXIT } from '../../../src/cli/cliIo';
import { validPlan } from '../support/executorFakes';
import { invoke, type Captured } from '../support/invokeCli';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const STEP = { id: 'E1', title: 'Write the note', tool: 'writeFile', args: { path: 'note.txt', content: 'written' }, postcondition: { kind: 'fileContains', path: 'note.txt', text: 'written' } };

describe('the run lease at the start of a run', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'note.plan.json'), JSON.stringify({ version: 1, goal: 'Note', steps: [STEP] }));
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('refuses a second run of one --journal while the first plans its goal: one run in the journal, the holder named', async () => {
    const journal = path.join(dir, 'shared.journal.jsonl');
    let second: Captured | undefined;
    // While the goal is being planned, a plan file is run on the same journal (start to end).
    const planning = createRunPlanCommand(() => ({
      planGoal: async (goal) => {
        second = await invoke(runPlanCommand, ['note.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
        return { plan: validPlan([{ ...STEP, args: { path: 'goal.txt', content: 'written' }, postcondition: { kind: 'fileContains', path: 'goal.txt', text: 'written' } }], { goal, revision: 1 }), usage: [] };
      },
    }));
    const first = await invoke(planning, ['--goal', 'Write a note', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
    assert.equal(first.code, EXIT.ok, first.stderr);
    assert.ok(second, 'the planner was never asked');
    assert.equal(second.code, EXIT.runHeld, `${second.stderr}${second.stdout}`);
    assert.match(second.stderr, new RegExp(`run shared is being run by process ${process.pid} since \\d\\d:\\d\\d; wait for it or stop it`));
    const records = (await readFile(journal, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string });
    assert.equal(records.filter((record) => record.type === 'runStarted').length, 1, 'two runs were journalled into one journal');
  });
});
