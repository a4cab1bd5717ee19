// A fused agent that calls again an effect whose outcome was unknown (a deploy that timed out) does not get it
// run again on its own say, whatever auto-approve allows: the repeat waits for the user, the question naming
// the step it repeats and the risk, and only the user's approval runs it. A call with another effect runs.
import * as assert from 'node:assert/strict';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { DEFAULT_FUSED_OPTIONS, runFused } from '../../../src/core/fused/fusedRun';
import type { WorkspaceSummary } from '../../../src/core/planner/workspaceSummary';
import type { ApprovalAnswer, CommandRequest } from '../../../src/core/ports';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { FakeClock, MemoryRecordLog, RecordingLogger, ScriptedApprovalGate } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { ScriptedAgent, type AgentTurn } from './scriptedAgent';

const SUMMARY: WorkspaceSummary = { tree: ['README.md'], fileCount: 1, openFiles: [] };
const RISK = /^2 .+ repeats the effect of 1 .+, which ended unknown: it may already have happened, and running this step may repeat it/;

async function run(turns: readonly AgentTurn[], fallback: ApprovalAnswer) {
  const ran: CommandRequest[] = [];
  const commands = {
    run: async (request: CommandRequest) => {
      ran.push(request);
      // The first deploy times out: whether it deployed is unknown.
      return ran.length === 1 ? { exitCode: null, output: '', truncated: false, timedOut: true, cancelled: false, durationMs: 1 } : { exitCode: 0, output: 'ok', truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
    },
  };
  const approvals = new ScriptedApprovalGate({}, fallback);
  const deps = { workspace: new MemoryWorkspace({ 'README.md': '# Demo\n' }), commands, clock: new FakeClock(), journal: new MemoryRecordLog(), trace: new MemoryRecordLog(), logger: new RecordingLogger(), approvals, agentModel: new ScriptedAgent(turns) };
  const options = { ...DEFAULT_FUSED_OPTIONS, run: { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all' as const, approvedCommands: [] } } };
  const outcome = await runFused({ runId: 'r1', goal: 'Deploy', summary: SUMMARY }, deps, options, new AbortController().signal);
  return { outcome, ran, approvals, state: await loadRunState(deps.journal, () => undefined) };
}

const deploy = (cwd?: string): AgentTurn => [['runCommand', { command: 'deploy --prod', ...(cwd ? { cwd } : {}) }]];

describe('runFused: a call that repeats an effect that ended unknown', () => {
  it('asks the user under auto-approve "all", naming the risk, and runs nothing when the user does not approve', async () => {
    const { ran, approvals, state } = await run([deploy(), deploy(), 'Deployed.'], 'rejected');
    assert.equal(ran.length, 1, 'the deploy ran once');
    assert.deepEqual(approvals.requests.map((request) => request.stepId), ['F2']);
    assert.match(approvals.requests[0]!.reason, RISK);
    assert.match(state.steps.get('F2')?.rerunRisk ?? '', RISK, 'the journal keeps the risk, so a replay asks too');
  });

  it('runs the repeat once the user approves it', async () => {
    const { ran, approvals } = await run([deploy(), deploy(), 'Deployed.'], 'approved');
    assert.equal(ran.length, 2);
    assert.equal(approvals.requests.length, 1);
  });

  it('runs a call with another effect without asking', async () => {
    const { ran, approvals } = await run([deploy(), [['runCommand', { command: 'deploy --status' }]], 'Checked.'], 'rejected');
    assert.equal(ran.length, 2);
    assert.deepEqual(approvals.requests, []);
  });
});
