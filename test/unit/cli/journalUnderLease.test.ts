// `planwright run` holds the run lease while it plans a goal (the plan streams into the run under it) and looks
// at its journal again once it holds it: a run started on the same --journal meanwhile is refused as held,
// changing nothing, instead of journalling a second run into it.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createRunPlanCommand, runPlanCommand } from '../../../src/cli/runPlanCommand';
import { EXIT } from '../../../src/cli/cliIo';
import { PlanReplyModel } from '../support/planReplyModel';
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

  it('refuses a run on the --journal of a goal being planned: one run in the journal, nothing journalled twice', async () => {
    const journal = path.join(dir, 'shared.journal.jsonl');
    let other: Captured | undefined;
    // While the goal is being planned, a plan file is started on the same journal.
    const goalStep = { ...STEP, args: { path: 'goal.txt', content: 'written' }, postcondition: { kind: 'fileContains', path: 'goal.txt', text: 'written' } };
    const model = new PlanReplyModel({ version: 1, goal: 'Write a note', steps: [goalStep] }, 'planner-model', undefined, async () => {
      other = await invoke(runPlanCommand, ['note.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
    });
    const planning = createRunPlanCommand(() => ({ plannerModel: model, workerModel: model }));
    const ran = await invoke(planning, ['--goal', 'Write a note', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
    assert.ok(other, 'the planner was never asked');
    assert.equal(other.code, EXIT.runHeld, `${other.stderr}${other.stdout}`);
    assert.match(other.stderr, /is being run by process/);
    assert.equal(ran.code, EXIT.ok, ran.stderr);
    const records = (await readFile(journal, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string });
    assert.equal(records.filter((record) => record.type === 'runStarted').length, 1, 'two runs were journalled into one journal');
    await assert.rejects(readFile(path.join(dir, 'ws', 'note.txt')), 'the refused run wrote its step');
  });
});
