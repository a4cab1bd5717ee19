// Resuming a fused agent's run in the editor, inside a real extension host with a scripted OpenAI-compatible
// model on 127.0.0.1: the agent's write waits for approval, then the run is cancelled, or the window goes away
// mid-goal. A cancelled fused run is as final as one that ended: Run Plan, and the prompt shown once a reload has
// restored it (offerResume), run nothing (no report, no model call, the journal byte for byte as it was). A run
// that stopped mid-goal resumes with the agent through Run Plan, as `planwright resume` does: the write waits
// again, runs once approved, and the agent takes its next turn in the same run.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../../src/core/door/doorReport';
import type { RunStatus } from '../../../src/core/run/journalRecords';
import { COMMANDS } from '../../../src/vscode/ids';
import { offerResume } from '../../../src/vscode/run/runCommands';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { planwright, readText, setUserSetting, until, workspaceUri } from './support';

const SETTINGS = ['baseUrl', 'plannerModel', 'workerModel', 'autoApprove', 'mode'];
const FILE = 'fused-resume.md';

const call = (name: string, args: unknown) => ({ id: `call_${name}`, name, arguments: JSON.stringify(args) });

/** What a run that ran nothing leaves as it was: the journal's bytes and the model's request count. */
interface Untouched {
  readonly journalPath: string;
  readonly journal: Buffer;
  readonly requests: number;
}

describe('Resuming a fused agent run in VS Code', function () {
  this.timeout(120_000);
  let server: ScriptedModelServer;
  let agentTurns: ScriptedReply[] = [];
  let log: vscode.LogOutputChannel;

  before(async () => {
    server = await ScriptedModelServer.start(() => agentTurns.shift() ?? { content: 'Done.', usage: null });
    log = vscode.window.createOutputChannel('Planwright fused resume test', { log: true });
    await setUserSetting('baseUrl', server.baseUrl);
    await setUserSetting('plannerModel', 'scripted-planner');
    await setUserSetting('workerModel', 'scripted-agent');
    await setUserSetting('autoApprove', 'readOnly');
    await setUserSetting('mode', 'fused');
  });

  after(async () => {
    for (const key of SETTINGS) await setUserSetting(key, undefined);
    await Promise.resolve(vscode.workspace.fs.delete(workspaceUri(FILE))).catch(() => undefined);
    log?.dispose();
    await server?.close();
  });

  /** Plans the goal in fused mode: the agent reads the README, then its write of FILE waits for approval as F2. */
  async function fusedRunWaiting(): Promise<{ running: Promise<RunOutcome | false | undefined>; journalPath: string }> {
    const { session } = await planwright();
    agentTurns = [
      { toolCalls: [call('readFile', { path: 'README.md' })], usage: null },
      { toolCalls: [call('writeFile', { path: FILE, content: 'Written by the agent.\n' })], usage: null },
    ];
    const running = Promise.resolve(vscode.commands.executeCommand<RunOutcome | false | undefined>(COMMANDS.planTask, 'Write resume notes'));
    await until('F2 to wait for approval', () => session.approvals.get('F2'), 30_000);
    const journalPath = session.runs.runFiles?.journalPath;
    assert.ok(journalPath, 'the agent run has a journal');
    return { running, journalPath };
  }

  function snapshot(journalPath: string): Untouched {
    return { journalPath, journal: readFileSync(journalPath), requests: server.requests.length };
  }

  /** Asserts that nothing ran since `before`, and that the run is still fused agent run `runId` in `status`. */
  async function assertNothingRan(before: Untouched, runId: string, status: RunStatus): Promise<void> {
    const { session } = await planwright();
    assert.equal(server.requests.length, before.requests, 'the model was not asked again');
    assert.ok(readFileSync(before.journalPath).equals(before.journal), 'the journal is byte for byte as it was');
    await assert.rejects(readText(FILE), 'the agent\'s write never happened');
    assert.equal(session.runs.executing, false);
    assert.deepEqual(session.approvals.all(), [], 'no step waits for approval');
    const state = session.runs.state;
    assert.deepEqual([state?.runId, state?.agent, state?.status], [runId, 'fused', status]);
  }

  /** Run Plan on the open (fused) plan: the plan is one that could run, yet the command runs nothing. */
  async function assertRunPlanRunsNothing(runId: string, status: RunStatus): Promise<void> {
    const { session } = await planwright();
    assert.equal(session.validPlan().ok, true, 'the plan itself could run, so only the refusal stops it');
    const before = snapshot(session.runs.runFiles!.journalPath);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.runPlan), undefined, 'Run Plan resolves without a report');
    await assertNothingRan(before, runId, status);
  }

  it('cancelled: Run Plan runs nothing, before and after a reload restores the run', async () => {
    const { session } = await planwright();
    const { running, journalPath } = await fusedRunWaiting();
    assert.equal(await vscode.commands.executeCommand(COMMANDS.cancelRun), true);
    await running;
    const runId = session.runs.state?.runId;
    assert.ok(runId);
    assert.deepEqual([session.runs.state?.agent, session.runs.state?.status], ['fused', 'cancelled']);
    await assertRunPlanRunsNothing(runId, 'cancelled');

    const cancelled = session.runs.state;
    const before = snapshot(journalPath);
    await offerResume(session, log);
    assert.notEqual(session.runs.state, cancelled, 'the run was restored from its journal');
    await assertNothingRan(before, runId, 'cancelled');
    await assertRunPlanRunsNothing(runId, 'cancelled');
  });

  it('stopped mid-goal: after a reload, Run Plan resumes it with the agent, the write runs once approved', async () => {
    const { session } = await planwright();
    const { running, journalPath } = await fusedRunWaiting();
    // The journal as a window that goes away while the write waits leaves it: F2 journalled as waiting.
    const waiting = await until('the journal to record F2 waiting', () => {
      const text = readFileSync(journalPath, 'utf8');
      return text.split('\n').some((line) => line.includes('"stepId":"F2"') && line.includes('"to":"awaitingApproval"')) && text;
    });
    assert.equal(await vscode.commands.executeCommand(COMMANDS.cancelRun), true);
    await running;
    const runId = session.runs.state?.runId;
    assert.ok(runId);
    writeFileSync(journalPath, waiting);

    const restored = await session.runs.restore();
    assert.ok(restored && restored.status !== 'cancelled' && session.runs.resumable, 'the run was restored as stopped before its end');
    assert.equal(restored.steps.get('F2')?.status, 'awaitingApproval');
    const served = server.requests.length;
    const resumed = Promise.resolve(vscode.commands.executeCommand<Record<string, unknown> | undefined>(COMMANDS.runPlan));
    await until('F2 to wait for approval again', () => session.approvals.get('F2'), 30_000);
    assert.equal(session.approvals.answer('F2', 'approved'), true);
    const report = await resumed;
    assert.deepEqual([report?.runId, report?.mode, report?.status], [runId, 'fused', 'succeeded'], JSON.stringify(report));
    assert.equal(await readText(FILE), 'Written by the agent.\n');
    assert.equal(server.requests.length, served + 1, 'the agent took one more turn');
    assert.equal(report?.journal, journalPath, 'the report names the run\'s journal');
  });
});
