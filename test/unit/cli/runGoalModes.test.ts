// `planwright run --goal … --mode fused|auto` in-process against a temporary workspace and the scripted
// OpenAI-compatible server: the agent's tool calls become steps on disk and in the journal, the --json
// report carries the mode (and the escalation), approvals wait as they do for a plan, and bad input.
// `planwright resume` carries a fused agent's run on with the agent (and needs a model endpoint to), and still
// resumes a plan run.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';

interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const call = (name: string, args: unknown, id = `call_${name}`) => ({ id, name, arguments: JSON.stringify(args) });

/** The agent's turns in order; planning requests (their task message says so) get `plans` in order. */
function script(agent: readonly ScriptedReply[], plans: readonly unknown[] = []) {
  let turn = 0;
  let planned = 0;
  return (body: { messages?: { content?: string }[] }): ScriptedReply => {
    if (String(body.messages?.[1]?.content ?? '').startsWith('Task: write a plan')) return { content: JSON.stringify(plans[planned++]), usage: null };
    return agent[turn++] ?? { content: 'Done.', usage: null };
  };
}

describe('planwright run --goal --mode', () => {
  let dir: string;
  let workspace: string;
  let server: ScriptedModelServer | undefined;

  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = path.join(dir, 'ws');
    await mkdir(workspace);
    await writeFile(path.join(workspace, 'name.txt'), 'Ada');
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(dir);
  });

  async function cli(args: string[], reply?: ReturnType<typeof script>): Promise<Captured> {
    let env: CliIo['env'] = {};
    if (reply) {
      await server?.close();
      server = await ScriptedModelServer.start(reply);
      env = { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_PLANNER_MODEL: 'planner-model', PLANWRIGHT_WORKER_MODEL: 'agent-model' };
    }
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env, cwd: dir };
    const code = await runCli(args, io);
    return { code, stdout, stderr };
  }

  it('fused: each tool call the agent makes is a step, journalled as it happens, and the files change', async () => {
    const agent = script([
      { toolCalls: [call('readFile', { path: 'name.txt' })], usage: null },
      { toolCalls: [call('writeFile', { path: 'hello.txt', content: 'Hello, Ada' })], usage: null },
      { content: 'Wrote hello.txt.', usage: null },
    ]);
    const result = await cli(['run', '--goal', 'Greet Ada', '--mode', 'fused', '--workspace', 'ws', '--approve', 'all', '--json'], agent);
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.equal(json.mode, 'fused');
    assert.equal(json.status, 'succeeded');
    assert.equal(json.escalation, undefined);
    assert.deepEqual(json.steps.map((step: { id: string; tool: string; status: string }) => [step.id, step.tool, step.status]), [
      ['F1', 'readFile', 'succeeded'],
      ['F2', 'writeFile', 'succeeded'],
    ]);
    assert.equal(json.usage.execute.calls, 3);
    assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hello, Ada');
    const journal = (await readFile(json.journal, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(journal.filter((record) => record.type === 'stepAdded').map((record) => record.step.id), ['F2']);
    assert.ok(server!.requests.every((request) => request.body.model === 'agent-model'));
  });

  it('auto: a goal that asks for a change is planned up front, the design in the report', async () => {
    const plan = { steps: [{ id: 'E1', title: 'Write the greeting', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hi' }, postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hi' } }] };
    const result = await cli(['run', '--goal', 'Write a greeting for Ada into hello.txt', '--mode', 'auto', '--workspace', 'ws', '--approve', 'all', '--json'], script([], [plan]));
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.deepEqual([json.mode, json.design, json.status, json.escalation], ['auto', 'split', 'succeeded', undefined]);
    assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hi');
    assert.deepEqual(server!.requests.map((request) => request.body.model), ['planner-model']);
  });

  it('auto: make_plan escalates; the planner plans and the run goes on as a plan, the escalation in the report', async () => {
    const plan = { steps: [{ id: 'E1', title: 'Write the greeting', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hi' }, postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hi' } }] };
    const result = await cli(['run', '--goal', 'Find out how to greet Ada', '--mode', 'auto', '--workspace', 'ws', '--approve', 'all', '--json'], script([{ toolCalls: [call('make_plan', { reason: 'it is long' })], usage: null }], [plan]));
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.deepEqual([json.mode, json.design, json.status, json.escalation], ['auto', 'fused', 'succeeded', 'the agent asked for a plan: it is long']);
    assert.deepEqual(json.steps.map((step: { id: string }) => step.id), ['E1']);
    assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hi');
  });

  it('auto: an escalation spends no re-plan, and the summary calls it an escalation', async () => {
    const plan = { steps: [{ id: 'E1', title: 'Write the greeting', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hi' }, postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hi' } }] };
    const agent = script([{ toolCalls: [call('readFile', { path: 'name.txt' })], usage: null }, { toolCalls: [call('make_plan', { reason: 'it is long' })], usage: null }], [plan]);
    const result = await cli(['run', '--goal', 'Find out how to greet Ada', '--mode', 'auto', '--workspace', 'ws', '--approve', 'all', '--max-replans', '0', '--json'], agent);
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.deepEqual([json.status, json.replans, json.revision, json.escalation], ['succeeded', 0, 2, 'the agent asked for a plan: it is long']);
    assert.doesNotMatch(json.summary, /re-plan/);
    assert.match(json.summary, /escalated to a plan/);
  });

  it('fused, approving reads only: a write waits for approval and the run ends with exit 3, as a plan run does', async () => {
    const result = await cli(['run', '--goal', 'Greet Ada', '--mode', 'fused', '--workspace', 'ws', '--approve', 'reads'], script([{ toolCalls: [call('writeFile', { path: 'hello.txt', content: 'x' })], usage: null }]));
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stdout, /awaitingApproval/);
    assert.match(result.stdout, /waiting for approval: F1/);
    await assert.rejects(readFile(path.join(workspace, 'hello.txt'), 'utf8'));
  });

  it('fused: an agent that answers without acting exits 0 with its answer and no steps', async () => {
    const result = await cli(['run', '--goal', 'What is here?', '--mode', 'fused', '--workspace', 'ws', '--json'], script([{ content: 'Only name.txt.', usage: null }]));
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.deepEqual([json.mode, json.status, json.answer, json.steps], ['fused', 'succeeded', 'Only name.txt.', undefined]);
  });

  it('split: planning that fails before any step names no journal or trace in --json, and says the planner did not reply', async () => {
    const result = await cli(['run', '--goal', 'Greet Ada', '--workspace', 'ws', '--json'], () => ({ status: 401, message: 'bad key' }));
    assert.equal(result.code, 1, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.deepEqual([json.mode, json.status, 'journal' in json, 'trace' in json], ['split', 'failed', false, false]);
    assert.match(json.reason, /the planner did not reply: /);
    assert.deepEqual(await readdir(path.join(workspace, '.planwright', 'runs')).catch(() => []), []);
  });

  describe('resume', () => {
    const journal = () => path.join(dir, 'run.journal.jsonl');
    const records = async () => (await readFile(journal(), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; runId?: string; agent?: string });

    it("carries a fused agent's waiting run on with the agent: the step runs once approved, the agent hears what the run did and answers", async () => {
      const waiting = await cli(['run', '--goal', 'Greet Ada', '--mode', 'fused', '--workspace', 'ws', '--approve', 'reads', '--journal', journal()], script([{ toolCalls: [call('writeFile', { path: 'hello.txt', content: 'x' })], usage: null }]));
      assert.equal(waiting.code, 3, waiting.stderr);
      const [first] = await records();
      assert.deepEqual([first?.type, first?.agent], ['runStarted', 'fused']);
      assert.match(waiting.stdout, /to go on: planwright resume --journal .* --approve all/);
      const before = await readFile(journal(), 'utf8');

      const withoutModel = await cli(['resume', '--journal', journal(), '--approve', 'all']);
      assert.equal(withoutModel.code, 2);
      assert.match(withoutModel.stderr, new RegExp(`^planwright resume: run ${first!.runId} is a fused agent's run: resuming it needs a model endpoint \\(PLANWRIGHT_BASE_URL\\)`));
      assert.equal(await readFile(journal(), 'utf8'), before);

      const resumed = await cli(['resume', '--journal', journal(), '--approve', 'all', '--json'], script([{ content: 'Greeted Ada.', usage: null }]));
      assert.equal(resumed.code, 0, resumed.stderr);
      const json = JSON.parse(resumed.stdout);
      assert.deepEqual([json.mode, json.status, json.steps.map((step: { id: string; status: string }) => [step.id, step.status])], ['fused', 'succeeded', [['F1', 'succeeded']]]);
      assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'x');
      const told = server!.requests.map((request) => JSON.stringify(request.body.messages));
      assert.equal(told.length, 1);
      assert.match(told[0]!, /This run was stopped and is resumed now/);
      assert.match(told[0]!, /F1|Write hello.txt|writeFile/);
    });

    it("says which design wrote the run in a fused run's --json report", async () => {
      const result = await cli(['run', '--goal', 'Greet Ada', '--mode', 'fused', '--workspace', 'ws', '--approve', 'all', '--json'], script([{ toolCalls: [call('readFile', { path: 'name.txt' })], usage: null }, { content: 'Ada.', usage: null }]));
      assert.equal(result.code, 0, result.stderr);
      assert.equal(JSON.parse(result.stdout).agent, 'fused');
    });

    it("still resumes a plan run's journal: the step that waited runs once approved", async () => {
      const plan = { version: 1, goal: 'Greet', steps: [{ id: 'E1', title: 'Write the greeting', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hi' }, postcondition: { kind: 'fileContains', path: 'hello.txt', text: 'Hi' } }] };
      await writeFile(path.join(dir, 'greet.plan.json'), JSON.stringify(plan));
      const waiting = await cli(['run', 'greet.plan.json', '--workspace', 'ws', '--approve', 'none', '--journal', journal()]);
      assert.equal(waiting.code, 3, waiting.stderr);
      assert.match(waiting.stdout, /to go on: planwright resume --journal /);
      const resumed = await cli(['resume', '--journal', journal(), '--approve', 'all', '--json']);
      assert.equal(resumed.code, 0, resumed.stderr);
      const report = JSON.parse(resumed.stdout);
      assert.deepEqual([report.status, report.agent], ['succeeded', undefined]);
      assert.equal(await readFile(path.join(workspace, 'hello.txt'), 'utf8'), 'Hi');
    });
  });

  describe('bad input: exit 2', () => {
    const cases: [string, string[], RegExp][] = [
      ['an unknown mode', ['run', '--goal', 'x', '--mode', 'sideways', '--workspace', 'ws'], /--mode must be split, fused, auto, not "sideways"/],
      ['--mode with a plan file', ['run', 'greet.plan.json', '--mode', 'fused', '--workspace', 'ws'], /--mode applies to --goal/],
      ['--mode fused without a model', ['run', '--goal', 'x', '--mode', 'fused', '--workspace', 'ws'], /needs a model endpoint/],
    ];
    for (const [what, args, message] of cases) {
      it(`for ${what}`, async () => {
        const result = await cli(args);
        assert.equal(result.code, 2);
        assert.match(result.stderr, message);
      });
    }
  });
});
