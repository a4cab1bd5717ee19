// The rows of the guarantee matrix that span two processes: a run stopped mid-way (its first step approved,
// the next ones waiting) is rebuilt from its journal alone and resumed, in every column (matrixColumns.ts).
// It carries on where it stopped, children included, and finishes the scenario without doing anything twice;
// a command that is not safe to repeat runs once across the stop, the resume and a failure put right by a
// re-plan (or, in a fused run, by the agent's next call).
import * as assert from 'node:assert/strict';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { runReport } from '../../../src/core/run/runSummary';
import { COLUMNS } from './matrixColumns';
import { DEPLOY, DEPLOY_THEN_FAILURE, THREE_CHANGES } from './matrixScenarios';

describe('guarantees × entry points, across a stop and a resume', () => {
  describe('resume carries on where the run stopped, doing nothing twice', () => {
    for (const column of COLUMNS) {
      it(column.name, async () => {
        const session = await column.open(THREE_CHANGES, 'first');
        assert.equal(session.ran.status, 'awaitingApproval', session.ran.report.reason);
        const before = new Map(session.ran.workspace.writes);
        assert.equal([...before.values()].reduce((sum, count) => sum + count, 0) > 0, true, 'the first step ran before the stop');
        const resumed = await session.resume();
        assert.equal(resumed.status, 'succeeded', resumed.report.reason);
        assert.equal(resumed.report.mode, column.mode);
        assert.deepEqual(Object.fromEntries(resumed.workspace.files), resumed.scenario.changed);
        for (const [path, count] of resumed.workspace.writes) assert.equal(count, 1, `${path} was written ${count} times`);
        assert.deepEqual(runReport(await loadRunState(resumed.journal, () => undefined)), resumed.live, 'the journal replays to the resumed run');
      });
    }
  });

  describe('a command that is not safe to repeat runs once, across a stop, a resume and a re-plan', () => {
    for (const column of COLUMNS) {
      it(column.name, async () => {
        const session = await column.open(DEPLOY_THEN_FAILURE, 'first');
        assert.equal(session.ran.status, 'awaitingApproval', session.ran.report.reason);
        assert.equal(session.ran.commands.effects.get(DEPLOY), 1, 'the deploy ran before the stop');
        const resumed = await session.resume();
        assert.equal(resumed.status, 'succeeded', resumed.report.reason);
        assert.deepEqual(Object.fromEntries(resumed.workspace.files), resumed.scenario.changed);
        assert.deepEqual([...resumed.commands.effects], [[DEPLOY, 1]]);
      });
    }
  });
});
