// A run the fused agent wrote says so in its journal (`runStarted.agent`), in its state and in its report,
// and resuming it as a plan run is refused with a message naming the run: its journal looks like a plan
// run's, and resuming it as one would run the agent's actions again as plan steps. A plan run, and a run
// `auto` escalated to a plan, still resume.
import * as assert from 'node:assert/strict';
import { AgentRunNotResumableError } from '../../../src/core/errors';
import { PlanRun } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { runReport } from '../../../src/core/run/runSummary';
import { DEFAULT_FUSED_OPTIONS, runFused } from '../../../src/core/fused/fusedRun';
import { runGoal } from '../../../src/core/fused/runGoal';
import type { WorkspaceSummary } from '../../../src/core/planner/workspaceSummary';
import { agentRunRefusal, assertResumable, isAgentRun } from '../../../src/core/run/agentRun';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { replayJournal } from '../../../src/core/run/runState';
import { MemoryWorkspace, ScriptedChatModel } from '../support/fakePorts';
import { fakeRunDeps, liveSignal, MemoryRecordLog, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { ScriptedAgent, type AgentTurn } from './scriptedAgent';

const SUMMARY: WorkspaceSummary = { tree: ['README.md'], fileCount: 1, openFiles: [] };
const WRITE_A = { id: 'E1', title: 'Write a.txt', tool: 'writeFile', args: { path: 'a.txt', content: 'a' }, postcondition: { kind: 'fileContains', path: 'a.txt', text: 'a' } };
const started = { type: 'runStarted', runId: 'r1', at: 1, plan: validPlan([WRITE_A]), options: DEFAULT_RUN_OPTIONS } as const;

/** A fused run whose agent wrote a.txt (approved), then asked to run a command the gate holds: it waits. */
async function waitingFusedRun(turns: readonly AgentTurn[] = [[['writeFile', { path: 'a.txt', content: 'a' }]], [['runCommand', { command: 'make deploy' }]]]) {
  const workspace = new MemoryWorkspace({ 'README.md': '# Demo\n' });
  const deps = fakeRunDeps({ workspace, approvals: new ScriptedApprovalGate({ F2: 'wait' }) });
  const outcome = await runFused({ runId: 'fused-7', goal: 'Deploy', summary: SUMMARY }, { ...deps, agentModel: new ScriptedAgent(turns) }, { ...DEFAULT_FUSED_OPTIONS, run: DEFAULT_RUN_OPTIONS }, liveSignal());
  return { workspace, deps, outcome };
}

describe('agentRunRefusal and assertResumable', () => {
  it('let a plan run through', () => {
    assert.equal(agentRunRefusal({ runId: 'r1' }), undefined);
    assert.equal(isAgentRun({ runId: 'r1' }), false);
    assert.doesNotThrow(() => assertResumable({ runId: 'r1' }));
  });

  it('refuse a fused agent run with a message naming the run and how to start the task again', () => {
    const message = agentRunRefusal({ runId: 'fused-7', agent: 'fused' });
    assert.ok(message);
    assert.match(message, /^run fused-7 is a fused agent run, and a fused agent run cannot be resumed as a plan: /);
    assert.match(message, /could repeat an action the agent already took/);
    assert.match(message, /Resume it with the agent \(planwright resume\), or start the task again \(planwright run --goal "…", or Plan a Task… in the editor\)\.$/);
    assert.throws(
      () => assertResumable({ runId: 'fused-7', agent: 'fused' }),
      (error: unknown) => error instanceof AgentRunNotResumableError && error.reason === 'agentRunNotResumable' && error.runId === 'fused-7' && error.message === message,
    );
  });

  it('let a fused run the agent handed to the planner through: it went on as a plan run', () => {
    assert.equal(agentRunRefusal({ runId: 'r1', agent: 'fused', escalated: true }), undefined);
    assert.doesNotThrow(() => assertResumable({ runId: 'r1', agent: 'fused', escalated: true }));
  });
});

describe('the design that wrote a run, in the journal', () => {
  it('is read back from runStarted as `fused`, and no other value is accepted', () => {
    assert.equal(JournalRecordSchema.parse({ ...started, agent: 'fused' }).type, 'runStarted');
    assert.equal(JournalRecordSchema.safeParse({ ...started, agent: 'split' }).success, false);
    assert.equal(JournalRecordSchema.safeParse({ ...started, agent: true }).success, false);
  });

  it('is carried into the run state and the report, and absent for a plan run', () => {
    const fused = replayJournal([JournalRecordSchema.parse({ ...started, agent: 'fused' })]);
    assert.equal(fused.agent, 'fused');
    assert.equal(runReport(fused).agent, 'fused');
    const planned = replayJournal([JournalRecordSchema.parse(started)]);
    assert.equal(planned.agent, undefined);
    assert.equal('agent' in runReport(planned), false);
  });

  it('is written by the fused loop in its runStarted record, and shown in its report', async () => {
    const { deps, outcome } = await waitingFusedRun();
    const records = (deps.journal as MemoryRecordLog).records as { type: string; agent?: string }[];
    assert.deepEqual(records.filter((record) => record.type === 'runStarted').map((record) => record.agent), ['fused']);
    assert.equal(outcome.status, 'awaitingApproval');
    assert.equal(outcome.state?.agent, 'fused');
    assert.equal(runReport(outcome.state!).agent, 'fused');
  });

  it('marks the revision an `auto` escalation writes, and that run resumes as a plan run', async () => {
    const workspace = new MemoryWorkspace({ 'README.md': '# Demo\n', 'old.txt': 'old\n' });
    const deleteOld = { id: 'E1', title: 'Delete old.txt', tool: 'deleteFile', args: { path: 'old.txt' }, postcondition: { kind: 'fileAbsent', path: 'old.txt' } };
    const deps = {
      ...fakeRunDeps({ workspace }),
      plannerModel: new ScriptedChatModel([JSON.stringify({ version: 1, goal: 'x', steps: [deleteOld] })]),
      agentModel: new ScriptedAgent([[['writeFile', { path: 'notes.md', content: 'n' }]], [['deleteFile', { path: 'old.txt' }]]]),
    };
    const result = await runGoal({ runId: 'auto-1', goal: 'Find out which notes are stale', summary: SUMMARY, mode: 'auto', options: runOptions() }, deps, liveSignal());
    assert.equal(result.status, 'succeeded');
    assert.deepEqual([result.report?.agent, result.report?.escalated], ['fused', true]);
    const revised = ((deps.journal as MemoryRecordLog).records as { type: string; escalated?: boolean }[]).filter((record) => record.type === 'revised');
    assert.deepEqual(revised.map((record) => record.escalated), [true]);
    const state = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual([state.agent, state.escalated], ['fused', true]);
    const resumed = await PlanRun.resume(deps);
    assert.equal(resumed.current.runId, 'auto-1');
  });
});

describe('PlanRun.resume', () => {
  it('refuses a fused agent run before anything runs or is journalled', async () => {
    const { deps } = await waitingFusedRun();
    const journal = deps.journal as MemoryRecordLog;
    const before = [...journal.lines];
    const resumed = PlanRun.resume({ ...deps, approvals: new ScriptedApprovalGate() });
    await assert.rejects(
      resumed,
      (error: unknown) => error instanceof AgentRunNotResumableError && error.runId === 'fused-7' && /cannot be resumed/.test(error.message),
    );
    assert.deepEqual(journal.lines, before);
  });

  it('refuses a fused agent run handed in as a loaded state too', async () => {
    const { deps, outcome } = await waitingFusedRun();
    await assert.rejects(PlanRun.resume(deps, {}, outcome.state), AgentRunNotResumableError);
  });

  it('still resumes a plan run from its journal: a step that waited runs once approved', async () => {
    const workspace = new MemoryWorkspace({});
    const journal = new MemoryRecordLog();
    const first = await PlanRun.start(validPlan([WRITE_A]), { runId: 'plan-1', options: { ...DEFAULT_RUN_OPTIONS } }, fakeRunDeps({ workspace, journal, approvals: new ScriptedApprovalGate({}, 'wait') }));
    assert.equal((await first.execute(liveSignal())).status, 'awaitingApproval');
    assert.equal(workspace.files.has('a.txt'), false);
    const resumed = await PlanRun.resume(fakeRunDeps({ workspace, journal }));
    const report = await resumed.execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    assert.equal(report.agent, undefined);
    assert.equal(workspace.files.get('a.txt'), 'a');
  });
});
