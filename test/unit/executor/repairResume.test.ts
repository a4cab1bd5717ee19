// The one repair a broken step gets is journalled with the revision it makes, so a run killed around it
// resumes correctly: killed after that record, the fix is kept and never asked for again (a second break
// goes to the re-planner); killed before it, the repair was never made, so it is asked for once more.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { RepairRequest, Replanner, ReplanRequest, StepRepairer } from '../../../src/core/run/modelRoles';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { Step } from '../../../src/core/plan/planSchema';
import { fakeRunDeps, liveSignal, MemoryRecordLog, runOptions, traceEvents, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

const FILE = { 'a.txt': 'say hello world\n' };
const edit = (find: string): Step => ({ id: 'E1', title: 'edit a.txt', tool: 'editFile', args: { path: 'a.txt', edits: [{ find, replace: 'EDITED' }] }, postcondition: { kind: 'fileContains', path: 'a.txt', text: 'EDITED' } });
const PLAN = validPlan([edit('hello  world')]);

/** A repairer answering `find` as the fixed step's find text, counting its calls. */
function repairerAnswering(find: string): StepRepairer & { calls: RepairRequest[] } {
  const calls: RepairRequest[] = [];
  return { calls, repair: async (request) => (calls.push(request), { patch: [{ op: 'replace', id: 'E1', step: edit(find) }], usage: [] }) };
}

/** A re-planner that fixes the step at once, counting its calls. */
function replannerFixing(): Replanner & { calls: ReplanRequest[] } {
  const calls: ReplanRequest[] = [];
  return { calls, replan: async (request) => (calls.push(request), { patch: [{ op: 'replace', id: 'E1', step: edit('say hello') }], usage: [] }) };
}

/** Runs PLAN to its end, then returns its journal cut at the repair's revision record: with it (`after`) or without it. */
async function journalKilled(at: 'before' | 'after', repairFind: string): Promise<MemoryRecordLog> {
  const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ ...FILE }), replanner: replannerFixing(), repairer: repairerAnswering(repairFind) });
  const run = await PlanRun.start(PLAN, { runId: `killed-${at}`, options: runOptions() }, deps);
  await run.execute(liveSignal());
  const lines = (deps.journal as MemoryRecordLog).lines;
  const index = lines.findIndex((line) => (JSON.parse(line) as { type: string; repaired?: boolean }).type === 'revised' && JSON.parse(line).repaired === true);
  assert.ok(index > 0, 'the repair is journalled as a revision marked repaired');
  const journal = new MemoryRecordLog();
  journal.lines.push(...lines.slice(0, at === 'after' ? index + 1 : index));
  return journal;
}

describe('PlanRun resume around a repair', () => {
  it('killed after the repair record: keeps the fix, does not repair again, and sends a second break to the re-planner', async () => {
    const journal = await journalKilled('after', 'hello   world');
    const atKill = await loadRunState(journal, () => undefined);
    assert.deepEqual(atKill.repaired, ['E1']);
    assert.deepEqual(atKill.plan.steps[0]!.args.edits, [{ find: 'hello   world', replace: 'EDITED' }], 'the fix is in the journalled plan');

    const repairer = repairerAnswering('hello world');
    const replanner = replannerFixing();
    const deps = { ...fakeRunDeps({ workspace: new MemoryWorkspace({ ...FILE }), replanner, repairer }), journal };
    const report = await (await PlanRun.resume(deps)).execute(liveSignal());

    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(repairer.calls.length, 0, 'the step was repaired once already');
    assert.equal(replanner.calls.length, 1);
    const decision = (await traceEvents(deps.trace)).find((event) => event.type === 'decision' && event.decision === 'replan');
    assert.match(decision?.type === 'decision' ? decision.reason : '', /it was repaired once already$/);
  });

  it('killed before the repair record: asks for the repair once more, applies it, and journals it', async () => {
    const journal = await journalKilled('before', 'hello world');
    assert.equal((await loadRunState(journal, () => undefined)).repaired, undefined);

    const repairer = repairerAnswering('hello world');
    const replanner = replannerFixing();
    const resumed = await PlanRun.resume({ ...fakeRunDeps({ workspace: new MemoryWorkspace({ ...FILE }), replanner, repairer }), journal });
    const report = await resumed.execute(liveSignal());

    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(repairer.calls.length, 1);
    assert.equal(replanner.calls.length, 0);
    const replayed = await loadRunState(journal, () => undefined);
    assert.equal(replayed.revision, 2);
    assert.deepEqual(replayed.repaired, ['E1']);
  });
});
