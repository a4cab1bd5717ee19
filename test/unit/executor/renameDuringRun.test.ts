// Renaming steps of a run by hand: only titles change, so it is no new revision and no step loses its state.
import * as assert from 'node:assert/strict';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { PlanRun } from '../../../src/core/executor/planRun';
import { renamedTitles } from '../../../src/core/executor/runRevisions';
import { replayJournal } from '../../../src/core/run/runState';
import { fakeRunDeps, runOptions, validPlan } from '../support/executorFakes';

const plan = validPlan(
  [
    { id: 'E1', title: 'Read a', tool: 'readFile', args: { path: 'a' } },
    { id: 'E2', title: 'Read b', tool: 'readFile', args: { path: 'b' }, dependsOn: ['E1'] },
  ],
  { revision: 1 },
);
const renamed = validPlan([plan.steps[0], { ...plan.steps[1], title: 'Read the b file' }], { revision: 1 });

describe('renamedTitles', () => {
  it('names the retitled steps when only titles changed, and nothing otherwise', () => {
    assert.deepEqual(renamedTitles(plan, renamed), { E2: 'Read the b file' });
    assert.equal(renamedTitles(plan, plan), undefined);
    assert.equal(renamedTitles(plan, validPlan([plan.steps[0], { ...plan.steps[1], title: 'x', args: { path: 'c' } }], { revision: 1 })), undefined);
  });
});

describe('PlanRun.revise with only a new title', () => {
  it('keeps the revision and the step state, journals the title, and a replay reads it back', async () => {
    const deps = fakeRunDeps();
    const run = await PlanRun.start(plan, { runId: 'rename', options: runOptions() }, deps);
    const before = run.current.steps.get('E2');
    const verdict = await run.revise(renamed);
    assert.ok(verdict.ok);
    assert.equal(run.current.revision, 1);
    assert.equal(run.current.replanReasons.length, 0);
    assert.equal(run.current.plan.steps[1]?.title, 'Read the b file');
    assert.equal(run.current.steps.get('E2'), before);
    const records = (await deps.journal.readAll(() => undefined)).map((record) => JournalRecordSchema.parse(record));
    assert.deepEqual(records.map((record) => record.type), ['runStarted', 'retitled']);
    assert.equal(replayJournal(records).plan.steps[1]?.title, 'Read the b file');
  });
});
