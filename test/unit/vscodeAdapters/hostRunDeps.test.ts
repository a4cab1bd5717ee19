// The ports of an editor run: with the models configured, `subplan` steps run as child runs journalled
// beside the run's own journal; without them, the run has no sub-plans and such a step says it cannot run.
// A fused agent's run resumes with the agent, which needs the models: without them nothing is built.
import * as assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { PlanRun } from '../../../src/core/executor/planRun';
import { defaultHostSettings, type HostSettings } from '../../../src/core/hostSettings';
import { encodeCompactPlan } from '../../../src/core/plan/compact/encodeCompactPlan';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { DEFAULT_FUSED_OPTIONS, runFused } from '../../../src/core/fused/fusedRun';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { replayJournal } from '../../../src/core/run/runState';
import { hostRunDeps, resumeHostRun } from '../../../src/vscode/run/hostRunDeps';
import type { RunHost } from '../../../src/vscode/run/runHost';
import { RunStorage } from '../../../src/vscode/run/runStorage';
import { FakeClock, liveSignal, MemoryRecordLog, RecordingLogger, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { ScriptedAgent } from '../fused/scriptedAgent';
import { MemoryWorkspace, ScriptedChatModel, ScriptedCommandRunner } from '../support/fakePorts';
import { subplanStep, writeStep } from '../support/subplanFakes';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function fakeHost(workspace: MemoryWorkspace, storage: RunStorage): RunHost {
  return {
    ports: () => ({ workspace, commands: new ScriptedCommandRunner(() => ({})) }),
    settings: (): HostSettings => ({ ...defaultHostSettings(), projectRules: false }),
    log: quiet,
    storage,
    // Each run asks through its own gate (PendingApprovals.gateOf).
    approvals: { gateOf: () => new ScriptedApprovalGate({}) },
  } as unknown as RunHost;
}

describe('hostRunDeps', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await removeTempDir(dir);
    dir = undefined;
  });

  it('runs a subplan step with the planner model, the child journalled beside the run', async () => {
    dir = await makeTempDir();
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
    const storage = new RunStorage(dir);
    const files = storage.open('20260101-000000-aaaa');
    const planner = new ScriptedChatModel([encodeCompactPlan(validPlan([writeStep('E1', 'src/a.ts', 'newApi()')]).steps)]);
    const deps = hostRunDeps(fakeHost(workspace, storage), {} as never, files, { planner, worker: new ScriptedChatModel([]) }, runOptions(), () => undefined);
    const plan = validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], { kind: 'fileContains', path: 'src/a.ts', text: 'newApi' })]);
    const run = await PlanRun.start(plan, { runId: files.runId, options: runOptions() }, { ...deps, clock: new FakeClock() });
    const report = await run.execute(liveSignal());
    await Promise.all([files.journal.close(), files.trace.close()]);

    assert.equal(report.status, 'succeeded');
    assert.equal(planner.requests.length, 1);
    assert.ok((await readdir(dir)).some((name) => /^20260101-000000-aaaa\.E1-[0-9a-f]{8}\.journal\.jsonl$/.test(name)));
    assert.equal(await storage.latest(), files.runId);
  });

  it('resumes a fused agent run with the agent: the step that waited runs once approved, and the agent takes its next turn', async () => {
    const workspace = new MemoryWorkspace({});
    const journal = new MemoryRecordLog();
    const ports = (approvals: ScriptedApprovalGate) => ({ workspace, commands: new ScriptedCommandRunner(() => ({})), clock: new FakeClock(), journal, trace: new MemoryRecordLog(), logger: new RecordingLogger(), approvals });
    const summary = { tree: [], fileCount: 0, openFiles: [] };
    const readsOnly = runOptions({ approval: { autoApprove: 'readOnly', approvedCommands: [] } });
    const first = new ScriptedAgent([[['writeFile', { path: 'a.txt', content: 'a' }]]]);
    const stopped = await runFused({ runId: 'fused-3', goal: 'Write a', summary }, { ...ports(new ScriptedApprovalGate({}, 'wait')), agentModel: first }, { ...DEFAULT_FUSED_OPTIONS, run: readsOnly }, liveSignal());
    assert.equal(stopped.status, 'awaitingApproval');
    const state = await loadRunState(journal, () => undefined);
    const agent = new ScriptedAgent(['Done.']);
    const host = { ...fakeHost(workspace, new RunStorage('/runs')), models: async () => ({ planner: new ScriptedChatModel([]), worker: agent }) } as unknown as RunHost;
    const resumed = await resumeHostRun(host, state, () => ports(new ScriptedApprovalGate({}, 'approved')));
    const outcome = await resumed.execute(liveSignal());
    assert.equal(outcome.status, 'succeeded');
    assert.equal(workspace.files.get('a.txt'), 'a');
    assert.equal(agent.requests.length, 1, 'the agent took its next turn');
  });

  it('asks for the models before resuming a fused agent run, building no ports without them', async () => {
    const host = { ...fakeHost(new MemoryWorkspace({}), new RunStorage('/runs')), models: async () => Promise.reject(new Error('no model configured')) } as unknown as RunHost;
    const state = replayJournal([JournalRecordSchema.parse({ type: 'runStarted', runId: 'fused-3', at: 1, plan: validPlan([writeStep('F1', 'a.txt', 'a')]), options: runOptions(), agent: 'fused' })]);
    let built = 0;
    await assert.rejects(
      resumeHostRun(host, state, () => {
        built++;
        return {} as never;
      }),
      /no model configured/,
    );
    assert.equal(built, 0);
  });

  it('leaves sub-plans out without the models', () => {
    const storage = new RunStorage('/runs');
    const deps = hostRunDeps(fakeHost(new MemoryWorkspace({}), storage), {} as never, storage.open('r'), undefined, runOptions(), () => undefined);
    assert.equal(deps.subplans, undefined);
  });
});
