import * as assert from 'node:assert/strict';
import { COMPACT_JSON_SCHEMA } from '../../../src/core/plan/compact/compactJson';
import { encodeCompactPlan } from '../../../src/core/plan/compact/encodeCompactPlan';
import { PlannerError } from '../../../src/core/planner/plannerError';
import { plannerSystemMessage } from '../../../src/core/planner/plannerPrefix';
import { planTask, planTaskStreamed } from '../../../src/core/planner/planTask';
import type { PlanFormat } from '../../../src/core/ports';
import { meteredModel } from '../../../src/core/run/meteredModel';
import { summarizeWorkspace } from '../../../src/core/planner/workspaceSummary';
import { OpenAiChatModel } from '../../../src/node/openAiChatModel';
import { examplePlan } from '../plan/planFixtures';
import { MemoryWorkspace } from '../support/fakePorts';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';

const GOAL = 'Add a --verbose flag to the CLI';

/** The plan format's example without its test run: a read, then an edit with its postcondition. */
const VALID_PLAN = (() => {
  const example = examplePlan();
  return { ...example, goal: GOAL, steps: example.steps.slice(0, 2) };
})();

/** The valid plan with E2's postcondition left out: the gate requires one for a file edit. */
const WITHOUT_POSTCONDITION = { ...VALID_PLAN, steps: [VALID_PLAN.steps[0], { ...VALID_PLAN.steps[1], postcondition: undefined }] };

describe('planTask', () => {
  let server: ScriptedModelServer | undefined;
  const workspace = new MemoryWorkspace({ 'src/cli.ts': 'const flags = [];\n', 'package.json': '{"name":"demo","scripts":{"test":"node test.js"}}' });

  async function planner(script: Script, planFormat?: PlanFormat) {
    server = await ScriptedModelServer.start(script);
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, plannerModel: 'planner-model', workerModel: 'worker-model', backoffMs: () => 0, ...(planFormat ? { planFormat } : {}) });
    return { server, model, summary: await summarizeWorkspace(workspace, { openFiles: ['src/cli.ts'] }) };
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('returns a validated plan at revision 1, asking for the plan language without a response format', async () => {
    const reply = `\`\`\`\n${encodeCompactPlan(VALID_PLAN.steps)}\`\`\``;
    const { server, model, summary } = await planner([{ content: reply, usage: { prompt_tokens: 2100, completion_tokens: 180, cached_tokens: 1024 } }]);
    const { plan, usage } = await planTask(GOAL, summary, model);
    assert.equal(plan.revision, 1);
    assert.equal(plan.goal, GOAL);
    assert.deepEqual(plan.steps, VALID_PLAN.steps);
    assert.deepEqual(usage, [{ role: 'planner', model: 'planner-model', promptTokens: 2100, completionTokens: 180, cachedTokens: 1024, estimated: false, ms: usage[0]!.ms }]);
    const body = server.requests[0]!.body;
    assert.equal(body.model, 'planner-model');
    assert.equal(body.response_format, undefined);
    assert.equal(body.messages[0].role, 'system');
    assert.match(body.messages[1].content, /in the plan language, starting at E1/);
    assert.match(body.messages[1].content, /Goal: Add a --verbose flag to the CLI/);
    assert.match(body.messages[1].content, /Open file src\/cli\.ts:/);
  });

  it('sets goal, version and revision itself rather than spending a repair turn on them', async () => {
    const { model, summary } = await planner([{ content: JSON.stringify({ steps: VALID_PLAN.steps, goal: 'something else', revision: 7 }) }]);
    const { plan } = await planTask(GOAL, summary, model);
    assert.equal(plan.goal, GOAL);
    assert.equal(plan.version, 1);
    assert.equal(plan.revision, 1);
  });

  it('repairs an invalid plan in one turn that quotes the validation errors', async () => {
    const { server, model, summary } = await planner([{ content: JSON.stringify(WITHOUT_POSTCONDITION) }, { content: JSON.stringify(VALID_PLAN) }]);
    const { plan, usage } = await planTask(GOAL, summary, model);
    assert.equal(plan.steps[1]!.postcondition?.kind, 'fileContains');
    assert.equal(usage.length, 2);
    const repair = server.requests[1]!.body.messages;
    assert.deepEqual(repair.slice(0, 2), server.requests[0]!.body.messages);
    assert.equal(repair[2].role, 'assistant');
    assert.equal(repair[2].content, JSON.stringify(WITHOUT_POSTCONDITION));
    assert.equal(repair[3].role, 'user');
    assert.match(repair[3].content, /^The plan you returned did not pass validation/);
    assert.match(repair[3].content, /- E2\.postcondition: Required: editFile changes the workspace/);
  });

  it('repairs a reply that is prose, saying it holds no step and what a step line is', async () => {
    const { server, model, summary } = await planner([{ content: 'Sure! First I will read the file.' }, { content: encodeCompactPlan(VALID_PLAN.steps) }]);
    await planTask(GOAL, summary, model);
    const repair = server.requests[1]!.body.messages[3].content;
    assert.match(repair, /- the reply has no steps: write one step per line, "E1 <tool> \{<arguments>\}"/);
    assert.match(repair, /Reply with the whole corrected plan in the plan language, one step per line, nothing else/);
  });

  it('repairs a reply nested too deep, quoting the step and field, instead of overflowing the stack', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const reply = `readFile {"path":"src/cli.ts"}\nwriteFile {"path":"a.txt","content":"x"} check ${'not '.repeat(20_000)}exists a.txt\nreadFile {"path":"b","x":${deep}}`;
    const { server, model, summary } = await planner([{ content: reply }, { content: encodeCompactPlan(VALID_PLAN.steps) }]);
    const { plan } = await planTask(GOAL, summary, model);
    assert.deepEqual(plan.steps, VALID_PLAN.steps);
    const repair = server.requests[1]!.body.messages[3].content as string;
    assert.match(repair, /- E2: line 2: column \d+: checks nest deeper than 64 levels/);
    assert.match(repair, /- E3: line 3: column \d+: the arguments of readFile at args\.x: nests deeper than 64 levels/);
  });

  it('quotes gate problems with the line their step was written on', async () => {
    const reply = 'E1 readFile {"path":"src/cli.ts"}\n\nE2 wrteFile {"path":"a.txt","content":"x"} check exists a.txt';
    const { server, model, summary } = await planner([{ content: reply }, { content: encodeCompactPlan(VALID_PLAN.steps) }]);
    await planTask(GOAL, summary, model);
    assert.match(server.requests[1]!.body.messages[3].content, /- line 3: E2\.tool: unknown tool "wrteFile" \(did you mean "writeFile"\?\)/);
  });

  it('asks for the small JSON form with its schema when told to, and reads it to the same steps', async () => {
    const steps = [{ tool: 'readFile', args: { path: 'src/cli.ts' }, title: VALID_PLAN.steps[0]!.title }, { tool: 'editFile', args: VALID_PLAN.steps[1]!.args, check: 'contains src/cli.ts "--verbose"', title: VALID_PLAN.steps[1]!.title }];
    const { server, model, summary } = await planner([{ content: JSON.stringify({ steps }) }]);
    const { plan } = await planTask(GOAL, summary, model, undefined, { format: 'json' });
    assert.deepEqual(plan.steps, VALID_PLAN.steps);
    const body = server.requests[0]!.body;
    assert.deepEqual(body.response_format.json_schema.schema, COMPACT_JSON_SCHEMA);
    assert.match(body.messages[1].content, /Reply with JSON only: \{"steps"/);
    assert.equal(body.messages[0].content, plannerSystemMessage().content, 'the same system message in both formats');
  });

  it('asks in the JSON form when the model is set to plan in it (planwright.planFormat), streamed or not, metered or not', async () => {
    const steps = [{ tool: 'readFile', args: { path: 'src/cli.ts' }, title: VALID_PLAN.steps[0]!.title }, { tool: 'editFile', args: VALID_PLAN.steps[1]!.args, check: 'contains src/cli.ts "--verbose"', title: VALID_PLAN.steps[1]!.title }];
    const { server, model, summary } = await planner(() => ({ content: JSON.stringify({ steps }) }), 'json');
    assert.deepEqual((await planTask(GOAL, summary, model)).plan.steps, VALID_PLAN.steps);
    const metered = meteredModel(model, async () => undefined);
    assert.equal(metered.planFormat, 'json');
    const streamed: string[] = [];
    for await (const item of planTaskStreamed(GOAL, summary, metered)) if (item.kind === 'step') streamed.push(String((item.step as { id?: unknown }).id));
    assert.deepEqual(streamed, ['E1', 'E2']);
    for (const request of server.requests) assert.deepEqual(request.body.response_format.json_schema.schema, COMPACT_JSON_SCHEMA);
    assert.equal(server.requests.length, 2);
  });

  it('fails with a PlannerError listing the problems when the plan is invalid twice, and runs nothing', async () => {
    const before = new Map(workspace.files);
    const { server, model, summary } = await planner(() => ({ content: JSON.stringify({ ...WITHOUT_POSTCONDITION, steps: [...WITHOUT_POSTCONDITION.steps, { id: 'E3', title: 'Oops', tool: 'wrteFile', args: {} }] }) }));
    await assert.rejects(planTask(GOAL, summary, model), (error: unknown) => {
      assert.ok(error instanceof PlannerError);
      assert.equal(error.reason, 'invalidPlan');
      assert.ok(error.problems.some((problem) => problem.startsWith('E2.postcondition: Required')));
      assert.ok(error.problems.some((problem) => /unknown tool "wrteFile" \(did you mean "writeFile"\?\)/.test(problem)));
      assert.match(error.message, /invalid twice/);
      assert.match(error.message, /nothing was run/);
      assert.equal(error.usage.length, 2);
      return true;
    });
    assert.equal(server.requests.length, 2);
    assert.deepEqual(workspace.files, before);
  });

  it('lets model errors through as they are', async () => {
    const { model, summary } = await planner(() => ({ status: 401 }));
    await assert.rejects(planTask(GOAL, summary, model), { name: 'ModelError', reason: 'unauthorized' });
  });
});
