// The fused loop over fake ports: each call becomes a journalled step with an intent before it, failures
// and checks come back to the agent as tool messages, the same approval flow and retry policy apply, and
// auto mode escalates when the agent asks or the rule says so.
import * as assert from 'node:assert/strict';
import type { RunOptions } from '../../../src/core/run/runOptions';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { DEFAULT_FUSED_OPTIONS, runFused, type FusedDeps, type FusedOptions } from '../../../src/core/fused/fusedRun';
import type { WorkspaceSummary } from '../../../src/core/planner/workspaceSummary';
import type { ApprovalAnswer } from '../../../src/core/ports';
import { MemoryWorkspace } from '../support/fakePorts';
import { ScriptedAgent, type AgentTurn } from './scriptedAgent';
import { FakeClock, MemoryRecordLog, RecordingLogger, ScriptedApprovalGate, traceEvents } from '../support/executorFakes';

const SUMMARY: WorkspaceSummary = { tree: ['README.md'], fileCount: 1, openFiles: [] };
const ALL: RunOptions = { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all', approvedCommands: [] } };

function setup(turns: readonly AgentTurn[], parts: Partial<FusedDeps> = {}) {
  const workspace = new MemoryWorkspace({ 'README.md': '# Demo\n\n## License\n\nMIT\n', 'config.json': '{\n  "port": 8080\n}\n' });
  const agent = new ScriptedAgent(turns);
  const deps = { workspace, commands: { run: async () => ({ exitCode: 0, output: 'ok', truncated: false, timedOut: false, cancelled: false, durationMs: 1 }) }, clock: new FakeClock(), journal: new MemoryRecordLog(), trace: new MemoryRecordLog(), logger: new RecordingLogger(), approvals: new ScriptedApprovalGate(), agentModel: agent, ...parts };
  return { workspace, agent, deps };
}

const run = (deps: FusedDeps, options: Partial<FusedOptions> = {}) => runFused({ runId: 'r1', goal: 'Add a section', summary: SUMMARY }, deps, { ...DEFAULT_FUSED_OPTIONS, run: ALL, ...options }, new AbortController().signal);

describe('runFused', () => {
  it('turns each call into a journalled step with an intent before it, and ends with the agent\'s answer', async () => {
    const { workspace, agent, deps } = setup([
      [['readFile', { path: 'README.md' }]],
      [['editFile', { path: 'README.md', edits: [{ find: '## License', replace: '## Usage\n\nRun it.\n\n## License' }] }], ['writeFile', { path: 'docs/a.md', content: 'A' }]],
      'Added a Usage section and docs/a.md.',
    ]);
    const outcome = await run(deps);
    assert.equal(outcome.status, 'succeeded');
    assert.equal(outcome.turns, 3);
    assert.match(workspace.files.get('README.md')!, /## Usage/);
    const state = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual(state.plan.steps.map((step) => [step.id, step.tool]), [['F1', 'readFile'], ['F2', 'editFile'], ['F3', 'writeFile']]);
    assert.deepEqual([...state.steps.values()].map((step) => step.status), ['succeeded', 'succeeded', 'succeeded']);
    assert.equal(state.summary, 'Added a Usage section and docs/a.md.');
    assert.equal(state.status, 'succeeded');
    const events = await traceEvents(deps.trace);
    for (const id of ['F1', 'F2', 'F3']) {
      const intent = events.findIndex((event) => event.type === 'intent' && event.stepId === id);
      const result = events.findIndex((event) => event.type === 'result' && event.stepId === id);
      assert.ok(intent >= 0 && intent < result, id);
    }
    assert.equal(events.filter((event) => event.type === 'llm' && event.role === 'fused').length, 3);
    assert.equal(state.usage.length, 3);
    assert.equal(agent.requests[1]!.messages.at(-1)!.role, 'tool');
    assert.match(agent.requests[1]!.messages.at(-1)!.content, /^# Demo/);
    assert.ok(agent.requests.every((request) => request.tools?.length === agent.requests[0]!.tools!.length));
  });

  it('reports a failed call (tool or check) back to the agent, which recovers in the next turn', async () => {
    const { workspace, agent, deps } = setup([
      [['editFile', { path: 'config.json', edits: [{ find: '"port": 8080', replace: '"port": 9090,' }] }]],
      [['editFile', { path: 'config.json', edits: [{ find: '"port": 9090,', replace: '"port": 9090' }] }]],
      [['editFile', { path: 'README.md', edits: [{ find: 'MTI', replace: 'ISC' }] }]],
      [['editFile', { path: 'README.md', edits: [{ find: 'MIT', replace: 'ISC' }] }]],
      'Done.',
    ]);
    const outcome = await run(deps);
    assert.equal(outcome.status, 'succeeded');
    assert.equal(workspace.files.get('config.json'), '{\n  "port": 9090\n}\n');
    assert.match(agent.requests[1]!.messages.at(-1)!.content, /^failed: postcondition failed: all: check 2 of 2 failed: jsonValid config.json: invalid JSON/);
    assert.match(agent.requests[3]!.messages.at(-1)!.content, /^failed: editFile README.md: find text "MTI" occurs 0 times/);
    const state = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual([...state.steps.values()].map((step) => step.status), ['failed', 'succeeded', 'failed', 'succeeded']);
  });

  it('ends failed when the agent stops right after a failure', async () => {
    const { deps } = setup([[['deleteFile', { path: 'missing.txt' }]], 'I could not do it.']);
    const outcome = await run(deps);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.reason!, /stopped after 1 deleteFile missing.txt failed/);
  });

  it('asks the same approval gate: a rejected call is skipped and reported, a waiting one stops the run', async () => {
    const answers: Record<string, ApprovalAnswer> = { F1: 'rejected', F2: 'wait' };
    const gate = new ScriptedApprovalGate(answers);
    const { agent, deps } = setup([[['writeFile', { path: 'a.txt', content: 'a' }]], [['runCommand', { command: 'rm -rf build' }]]], { approvals: gate });
    const outcome = await run(deps, { run: DEFAULT_RUN_OPTIONS });
    assert.equal(outcome.status, 'awaitingApproval');
    assert.deepEqual(gate.requests.map((request) => [request.stepId, request.tool]), [['F1', 'writeFile'], ['F2', 'runCommand']]);
    assert.match(agent.requests[1]!.messages.at(-1)!.content, /rejected/);
    const state = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual([...state.steps.values()].map((step) => step.status), ['skipped', 'awaitingApproval']);
  });

  it('runs read-only calls without asking under the default settings', async () => {
    const gate = new ScriptedApprovalGate({}, 'wait');
    const { deps } = setup([[['readFile', { path: 'README.md' }], ['listFiles', { glob: '**/*' }]], 'Read.'], { approvals: gate });
    assert.equal((await run(deps, { run: DEFAULT_RUN_OPTIONS })).status, 'succeeded');
    assert.equal(gate.requests.length, 0);
  });

  it('retries an ambiguous failure of an idempotent call, as the retry policy says', async () => {
    const { workspace, deps } = setup([[['writeFile', { path: 'a.txt', content: 'a' }]], 'Wrote it.']);
    workspace.failNext('writeFile', new Error('EIO: disk hiccup'));
    assert.equal((await run(deps)).status, 'succeeded');
    const retries = (await traceEvents(deps.trace)).filter((event) => event.type === 'retry');
    assert.equal(retries.length, 1);
    assert.match(retries[0]!.reason, /ambiguous failure of a idempotent call/);
  });

  it('answers a call it cannot run without making it a step', async () => {
    const { agent, deps } = setup([[['readFile', { path: '../etc/passwd' }], ['makeCoffee', {}]], 'Sorry.']);
    const outcome = await run(deps);
    assert.equal(outcome.state, undefined);
    assert.deepEqual(agent.requests[1]!.messages.slice(-2).map((message) => message.content.split(':')[0]), ['not run', 'not run']);
    assert.equal((await traceEvents(deps.trace)).filter((event) => event.type === 'decision' && event.decision === 'rejectCall').length, 2);
  });

  it('escalates in auto mode when the agent calls make_plan, with the decision in the trace', async () => {
    const { deps } = setup([[['make_plan', { reason: 'eight files to change' }]]]);
    const outcome = await run(deps, { mode: 'auto' });
    assert.equal(outcome.status, 'escalated');
    assert.equal(outcome.unjournalledUsage.length, 1);
    const decision = (await traceEvents(deps.trace)).find((event) => event.type === 'decision');
    assert.deepEqual(decision && [decision.decision, decision.reason], ['escalate', 'the agent asked for a plan: eight files to change']);
  });

  it('escalates in auto mode before a deletion the agent did not plan, leaving what it did in the run', async () => {
    const { workspace, deps } = setup([[['writeFile', { path: 'a.txt', content: 'a' }]], [['deleteFile', { path: 'README.md' }]]]);
    const outcome = await run(deps, { mode: 'auto' });
    assert.equal(outcome.status, 'escalated');
    assert.match(outcome.reason!, /deleteFile.*deletes a file/);
    assert.ok(workspace.files.has('README.md'));
    assert.deepEqual(outcome.state?.plan.steps.map((step) => step.id), ['F1']);
  });

  it('does not offer make_plan, nor escalate, in fused mode', async () => {
    const { agent, deps } = setup([[['deleteFile', { path: 'README.md' }]], 'Deleted.']);
    assert.equal((await run(deps)).status, 'succeeded');
    assert.ok(!agent.requests[0]!.tools!.some((tool) => tool.name === 'make_plan'));
  });

  it('gives up after the turn budget', async () => {
    const { deps } = setup(Array(3).fill([['readFile', { path: 'README.md' }]]));
    const outcome = await run(deps, { maxTurns: 3 });
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.reason!, /within 3 turns/);
  });
});
