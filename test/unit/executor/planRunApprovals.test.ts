// Approvals in a run: the settings decide what runs on its own, `wait` leaves the run waiting with the
// steps listed, `rejected` skips the step and invalidates what depends on it, and a resumed run asks
// again about what still waits.
import * as assert from 'node:assert/strict';
import { requestApproval } from '../../../src/core/executor/approvalFlow';
import { approvalKey } from '../../../src/core/executor/approvalPolicy';
import { PlanRun } from '../../../src/core/executor/planRun';
import { RunRecorder } from '../../../src/core/executor/runRecorder';
import { FakeClock, fakeRunDeps, liveSignal, MemoryRecordLog, runOptions, ScriptedApprovalGate, stepRecords, traceEvents, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const PLAN = validPlan([
  { id: 'R1', title: 'read', tool: 'readFile', args: { path: 'a.txt' } },
  { id: 'W1', title: 'write', tool: 'writeFile', args: { path: 'b.txt', content: 'b' }, dependsOn: ['R1'], postcondition: { kind: 'fileExists', path: 'b.txt' } },
  { id: 'C1', title: 'test', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['W1'], postcondition: { kind: 'exitCode', equals: 0 } },
]);

function setUp(gate: ScriptedApprovalGate, autoApprove: 'none' | 'readOnly' | 'all' = 'readOnly') {
  const commands = new ScriptedCommandRunner(() => ({ exitCode: 0 }));
  const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'a.txt': 'a' }), commands, approvals: gate });
  const options = runOptions({ approval: { autoApprove, approvedCommands: [] } });
  return { deps, commands, options };
}

describe('PlanRun approvals', () => {
  it('runs read-only steps on their own under readOnly and asks about the rest', async () => {
    const gate = new ScriptedApprovalGate();
    const { deps, options } = setUp(gate);
    const report = await (await PlanRun.start(PLAN, { runId: 'r', options }, deps)).execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(gate.requests.map((request) => request.stepId), ['W1', 'C1']);
    const write = gate.requests[0];
    assert.deepEqual(write.preview, { kind: 'fileChanges', changes: [{ path: 'b.txt', before: null, after: 'b' }] });
    assert.deepEqual(gate.requests[1].preview, { kind: 'command', command: 'npm test', cwd: '.' });
  });

  it('asks about every step under none', async () => {
    const gate = new ScriptedApprovalGate();
    const { deps, options } = setUp(gate, 'none');
    await (await PlanRun.start(PLAN, { runId: 'r', options }, deps)).execute(liveSignal());
    assert.deepEqual(gate.requests.map((request) => request.stepId), ['R1', 'W1', 'C1']);
  });

  it('wait: the run stops as awaitingApproval and lists the waiting step by number and title; nothing after it runs', async () => {
    const gate = new ScriptedApprovalGate({ W1: 'wait' });
    const { deps, options, commands } = setUp(gate);
    const report = await (await PlanRun.start(PLAN, { runId: 'r', options }, deps)).execute(liveSignal());
    assert.equal(report.status, 'awaitingApproval');
    assert.deepEqual(report.waitingForApproval, ['W1']);
    assert.equal(report.reason, 'waiting for approval: 2 write', 'the reason names the step as the tree numbers it');
    assert.deepEqual(
      report.steps.map((step) => step.status),
      ['succeeded', 'awaitingApproval', 'pending'],
    );
    assert.equal(commands.requests.length, 0);
  });

  it('a resumed run asks again about a waiting step and goes on once it is approved', async () => {
    const { deps, options, commands } = setUp(new ScriptedApprovalGate({ W1: 'wait' }));
    await (await PlanRun.start(PLAN, { runId: 'r', options }, deps)).execute(liveSignal());
    const later = new ScriptedApprovalGate();
    const report = await (await PlanRun.resume({ ...deps, approvals: later })).execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(later.requests.map((request) => request.stepId), ['W1', 'C1']);
    assert.equal(commands.requests.length, 1);
    assert.equal(report.steps.find((step) => step.id === 'R1')?.attempts, 1);
  });

  it('rejected: the step is skipped and every step depending on it is invalidated', async () => {
    const gate = new ScriptedApprovalGate({ W1: 'rejected' });
    const { deps, options, commands } = setUp(gate);
    const report = await (await PlanRun.start(PLAN, { runId: 'r', options }, deps)).execute(liveSignal());
    assert.deepEqual(
      report.steps.map((step) => `${step.id}:${step.status}`),
      ['R1:succeeded', 'W1:skipped', 'C1:invalidated'],
    );
    assert.equal(report.status, 'needsReplan');
    assert.equal(commands.requests.length, 0);
    const records = await stepRecords(deps.journal);
    assert.equal(records.find((record) => record.stepId === 'C1')?.reason, 'depends on 2 write, which was skipped');
  });

  it('traces every approval decision with its reason', async () => {
    const { deps, options } = setUp(new ScriptedApprovalGate({ C1: 'wait' }));
    await (await PlanRun.start(PLAN, { runId: 'r', options }, deps)).execute(liveSignal());
    const decisions = (await traceEvents(deps.trace)).filter((event) => event.type === 'decision' && event.decision !== 'succeed');
    assert.deepEqual(
      decisions.map((event) => event.type === 'decision' && `${event.stepId} ${event.decision}: ${event.reason}`),
      [
        'R1 approve: allowed by the approval settings',
        'W1 askApproval: writeFile changes the workspace',
        'W1 approve: approved by the user',
        'C1 askApproval: commands run only after approval unless listed exactly in planwright.approvedCommands',
        'C1 wait: no answer yet: the step waits for approval',
      ],
    );
  });

  it('runs a command listed exactly in approvedCommands without asking', async () => {
    const gate = new ScriptedApprovalGate();
    const { deps } = setUp(gate);
    const options = runOptions({ approval: { autoApprove: 'readOnlyAndIdempotentFileEdits', approvedCommands: ['npm test'] } });
    const report = await (await PlanRun.start(PLAN, { runId: 'r', options }, deps)).execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(gate.requests, []);
  });

  describe('the approval key', () => {
    const step = { id: 'W1', title: 'write', tool: 'writeFile', args: { path: 'b.txt', content: 'new' }, postcondition: { kind: 'fileExists', path: 'b.txt' } };

    /** A run whose W1 was approved for `approvedArgs`, then reset (as after an edit), and asked about again. */
    async function askAfterApprovalOf(approvedArgs: Record<string, unknown>) {
      const plan = validPlan([step]);
      const recorder = await RunRecorder.begin(
        { type: 'runStarted', runId: 'key', at: 1, plan, options: runOptions() },
        { journal: new MemoryRecordLog(), trace: new MemoryRecordLog(), clock: new FakeClock() },
      );
      await recorder.step('W1', 'approve', { approvedKey: approvalKey('writeFile', approvedArgs) });
      await recorder.step('W1', 'reset', { reason: 'the step was edited' });
      const gate = new ScriptedApprovalGate({ W1: 'wait' });
      const settings = { autoApprove: 'readOnly' as const, approvedCommands: [] };
      const question = await requestApproval(plan.steps[0], { recorder, gate, workspace: new MemoryWorkspace(), settings, invalidateDependents: async () => undefined }, liveSignal());
      await question?.answered;
      return { gate, status: recorder.current.steps.get('W1')?.status };
    }

    it('is void once the arguments differ from what was approved: the user is asked again', async () => {
      const { gate, status } = await askAfterApprovalOf({ path: 'b.txt', content: 'old' });
      assert.deepEqual(gate.requests.map((request) => request.stepId), ['W1']);
      assert.equal(status, 'awaitingApproval');
    });

    it('still holds for exactly the same arguments, in any key order', async () => {
      const { gate, status } = await askAfterApprovalOf({ content: 'new', path: 'b.txt' });
      assert.deepEqual(gate.requests, []);
      assert.equal(status, 'approved');
    });
  });
});
