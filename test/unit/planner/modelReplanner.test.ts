// The model re-planner and repairer over a scripted endpoint: the patch form asked for and read, the
// check against the run as it stands with one repair turn, and a repair's one-line answer.
import * as assert from 'node:assert/strict';
import type { PatchCheck } from '../../../src/core/run/modelRoles';
import { PlannerError } from '../../../src/core/planner/plannerError';
import { buildRepairPrompt, ModelRepairer, REPAIR_MARKER } from '../../../src/core/replanner/modelRepairer';
import { checkPatchReply, ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { OpenAiChatModel } from '../../../src/node/openAiChatModel';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';
import { REPLAN_REQUEST } from './replanFixtures';

const FIX = 'replace E2 editFile {"path":"src/cli.ts","edits":[{"find":"const flags = [","replace":"const flags = [\'-v\', "}]} after E1';
const accepts: PatchCheck = () => [];
/** FIX as the patch operation it must become: the line's tool and arguments, `after` as the dependency, the implied title and check. */
const REPLACING = {
  op: 'replace',
  id: 'E2',
  step: {
    id: 'E2',
    title: 'editFile src/cli.ts',
    tool: 'editFile',
    args: { path: 'src/cli.ts', edits: [{ find: 'const flags = [', replace: "const flags = ['-v', " }] },
    dependsOn: ['E1'],
    postcondition: { kind: 'fileContains', path: 'src/cli.ts', text: "const flags = ['-v', " },
  },
};

describe('checkPatchReply', () => {
  it('reads replace, add and drop lines, implying the postcondition and title', () => {
    const verdict = checkPatchReply(`${FIX}\nadd E9 after E2 runCommand {"command":"npm test"}\ndrop E3`, accepts);
    assert.ok(verdict.ok);
    assert.deepEqual(verdict.value.map((op) => op.op), ['replace', 'add', 'drop']);
    assert.deepStrictEqual(verdict.value[0], REPLACING);
    const add = verdict.value[1]!;
    assert.ok(add.op === 'add');
    assert.equal(add.after, 'E2');
    assert.deepEqual(add.step.postcondition, { kind: 'exitCode', equals: 0 });
    assert.equal(add.step.title, 'runCommand npm test');
  });

  it('reports each malformed line with its number, and a reply without any patch line', () => {
    const verdict = checkPatchReply('replace E2 editFile {"path": \nmove E3 to E4', accepts);
    assert.deepEqual(!verdict.ok && verdict.problems, ['line 1 (E2): column 10: the arguments of editFile: the JSON object is not closed (a } or a " is missing)', 'line 2: expected "replace <id> <step>", "add <id> [after <id>] <step>" or "drop <id>", got "move E3 to E4"']);
    assert.equal(checkPatchReply('```\n```', accepts).ok, false);
  });

  it('passes a parsed patch to the check and reports its problems', () => {
    const verdict = checkPatchReply('drop E1', () => ['patch[0]: E1 has succeeded, so it is frozen and cannot be dropped']);
    assert.deepEqual(!verdict.ok && verdict.problems, ['patch[0]: E1 has succeeded, so it is frozen and cannot be dropped']);
  });
});

describe('ModelReplanner', () => {
  let server: ScriptedModelServer | undefined;

  async function startModel(script: Script) {
    server = await ScriptedModelServer.start(script);
    return { server, model: new OpenAiChatModel({ baseUrl: server.baseUrl, plannerModel: 'planner-model', workerModel: 'worker-model' }) };
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('asks the planner model for patch lines (no JSON schema) and returns the patch with the usage', async () => {
    const { server, model } = await startModel([{ content: FIX, usage: { prompt_tokens: 900, completion_tokens: 40, cached_tokens: 600 } }]);
    const answer = await new ModelReplanner(model).replan(REPLAN_REQUEST, new AbortController().signal, accepts);
    assert.deepStrictEqual(answer.patch, [REPLACING]);
    assert.deepEqual({ ...answer.usage[0], ms: 0 }, { role: 'replanner', model: 'planner-model', promptTokens: 900, completionTokens: 40, cachedTokens: 600, estimated: false, ms: 0 });
    const body = server.requests[0]!.body;
    assert.equal(body.model, 'planner-model');
    assert.equal(body.response_format, undefined);
    assert.match(body.messages[1].content, /^Task: a step of a running plan broke/);
  });

  it('sends a patch the run refuses back once, quoting the problem, and fails with a PlannerError the second time', async () => {
    const { server, model } = await startModel(() => ({ content: 'drop E1' }));
    const check: PatchCheck = () => ['patch[0]: E1 has succeeded, so it is frozen and cannot be dropped'];
    await assert.rejects(new ModelReplanner(model).replan(REPLAN_REQUEST, new AbortController().signal, check), (error: unknown) => {
      assert.ok(error instanceof PlannerError);
      assert.equal(error.usage.length, 2);
      return true;
    });
    const repair = server.requests[1]!.body.messages[3].content as string;
    assert.match(repair, /^The patch you returned did not pass validation/);
    assert.match(repair, /E1 has succeeded, so it is frozen/);
    assert.match(repair, /as patch lines only/);
  });

  it('sends a patch nested too deep back for its repair turn, naming the step and field, instead of overflowing the stack', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const reply = `replace E2 readFile {"path":"src/cli.ts","x":${deep}}\nadd E9 after E2 writeFile {"path":"a.txt","content":"x"} check ${'not '.repeat(20_000)}exists a.txt`;
    const { server, model } = await startModel([{ content: reply }, { content: FIX }]);
    const answer = await new ModelReplanner(model).replan(REPLAN_REQUEST, new AbortController().signal, accepts);
    assert.deepStrictEqual(answer.patch, [REPLACING], 'the repaired reply');
    assert.equal(answer.usage.length, 2);
    const repair = server.requests[1]!.body.messages[3].content as string;
    assert.match(repair, /^The patch you returned did not pass validation/);
    assert.match(repair, /line 1 \(E2\): column \d+: the arguments of readFile at args\.x: nests deeper than 64 levels/);
    assert.match(repair, /line 2 \(E9\): column \d+: checks nest deeper than 64 levels/);
    assert.ok(repair.length < 4_000, `the repair turn quotes the reply short (${repair.length} chars)`);
  });
});

describe('ModelRepairer', () => {
  let server: ScriptedModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const request = { broken: { ...REPLAN_REQUEST.broken, evidence: ['the find text is not in src/cli.ts; nearest match, lines 3-3 (similarity 0.90):'] }, localFix: 'a stale find text' };

  it('asks the worker model, as the repairer role, for one step line that replaces the broken step', async () => {
    server = await ScriptedModelServer.start([{ content: 'editFile {"path":"src/cli.ts","edits":[{"find":"const flags=[","replace":"x"}]}' }]);
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, plannerModel: 'planner-model', workerModel: 'worker-model' });
    const answer = await new ModelRepairer(model).repair(request, new AbortController().signal, accepts);
    assert.equal(answer.patch.length, 1);
    assert.ok(answer.patch[0]!.op === 'replace' && answer.patch[0]!.id === 'E2' && answer.patch[0]!.step.id === 'E2');
    assert.equal(server.requests[0]!.body.model, 'worker-model');
    assert.equal(answer.usage[0]!.role, 'repairer');
    assert.ok((buildRepairPrompt(request)[0]!.content).startsWith(REPAIR_MARKER));
  });

  it('fails without a second turn when the line is unusable, keeping the usage', async () => {
    server = await ScriptedModelServer.start(() => ({ content: 'I cannot fix this' }));
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, plannerModel: 'planner-model', workerModel: 'worker-model' });
    await assert.rejects(new ModelRepairer(model).repair(request, new AbortController().signal, accepts), (error: unknown) => error instanceof PlannerError && error.usage.length === 1);
    assert.equal(server.requests.length, 1);
  });
});
