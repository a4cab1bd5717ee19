// A goal in each mode: split plans then runs; fused acts; auto escalates (at once, or mid-run before a
// deletion) and the same run continues as a planned one with the fused steps kept as done. One test goes
// through the real openai client to the scripted server: native tool calls out, tool messages back.
import * as assert from 'node:assert/strict';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../../../src/core/run/runOptions';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { goalAfterEscalation, runGoal, type GoalDeps } from '../../../src/core/fused/runGoal';
import type { RunMode } from '../../../src/core/run/runMode';
import type { WorkspaceSummary } from '../../../src/core/planner/workspaceSummary';
import { OpenAiChatModel } from '../../../src/node/openAiChatModel';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { MemoryWorkspace, ScriptedChatModel } from '../support/fakePorts';
import { FakeClock, MemoryRecordLog, RecordingLogger, ScriptedApprovalGate, traceEvents } from '../support/executorFakes';
import { ScriptedAgent, type AgentTurn } from './scriptedAgent';

const SUMMARY: WorkspaceSummary = { tree: ['README.md', 'old.txt'], fileCount: 2, openFiles: [] };
const ALL: RunOptions = { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all', approvedCommands: [] } };
const WRITE_NOTES = { id: 'E1', title: 'Write notes', tool: 'writeFile', args: { path: 'notes.md', content: 'n' }, postcondition: { kind: 'fileExists', path: 'notes.md' } };
const DELETE_OLD = { id: 'E1', title: 'Delete old.txt', tool: 'deleteFile', args: { path: 'old.txt' }, postcondition: { kind: 'fileAbsent', path: 'old.txt' } };

function setup(agentTurns: readonly AgentTurn[], plans: readonly unknown[]) {
  const workspace = new MemoryWorkspace({ 'README.md': '# Demo\n', 'old.txt': 'old\n' });
  const planner = new ScriptedChatModel(plans.map((plan) => JSON.stringify(plan)));
  const deps: GoalDeps = {
    workspace,
    commands: { run: async () => ({ exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 1 }) },
    clock: new FakeClock(),
    journal: new MemoryRecordLog(),
    trace: new MemoryRecordLog(),
    logger: new RecordingLogger(),
    approvals: new ScriptedApprovalGate(),
    plannerModel: planner,
    agentModel: new ScriptedAgent(agentTurns),
  };
  return { workspace, planner, deps };
}

const goal = (mode: RunMode, deps: GoalDeps, text = 'Tidy up') => runGoal({ runId: 'r1', goal: text, summary: SUMMARY, mode, options: ALL }, deps, new AbortController().signal);
/** A goal `auto` gives to the fused loop: it asks to find something out. */
const INQUIRY = 'Find out which notes are stale';

describe('runGoal', () => {
  it('split: plans, then runs the plan, with the planner call in the plan phase', async () => {
    const { workspace, deps } = setup([], [{ version: 1, goal: 'Tidy up', steps: [WRITE_NOTES] }]);
    const result = await goal('split', deps);
    assert.equal(result.status, 'succeeded');
    assert.equal(result.turns, 0);
    assert.ok(workspace.files.has('notes.md'));
    assert.equal(result.report!.usage.plan.calls, 1);
  });

  it('fused: acts without a planner', async () => {
    const { planner, deps } = setup([[['writeFile', { path: 'notes.md', content: 'n' }]], 'Wrote notes.'], []);
    const result = await goal('fused', deps);
    assert.deepEqual([result.status, result.answer, result.turns], ['succeeded', 'Wrote notes.', 2]);
    assert.equal(planner.requests.length, 0);
    assert.equal(result.report!.usage.execute.calls, 2);
  });

  it('auto: plans a goal that asks for changes up front, and traces why', async () => {
    const { planner, deps } = setup([], [{ version: 1, goal: 'Tidy up', steps: [WRITE_NOTES] }]);
    const result = await goal('auto', deps, 'Write notes.md and delete old.txt');
    assert.equal(result.status, 'succeeded');
    assert.equal(result.design?.design, 'split');
    assert.equal(result.escalation, undefined);
    assert.equal(planner.requests.length, 1);
    const decisions = (await traceEvents(deps.trace)).flatMap((event) => (event.type === 'decision' && event.decision === 'design' ? [event.reason] : []));
    assert.deepEqual(decisions, [result.design!.reason]);
    assert.match(result.design!.reason, /^split: it deletes something/);
  });

  it('auto: gives a goal that asks to find something out to the fused loop', async () => {
    const { planner, deps } = setup([[['readFile', { path: 'README.md' }]], 'Nothing is stale.'], []);
    const result = await goal('auto', deps, INQUIRY);
    assert.deepEqual([result.status, result.design?.design, result.answer], ['succeeded', 'fused', 'Nothing is stale.']);
    assert.equal(planner.requests.length, 0);
  });

  it('auto: escalates at once when the agent calls make_plan, and runs the plan with that turn counted as planning', async () => {
    const { deps } = setup([[['make_plan', { reason: 'it deletes a file' }]]], [{ version: 1, goal: 'Tidy up', steps: [DELETE_OLD] }]);
    const result = await goal('auto', deps, INQUIRY);
    assert.equal(result.status, 'succeeded');
    assert.equal(result.escalation, 'the agent asked for a plan: it deletes a file');
    assert.deepEqual(result.report!.steps.map((step) => step.id), ['E1']);
    assert.equal(result.report!.usage.plan.calls, 2);
  });

  it('auto: escalates mid-run before a deletion; the planner hears what is done, and the same run continues as its next revision', async () => {
    const { workspace, planner, deps } = setup([[['writeFile', { path: 'notes.md', content: 'n' }]], [['deleteFile', { path: 'old.txt' }]]], [{ version: 1, goal: 'x', steps: [DELETE_OLD] }]);
    const result = await goal('auto', deps, INQUIRY);
    assert.equal(result.status, 'succeeded');
    assert.match(result.escalation!, /deleteFile/);
    assert.match(planner.requests[0]!.messages.at(-1)!.content, /Already done \(these steps succeeded; plan only what is left\):\n- F1 writeFile notes.md/);
    assert.ok(!workspace.files.has('old.txt'));
    assert.deepEqual(result.report!.steps.map((step) => [step.id, step.status]), [['F1', 'succeeded'], ['E1', 'succeeded']]);
    assert.equal(result.report!.revision, 2);
    const state = await loadRunState(deps.journal, () => undefined);
    assert.equal(state.plan.goal, INQUIRY);
    const decisions = (await traceEvents(deps.trace)).filter((event) => event.type === 'decision' && event.decision === 'escalate');
    assert.equal(decisions.length, 1);
  });

  it('leaves the goal as it is when nothing was done before the escalation', () => {
    assert.equal(goalAfterEscalation('Tidy up', undefined), 'Tidy up');
  });

  describe('through the openai client', () => {
    let server: ScriptedModelServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('sends native tools, reads tool calls back, and answers them with tool messages', async () => {
      server = await ScriptedModelServer.start((_body, index) =>
        index === 0
          ? { toolCalls: [{ id: 'call_a', name: 'writeFile', arguments: JSON.stringify({ path: 'notes.md', content: 'n' }) }], usage: null }
          : { content: 'Wrote notes.md.', usage: null },
      );
      const { workspace, deps } = setup([], []);
      const agent = new OpenAiChatModel({ baseUrl: server.baseUrl, workerModel: 'agent-model' });
      const result = await goal('fused', { ...deps, agentModel: agent });
      assert.equal(result.status, 'succeeded');
      assert.equal(workspace.files.get('notes.md'), 'n');
      const [first, second] = server.requests.map((request) => request.body);
      assert.equal(first.model, 'agent-model');
      assert.ok(first.tools.some((tool: any) => tool.type === 'function' && tool.function.name === 'editFile' && tool.function.parameters.properties.edits));
      assert.deepEqual(second.messages.at(-2).tool_calls.map((call: any) => call.function.name), ['writeFile']);
      assert.deepEqual([second.messages.at(-1).role, second.messages.at(-1).tool_call_id], ['tool', 'call_a']);
      const usage = result.report!.usage.execute;
      assert.equal(usage.calls, 2);
      assert.ok(usage.estimated && usage.promptTokens > 1000, `prompt tokens ${usage.promptTokens}`);
    });
  });
});
