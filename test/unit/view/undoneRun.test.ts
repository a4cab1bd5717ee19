// Unit tests of the undone state: after a real run is undone (whole, or back to before a step), its journalled
// undo makes the goal row, the undone step rows and the status bar say "undone", the summary says what was put
// back, and a step that runs again after the undo is no longer undone.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { applyRecord, replayJournal, type RunState } from '../../../src/core/run/runState';
import { standingUndo, undoneSteps } from '../../../src/core/run/undoMarks';
import { englishText } from '../../../src/core/text/englishText';
import { undoneRecord, undoRun } from '../../../src/core/undo/undoRun';
import { planRowStatus, planTreeModel } from '../../../src/core/view/planTreeModel';
import type { PlanTreeNode } from '../../../src/core/view/planTreeNode';
import { statusBarText } from '../../../src/core/view/statusBarText';
import { runStatusWords, summaryWithUndo } from '../../../src/core/view/undoneRows';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

const plan = validPlan(
  [
    { id: 'E1', title: 'Read the notes', tool: 'readFile', args: { path: 'a.txt' } },
    { id: 'E2', title: 'Write a', tool: 'writeFile', args: { path: 'a.txt', content: 'new a' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'a.txt' } },
    { id: 'E3', title: 'Write b', tool: 'writeFile', args: { path: 'b.txt', content: 'b' }, dependsOn: ['E2'], postcondition: { kind: 'fileExists', path: 'b.txt' } },
  ],
  { goal: 'Write a and b', revision: 1 },
);
const options = runOptions({ maxParallel: 1, approval: { autoApprove: 'readOnlyAndIdempotentFileEdits', approvedCommands: [] } });

async function ranPlan(): Promise<{ workspace: MemoryWorkspace; state: RunState }> {
  const workspace = new MemoryWorkspace({ 'a.txt': 'old a' });
  const deps = fakeRunDeps({ workspace });
  const run = await PlanRun.start(plan, { runId: 'undone', options }, deps);
  assert.equal((await run.execute(liveSignal())).status, 'succeeded');
  const records = (await deps.journal.readAll(() => undefined)).map((record) => JournalRecordSchema.parse(record));
  return { workspace, state: replayJournal(records) };
}

/** Undoes `state`'s run (from `fromStepId` on) in `workspace` and applies the journal record the editor and the CLI append. */
async function undone(workspace: MemoryWorkspace, state: RunState, fromStepId?: string): Promise<RunState> {
  const result = await undoRun(workspace, state, fromStepId);
  const record = JournalRecordSchema.parse(undoneRecord(result, fromStepId, 99));
  return applyRecord(state, record);
}

function rows(state: RunState): { goal: PlanTreeNode; steps: Map<string, PlanTreeNode> } {
  const [goal] = planTreeModel(englishText, { plan: state.plan, source: 'p.plan.json', run: state });
  return { goal: goal!, steps: new Map(goal!.children.filter((row) => row.kind === 'step').map((row) => [row.stepId!, row])) };
}

describe('an undone run', () => {
  it('reads "undone" on the goal row, on the steps whose files were put back, and in the status bar', async () => {
    const { workspace, state } = await ranPlan();
    const before = rows(state);
    assert.equal(before.goal.description, 'rev 1 · succeeded');
    const after = await undone(workspace, state);
    const { goal, steps } = rows(after);
    assert.equal(goal.description, 'rev 1 · undone');
    assert.equal(goal.iconId, 'discard');
    assert.equal(goal.contextValue, 'plan:undone');
    assert.equal(goal.accessibilityLabel, 'Plan: Write a and b, undone');
    assert.deepEqual([...steps.values()].map((row) => `${row.label} | ${row.description}`), ['1 Read the notes | succeeded', '2 Write a | undone', '3 Write b | undone']);
    assert.equal(steps.get('E2')!.iconId, 'discard');
    assert.doesNotMatch(steps.get('E2')!.contextValue, /:undoable/, 'an undone step offers no second undo');
    assert.match(steps.get('E2')!.tooltip, /^Status: undone$/m);
    const status = planRowStatus(after, false);
    assert.equal(status, 'undone');
    assert.equal(statusBarText(englishText, status, 0, false, 'step 3 of 3', runStatusWords(englishText, status, after, after.plan)), 'undone');
  });

  it('survives a replay of the journal, as after a reload', async () => {
    const { workspace, state } = await ranPlan();
    const after = await undone(workspace, state);
    assert.deepEqual([...undoneSteps(after)], ['E2', 'E3']);
    assert.ok(standingUndo(after));
  });

  it('back to before a step: only that step and later ones are undone, and the goal says from where', async () => {
    const { workspace, state } = await ranPlan();
    const after = await undone(workspace, state, 'E3');
    const { goal, steps } = rows(after);
    assert.equal(goal.description, 'rev 1 · undone from 3 Write b');
    assert.equal(steps.get('E2')!.description, 'succeeded');
    assert.equal(steps.get('E3')!.description, 'undone');
  });

  it('says which files were kept because they changed since, and leaves their steps as they ran', async () => {
    const { workspace, state } = await ranPlan();
    await workspace.writeFile('b.txt', 'b, edited by hand');
    const after = await undone(workspace, state);
    const { goal, steps } = rows(after);
    assert.equal(goal.description, 'rev 1 · undone; 1 file kept (changed since)');
    assert.equal(steps.get('E2')!.description, 'undone');
    assert.equal(steps.get('E3')!.description, 'succeeded');
  });

  it('is no longer undone once a step runs again after the undo', async () => {
    const { workspace, state } = await ranPlan();
    const after = await undone(workspace, state);
    // As a retry of the step would journal its start: one more touch after the undo's span.
    const again: RunState = { ...after, touches: [...(after.touches ?? []), { stepId: 'E3', at: 100, before: [{ path: 'b.txt', content: null }] }] };
    assert.equal(standingUndo(again), undefined);
    assert.notEqual(planRowStatus(again, false), 'undone');
    assert.deepEqual([...undoneSteps(again)], ['E2'], 'the step that ran again is not undone; the other still is');
  });

  it('ends the summary with what the undo did, replacing an earlier undo\'s section rather than repeating it', async () => {
    const { workspace, state } = await ranPlan();
    const partly = await undone(workspace, state, 'E3');
    const once = summaryWithUndo(englishText, 'All 3 steps succeeded.', partly, plan);
    assert.match(once, /^All 3 steps succeeded\.\n\n<!-- planwright:undone -->\n## Undone\n\nThe run is undone from 3 Write b: /);
    const whole = await undone(workspace, partly);
    const twice = summaryWithUndo(englishText, once, whole, plan);
    assert.equal(twice.match(/## Undone/g)?.length, 1);
    assert.match(twice, /The run is undone: /);
    assert.match(twice, /Run Again starts the plan afresh\./);
  });
});
