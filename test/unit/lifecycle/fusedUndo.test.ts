// Undoing a fused run: each call the agent made went through the same step life as a planned step, so
// its end records what it left in its files, and undo puts every change back and refuses a file edited since.
import * as assert from 'node:assert/strict';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { DEFAULT_FUSED_OPTIONS, runFused } from '../../../src/core/fused/fusedRun';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { undoRun } from '../../../src/core/undo/undoRun';
import { FakeClock, MemoryRecordLog, RecordingLogger, ScriptedApprovalGate } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { ScriptedAgent } from '../fused/scriptedAgent';

const ORIGINAL = { 'src/app.js': 'let a = 1;\n', 'notes.txt': 'notes\n' };

async function fusedRunOfThreeChanges() {
  const workspace = new MemoryWorkspace({ ...ORIGINAL });
  const agent = new ScriptedAgent([
    [['editFile', { path: 'src/app.js', edits: [{ find: 'let a = 1;', replace: 'let a = 2;' }] }]],
    [['writeFile', { path: 'added.txt', content: 'new\n' }]],
    [['deleteFile', { path: 'notes.txt' }]],
    'Done.',
  ]);
  const deps = { workspace, commands: { run: async () => ({ exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 1 }) }, clock: new FakeClock(), journal: new MemoryRecordLog(), trace: new MemoryRecordLog(), logger: new RecordingLogger(), approvals: new ScriptedApprovalGate(), agentModel: agent };
  const run = { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all' as const, approvedCommands: [] } };
  const outcome = await runFused({ runId: 'r1', goal: 'Three changes', summary: { tree: Object.keys(ORIGINAL), fileCount: 2, openFiles: [] } }, deps, { ...DEFAULT_FUSED_OPTIONS, run }, new AbortController().signal);
  assert.equal(outcome.status, 'succeeded');
  return { workspace, state: await loadRunState(deps.journal, () => undefined) };
}

describe('undo after a fused run', () => {
  it('puts back every file the agent edited, created or deleted', async () => {
    const { workspace, state } = await fusedRunOfThreeChanges();
    const result = await undoRun(workspace, state);
    assert.deepEqual(result.refused, []);
    assert.deepEqual([...result.restored].sort(), ['notes.txt', 'src/app.js']);
    assert.deepEqual(result.removed, ['added.txt']);
    assert.deepEqual(Object.fromEntries(workspace.files), ORIGINAL);
  });

  it('refuses a file edited since the run and puts back the others', async () => {
    const { workspace, state } = await fusedRunOfThreeChanges();
    workspace.files.set('src/app.js', 'let a = 3;\n');
    const result = await undoRun(workspace, state);
    assert.deepEqual(result.refused.map((entry) => entry.path), ['src/app.js']);
    assert.deepEqual(result.restored, ['notes.txt']);
    assert.deepEqual(result.removed, ['added.txt']);
  });
});
