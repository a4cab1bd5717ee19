// The ports of an editor run: with the models configured, `subplan` steps run as child runs journalled
// beside the run's own journal; without them, the run has no sub-plans and such a step says it cannot run.
// Resuming a fused agent's run is refused before the models are asked for.
import * as assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { HostSettings } from '../../../src/core/hostSettings';
import { encodeCompactPlan } from '../../../src/core/plan/compact/encodeCompactPlan';
import { AgentRunNotResumableError } from '../../../src/core/errors';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { replayJournal } from '../../../src/core/run/runState';
import { hostRunDeps, resumeHostRun } from '../../../src/vscode/run/hostRunDeps';
import type { RunHost } from '../../../src/vscode/run/runHost';
import { RunStorage } from '../../../src/vscode/run/runStorage';
import { FakeClock, liveSignal, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedChatModel, ScriptedCommandRunner } from '../support/fakePorts';
import { subplanStep, writeStep } from '../support/subplanFakes';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function fakeHost(workspace: MemoryWorkspace, storage: RunStorage): RunHost {
  return {
    ports: () => ({ workspace, commands: new ScriptedCommandRunner(() => ({})) }),
    settings: () => ({ projectRules: false }) as HostSettings,
    log: quiet,
    storage,
    approvals: new ScriptedApprovalGate({}),
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

  it('refuses to resume a fused agent run, without asking for the models or building its ports', async () => {
    let asked = 0;
    const models = async () => {
      asked++;
      return undefined;
    };
    const host = { ...fakeHost(new MemoryWorkspace({}), new RunStorage('/runs')), models } as unknown as RunHost;
    const state = replayJournal([JournalRecordSchema.parse({ type: 'runStarted', runId: 'fused-3', at: 1, plan: validPlan([writeStep('F1', 'a.txt', 'a')]), options: runOptions(), agent: 'fused' })]);
    let built = 0;
    await assert.rejects(
      resumeHostRun(host, state, () => {
        built++;
        return {} as never;
      }),
      (error: unknown) => error instanceof AgentRunNotResumableError && error.runId === 'fused-3',
    );
    assert.deepEqual([asked, built], [0, 0]);
  });

  it('leaves sub-plans out without the models', () => {
    const storage = new RunStorage('/runs');
    const deps = hostRunDeps(fakeHost(new MemoryWorkspace({}), storage), {} as never, storage.open('r'), undefined, runOptions(), () => undefined);
    assert.equal(deps.subplans, undefined);
  });
});
