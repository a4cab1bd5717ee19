// `planwright run` looks at its journal again once it holds the run lease: a run started on a --journal that
// another run starts, runs and ends on while this one plans its goal is refused, changing nothing, instead of
// journalling a second run into it.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createRunPlanCommand, runPlanCommand } from '../../../src/cli/runPlanCommand';
import { EXIT } from '../../../src/cli/cliIo';
import { validPlan } from '../support/executorFakes';
import { invoke, type Captured } from '../support/invokeCli';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const STEP = { id: 'E1', title: 'Write the note', tool: 'writeFile', args: { path: 'note.txt', content: 'written' }, postcondition: { kind: 'fileContains', path: 'note.txt', text: 'written' } };

describe('the journal looked at under the run lease', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'note.plan.json'), JSON.stringify({ version: 1, goal: 'Note', steps: [STEP] }));
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('refuses a run whose --journal another run filled while it planned: one run in the journal, nothing journalled twice', async () => {
    const journal = path.join(dir, 'shared.journal.jsonl');
    let other: Captured | undefined;
    // While the goal is being planned, a plan file is run on the same journal, start to end.
    const planning = createRunPlanCommand(() => ({
      planGoal: async (goal) => {
        other = await invoke(runPlanCommand, ['note.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
        return { plan: validPlan([{ ...STEP, args: { path: 'goal.txt', content: 'written' }, postcondition: { kind: 'fileContains', path: 'goal.txt', text: 'written' } }], { goal, revision: 1 }), usage: [] };
      },
    }));
    const refused = await invoke(planning, ['--goal', 'Write a note', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
    assert.ok(other, 'the planner was never asked');
    assert.equal(other.code, EXIT.ok, other.stderr);
    assert.equal(refused.code, EXIT.badInput, `${refused.stderr}${refused.stdout}`);
    assert.match(refused.stderr, /a journal already exists at .*shared\.journal\.jsonl: resume it with planwright resume --journal/);
    const records = (await readFile(journal, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string });
    assert.equal(records.filter((record) => record.type === 'runStarted').length, 1, 'two runs were journalled into one journal');
    await assert.rejects(readFile(path.join(dir, 'ws', 'goal.txt')), 'the refused run wrote its step');
  });
});
