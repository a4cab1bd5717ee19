// The guarantees × entry points matrix: each row is a promise Planwright makes, each column a way a run
// comes in (matrixColumns.ts); every cell is one test, and a cell that does not hold fails. Every column
// carries out the same scenario (matrixScenarios.ts), so each row is stated once for all of them. Resume
// and effects that must not run twice are the rows of resumeMatrix.test.ts; the doors (MCP, the LM tool,
// the editor) are the columns of doorMatrix.test.ts.
import * as assert from 'node:assert/strict';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { runReport } from '../../../src/core/run/runSummary';
import { undoRun } from '../../../src/core/undo/undoRun';
import { COLUMNS, type Column, type Ran } from './matrixColumns';
import { THREE_CHANGES } from './matrixScenarios';

/** Runs `column` with everything approved and checks it made the scenario's changes, so no row holds by doing nothing. */
async function ranAll(column: Column): Promise<Ran> {
  const { ran } = await column.open(THREE_CHANGES, 'all');
  assert.equal(ran.status, 'succeeded', ran.report.reason);
  assert.deepEqual(Object.fromEntries(ran.workspace.files), ran.scenario.changed);
  return ran;
}

/** The fields present only when they have something to say: the fused agent wrote the run, it escalated, it has sub-plan children. */
const WHEN_SO_FIELDS = ['agent', 'escalated', 'children'];

const ROWS: readonly (readonly [string, (column: Column) => Promise<void>])[] = [
  [
    'undo restores every change',
    async (column) => {
      const { workspace, state, scenario } = await ranAll(column);
      const result = await undoRun(workspace, state);
      assert.deepEqual(result.refused, []);
      assert.deepEqual(Object.fromEntries(workspace.files), scenario.original);
    },
  ],
  [
    'undo refuses a file edited since and restores the rest',
    async (column) => {
      const { workspace, state } = await ranAll(column);
      workspace.files.set('src/app.js', 'mine\n');
      const result = await undoRun(workspace, state);
      assert.deepEqual(result.refused.map((entry) => entry.path), ['src/app.js']);
      assert.deepEqual(result.restored, ['notes.txt']);
      assert.deepEqual(result.removed, ['added.txt']);
    },
  ],
  [
    'an approval wait is a wait, never a failure',
    async (column) => {
      const { ran } = await column.open(THREE_CHANGES, 'reads');
      assert.equal(ran.status, 'awaitingApproval');
      assert.equal(ran.state.status, 'awaitingApproval');
      assert.ok(ran.report.waitingForApproval.length > 0);
      assert.deepEqual(Object.fromEntries(ran.workspace.files), ran.scenario.original);
    },
  ],
  [
    'usage.total counts every call the endpoint served',
    async (column) => {
      const { report, callsServed } = await ranAll(column);
      assert.ok(callsServed > 0 || column.mode === 'plan');
      assert.equal(report.usage.total.calls, callsServed);
    },
  ],
  [
    'the journal replays to the same state',
    async (column) => {
      const { journal, live } = await ranAll(column);
      assert.deepEqual(runReport(await loadRunState(journal, () => undefined)), live);
    },
  ],
  [
    'the report has the same fields, and says its mode',
    async (column) => {
      const { report } = await ranAll(column);
      const { report: planFiles } = await ranAll(COLUMNS[0]!);
      assert.equal(report.mode, column.mode);
      const fields = (of: object) => Object.keys(of).filter((key) => !WHEN_SO_FIELDS.includes(key)).sort();
      assert.deepEqual(fields(report), fields(planFiles));
      assert.deepEqual(Object.keys(report.usage).filter((phase) => phase !== 'own'), Object.keys(planFiles.usage));
    },
  ],
];

describe('guarantees × entry points', () => {
  for (const [row, check] of ROWS) {
    describe(row, () => {
      for (const column of COLUMNS) it(column.name, () => check(column));
    });
  }
});
