// A run counts revisions from 1, as people do, whatever its plan came from: a plan file says 0 or nothing, the
// planner's plan says 1, and either runs as revision 1 with its first re-plan revision 2. A journal written
// before this (a plan file's run at revision 0) still loads as it ran.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { fakeRunDeps, liveSignal, MemoryRecordLog, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

const write = (id: string, content: string, dependsOn: string[] = []) => ({ id, title: id, tool: 'writeFile', args: { path: `${id}.txt`, content }, dependsOn, postcondition: { kind: 'fileExists', path: `${id}.txt` } });

describe('the revision a run counts', () => {
  for (const [what, fields] of [['without a revision', {}], ['at revision 0', { revision: 0 }]] as const) {
    it(`runs a plan ${what} (a plan file) as revision 1 and journals it so; a revision after it is 2`, async () => {
      const deps = fakeRunDeps({ workspace: new MemoryWorkspace() });
      const run = await PlanRun.start(validPlan([write('E1', 'a'), write('E2', 'b', ['E1'])], fields), { runId: 'file', options: runOptions() }, deps);
      assert.equal(run.current.revision, 1);
      assert.deepEqual([...run.current.steps.values()].map((step) => step.revision), [1, 1]);
      const started = (await deps.journal.readAll())[0] as { type: string; plan: { revision?: number } };
      assert.deepEqual([started.type, started.plan.revision], ['runStarted', 1]);
      assert.equal((await run.execute(liveSignal())).revision, 1);

      assert.equal((await run.revise(validPlan([write('E1', 'a'), write('E2', 'b', ['E1']), write('E3', 'c', ['E2'])]))).ok, true);
      const report = await run.execute(liveSignal());
      assert.equal(report.revision, 2);
      assert.deepEqual(report.steps.map((step) => `${step.id}:r${step.revision}`), ['E1:r1', 'E2:r1', 'E3:r2']);
    });
  }

  it('keeps the revision a plan says from 1 on (a re-planned plan saved as a file)', async () => {
    const run = await PlanRun.start(validPlan([write('E1', 'a')], { revision: 3 }), { runId: 'saved', options: runOptions() }, fakeRunDeps());
    assert.equal(run.current.revision, 3);
  });

  it('loads a journal written before, whose plan file ran as revision 0, as it ran', async () => {
    const plan = validPlan([write('E1', 'a')]);
    const journal = new MemoryRecordLog();
    await journal.append({ type: 'runStarted', runId: 'old', at: 0, plan, options: DEFAULT_RUN_OPTIONS });
    await journal.append({ type: 'revised', at: 1, revision: 1, reason: 'the plan was edited by hand', plan: validPlan([write('E1', 'a'), write('E2', 'b', ['E1'])], { revision: 1 }) });
    const state = await loadRunState(journal, () => undefined);
    assert.equal(state.revision, 1);
    assert.deepEqual([...state.steps].map(([id, step]) => `${id}:${step.status}:r${step.revision}`), ['E1:pending:r0', 'E2:pending:r1']);
  });
});
