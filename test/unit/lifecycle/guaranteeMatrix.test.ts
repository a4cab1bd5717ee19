// The guarantees × entry points matrix: each row is a promise Planwright makes, each column a way a run
// comes in; every cell is one test, and a cell that does not hold fails. Every column makes the same three
// changes (edit src/app.js, write added.txt, delete notes.txt), so each row is stated once for all of them.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { runReport } from '../../../src/core/executor/runSummary';
import { DEFAULT_FUSED_OPTIONS, runFused } from '../../../src/core/fused/fusedRun';
import type { RecordLog } from '../../../src/core/ports';
import type { RunOptions } from '../../../src/core/run/runOptions';
import type { RunState } from '../../../src/core/run/runState';
import { nestReport, type ChildRecord } from '../../../src/core/subplan/nestedReport';
import { undoRun } from '../../../src/core/undo/undoRun';
import { ScriptedAgent } from '../fused/scriptedAgent';
import { fakeRunDeps, liveSignal, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { ChildLogStore, scriptedChildPlanner, subplanRunner, subplanStep } from '../support/subplanFakes';

const ORIGINAL = { 'src/app.js': 'let a = 1;\n', 'notes.txt': 'notes\n' };
const SCOPE = ['src/app.js', 'added.txt', 'notes.txt'];
const THREE_CHANGES = [
  { id: 'E1', title: 'Edit app', tool: 'editFile', args: { path: 'src/app.js', edits: [{ find: 'let a = 1;', replace: 'let a = 2;' }] }, postcondition: { kind: 'fileContains', path: 'src/app.js', text: 'a = 2' } },
  { id: 'E2', title: 'Add a file', tool: 'writeFile', args: { path: 'added.txt', content: 'new\n' }, postcondition: { kind: 'fileExists', path: 'added.txt' } },
  { id: 'E3', title: 'Remove notes', tool: 'deleteFile', args: { path: 'notes.txt' }, postcondition: { kind: 'fileAbsent', path: 'notes.txt' } },
];

/** How one entry point's run ended: its journal, its state live and its report, and the model calls the endpoint served. */
interface Ran {
  readonly workspace: MemoryWorkspace;
  readonly journal: RecordLog;
  readonly state: RunState;
  readonly status: string;
  readonly usageCalls: number;
  readonly callsServed: number;
}

/** The approval settings a column runs with: everything approved, or only reads (so a write waits). */
type Approval = 'all' | 'reads';

/** The three changes, as every column leaves them. */
const CHANGED = { 'src/app.js': 'let a = 2;\n', 'added.txt': 'new\n' };

/** Runs `column` with everything approved and checks it made the three changes, so no row holds by doing nothing. */
async function ranAll(column: (approval: Approval) => Promise<Ran>): Promise<Ran> {
  const ran = await column('all');
  assert.equal(ran.status, 'succeeded');
  assert.deepEqual(Object.fromEntries(ran.workspace.files), CHANGED);
  return ran;
}

const optionsFor = (approval: Approval): RunOptions => runOptions(approval === 'all' ? {} : { approval: { autoApprove: 'readOnly', approvedCommands: [] } });

async function planFile(approval: Approval): Promise<Ran> {
  const workspace = new MemoryWorkspace({ ...ORIGINAL });
  const deps = fakeRunDeps({ workspace, approvals: new ScriptedApprovalGate({}, approval === 'all' ? 'approved' : 'wait') });
  const run = await PlanRun.start(validPlan(THREE_CHANGES), { runId: 'r', options: optionsFor(approval) }, deps);
  const report = await run.execute(liveSignal());
  return { workspace, journal: deps.journal, state: run.current, status: report.status, usageCalls: report.usage.total.calls, callsServed: 0 };
}

async function fusedGoal(approval: Approval): Promise<Ran> {
  const workspace = new MemoryWorkspace({ ...ORIGINAL });
  const agent = new ScriptedAgent([...THREE_CHANGES.map((step) => [[step.tool, step.args] as const]), 'Done.']);
  const deps = { ...fakeRunDeps({ workspace, approvals: new ScriptedApprovalGate({}, approval === 'all' ? 'approved' : 'wait') }), agentModel: agent };
  const outcome = await runFused({ runId: 'r', goal: 'three changes', summary: { tree: Object.keys(ORIGINAL), fileCount: 2, openFiles: [] } }, deps, { ...DEFAULT_FUSED_OPTIONS, run: optionsFor(approval) }, liveSignal());
  const state = outcome.state!;
  return { workspace, journal: deps.journal, state, status: outcome.status, usageCalls: runReport(state).usage.total.calls, callsServed: agent.requests.length };
}

/** A plan of one sub-plan step whose child (at `levels` = 2, a sub-plan of its own) makes the three changes. */
async function subplanChild(levels: 1 | 2, approval: Approval): Promise<Ran> {
  const workspace = new MemoryWorkspace({ ...ORIGINAL });
  const deps = fakeRunDeps({ workspace, approvals: new ScriptedApprovalGate({}, approval === 'all' ? 'approved' : 'wait') });
  const planner = scriptedChildPlanner({ outer: levels === 1 ? THREE_CHANGES : [subplanStep('E1', 'inner', SCOPE, { kind: 'fileExists', path: 'added.txt' })], inner: THREE_CHANGES });
  const reports = new Map<string, ChildRecord>();
  const options = optionsFor(approval);
  const run = await PlanRun.start(validPlan([subplanStep('E1', 'outer', SCOPE, { kind: 'fileExists', path: 'added.txt' })]), { runId: 'r', options }, { ...deps, subplans: subplanRunner(deps, planner, new ChildLogStore(), { options, reports }) });
  const report = await run.execute(liveSignal());
  return { workspace, journal: deps.journal, state: run.current, status: report.status, usageCalls: nestReport(report, reports).usage.total.calls, callsServed: planner.goals.length };
}

const COLUMNS: readonly (readonly [string, (approval: Approval) => Promise<Ran>])[] = [
  ['plan file', planFile],
  ['fused goal', fusedGoal],
  ['sub-plan child, level 1', (approval) => subplanChild(1, approval)],
  ['sub-plan child, level 2', (approval) => subplanChild(2, approval)],
];

const ROWS: readonly (readonly [string, (column: (approval: Approval) => Promise<Ran>) => Promise<void>])[] = [
  [
    'undo restores every change',
    async (column) => {
      const { workspace, state } = await ranAll(column);
      const result = await undoRun(workspace, state);
      assert.deepEqual(result.refused, []);
      assert.deepEqual(Object.fromEntries(workspace.files), ORIGINAL);
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
      const { status, workspace } = await column('reads');
      assert.equal(status, 'awaitingApproval');
      assert.deepEqual(Object.fromEntries(workspace.files), ORIGINAL);
    },
  ],
  [
    'usage.total counts every call the endpoint served',
    async (column) => {
      const { usageCalls, callsServed } = await ranAll(column);
      assert.equal(usageCalls, callsServed);
    },
  ],
  [
    'the journal replays to the same state',
    async (column) => {
      const { journal, state } = await ranAll(column);
      assert.deepEqual(runReport(await loadRunState(journal, () => undefined)), runReport(state));
    },
  ],
];

describe('guarantees × entry points', () => {
  for (const [row, check] of ROWS) {
    describe(row, () => {
      for (const [name, column] of COLUMNS) it(name, () => check(column));
    });
  }
});
