// The goal's acceptance checks in the fused loop: an agent that answers before they hold is told which
// check fails and why, and goes on; the run never ends succeeded over a failing check.
import * as assert from 'node:assert/strict';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { DEFAULT_FUSED_OPTIONS, runFused, type FusedDeps } from '../../../src/core/fused/fusedRun';
import type { Check } from '../../../src/core/checks/checkSchema';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { MemoryWorkspace } from '../support/fakePorts';
import { FakeClock, MemoryRecordLog, RecordingLogger, ScriptedApprovalGate } from '../support/executorFakes';
import { ScriptedAgent, type AgentTurn } from './scriptedAgent';

const acceptance: Check[] = [{ kind: 'fileContains', path: 'README.md', text: '## Usage' }];

function start(turns: readonly AgentTurn[], maxTurns = 10) {
  const workspace = new MemoryWorkspace({ 'README.md': '# Demo\n\n## License\n' });
  const agent = new ScriptedAgent(turns);
  const deps: FusedDeps = { workspace, commands: { run: async () => ({ exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 1 }) }, clock: new FakeClock(), journal: new MemoryRecordLog(), trace: new MemoryRecordLog(), logger: new RecordingLogger(), approvals: new ScriptedApprovalGate(), agentModel: agent };
  const outcome = runFused({ runId: 'r', goal: 'Add a Usage section', summary: { tree: ['README.md'], fileCount: 1, openFiles: [] }, acceptance }, deps, { ...DEFAULT_FUSED_OPTIONS, maxTurns, run: { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all', approvedCommands: [] } } }, new AbortController().signal);
  return { outcome, agent, deps, workspace };
}

describe('fused acceptance checks', () => {
  it('tells an agent that stops early which check fails, and it finishes the goal', async () => {
    const { outcome, agent, deps, workspace } = start([
      [['readFile', { path: 'README.md' }]],
      'Done: the README has a Usage section.',
      [['editFile', { path: 'README.md', edits: [{ find: '## License', replace: '## Usage\n\nRun it.\n\n## License' }] }]],
      'Added the Usage section.',
    ]);
    const ended = await outcome;
    assert.equal(ended.status, 'succeeded');
    assert.equal(ended.answer, 'Added the Usage section.');
    assert.match(workspace.files.get('README.md')!, /## Usage/);
    const told = agent.requests[2]!.messages.at(-1)!;
    assert.equal(told.role, 'user');
    assert.match(told.content, /^Not done yet: the goal is not met: README\.md contains "## Usage": not found/);
    const state = await loadRunState(deps.journal, () => undefined);
    assert.ok(state.acceptance?.after?.results.every((result) => result.ok));
  });

  it('fails, not succeeds, when the turns run out with a check still failing', async () => {
    const { outcome } = start([[['readFile', { path: 'README.md' }]], 'Done.', 'Done, really.'], 3);
    const ended = await outcome;
    assert.equal(ended.status, 'failed');
    assert.match(ended.reason ?? '', /did not finish within 3 turns/);
  });
});
