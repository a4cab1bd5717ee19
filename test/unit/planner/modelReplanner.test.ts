import * as assert from 'node:assert/strict';
import type { ReplanRequest } from '../../../src/core/executor/replanning';
import { PlannerError } from '../../../src/core/planner/plannerError';
import { checkReplannedSteps, checkReplanReply, ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { OpenAiChatModel } from '../../../src/node/openAiChatModel';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';
import { REPLAN_REQUEST } from './replanFixtures';

const NEW_STEPS = [
  {
    id: 'E4',
    title: 'Add --verbose and -v',
    tool: 'editFile',
    args: { path: 'src/cli.ts', edits: [{ find: "'--verbose', ", replace: "'--verbose', '-v', " }] },
    dependsOn: ['E1'],
    postcondition: { kind: 'fileContains', path: 'src/cli.ts', text: "'-v'" },
  },
  { id: 'E3', title: 'Run the tests', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['E4'], postcondition: { kind: 'exitCode', equals: 0 } },
];

describe('checkReplannedSteps', () => {
  it('accepts new steps that depend on and reference completed ones', () => {
    const steps = [{ id: 'E5', title: 'Summarise', tool: 'generate', args: { instruction: 'Summarise #E1' }, dependsOn: ['E1'] }];
    assert.deepEqual(checkReplannedSteps(REPLAN_REQUEST, { steps }), { ok: true, value: steps });
  });

  it('refuses a new step that reuses a completed step id', () => {
    const verdict = checkReplannedSteps(REPLAN_REQUEST, { steps: [{ ...NEW_STEPS[0], id: 'E1' }] });
    assert.deepEqual(verdict, { ok: false, problems: ['steps[0].id: "E1" is a completed step; completed steps are frozen and their ids may not be reused'] });
  });

  it('reports problems of the new steps, numbered as in the reply, and none of the completed steps', () => {
    // A completed editFile is summarised without its postcondition; that is not the new steps' fault.
    const request: ReplanRequest = { ...REPLAN_REQUEST, completed: [...REPLAN_REQUEST.completed, { id: 'E0', title: 'Edit', tool: 'editFile', args: { path: 'a.ts', edits: [{ find: 'a', replace: 'b' }] }, status: 'succeeded', output: '' }] };
    const verdict = checkReplannedSteps(request, { steps: [NEW_STEPS[0], { title: 'No id', tool: 'readFile', args: { path: 'a.ts' } }, { ...NEW_STEPS[1], dependsOn: ['E9'] }] });
    assert.equal(verdict.ok, false);
    assert.deepEqual(!verdict.ok && verdict.problems, ['steps[1].id: Required', 'E3.dependsOn[0]: "E9" names no step of this plan']);
  });

  it('wants an object with a steps array', () => {
    assert.equal(checkReplannedSteps(REPLAN_REQUEST, NEW_STEPS).ok, false);
    assert.equal(checkReplannedSteps(REPLAN_REQUEST, null).ok, false);
  });
});

describe('ModelReplanner', () => {
  let server: ScriptedModelServer | undefined;

  async function startReplanner(script: Script) {
    server = await ScriptedModelServer.start(script);
    return { server, replanner: new ModelReplanner(new OpenAiChatModel({ baseUrl: server.baseUrl, plannerModel: 'planner-model', workerModel: 'worker-model' })) };
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('still takes plan-file steps {"steps": [...]} and returns them raw with the usage', async () => {
    const { server, replanner } = await startReplanner([{ content: JSON.stringify({ steps: NEW_STEPS }), usage: { prompt_tokens: 2600, completion_tokens: 150, cached_tokens: 1920 } }]);
    const answer = await replanner.replan(REPLAN_REQUEST, new AbortController().signal);
    assert.deepEqual(answer.steps, NEW_STEPS);
    assert.equal(answer.usage.length, 1);
    assert.deepEqual({ ...answer.usage[0], ms: 0 }, { role: 'replanner', model: 'planner-model', promptTokens: 2600, completionTokens: 150, cachedTokens: 1920, estimated: false, ms: 0 });
    const body = server.requests[0]!.body;
    assert.equal(body.model, 'planner-model');
    assert.equal(body.response_format, undefined);
    assert.match(body.messages[1].content, /^Task: re-plan/);
    assert.match(body.messages[1].content, /Reply in the plan language with only the new remaining steps, starting at E4;/);
  });

  it('reads steps in the plan language, numbered after every id the run used, depending on completed steps', async () => {
    const reply = 'E4 editFile {"path":"src/cli.ts","edits":[{"find":"\'--verbose\', ","replace":"\'--verbose\', \'-v\', "}]} after E1\nE5 runCommand {"command":"npm test"}';
    const { replanner } = await startReplanner([{ content: reply }]);
    const answer = await replanner.replan(REPLAN_REQUEST, new AbortController().signal);
    const steps = answer.steps as { id: string; dependsOn?: string[]; postcondition?: unknown }[];
    assert.deepEqual(steps.map((step) => [step.id, step.dependsOn]), [['E4', ['E1']], ['E5', ['E4']]]);
    assert.deepEqual(steps[1]!.postcondition, { kind: 'exitCode', equals: 0 });
  });

  it('quotes a malformed re-plan line with its step and line', () => {
    const verdict = checkReplanReply(REPLAN_REQUEST, 'E4 readFile {"path":"a"}\nE5 runCommand npm test');
    assert.deepEqual(verdict, { ok: false, problems: ['E5: line 2: column 15: expected the arguments of runCommand as one JSON object {…}, found "npm test"'] });
  });

  it('repairs a reply that reuses a completed id, quoting the problem', async () => {
    const { server, replanner } = await startReplanner([{ content: JSON.stringify({ steps: [{ ...NEW_STEPS[0], id: 'E1' }] }) }, { content: JSON.stringify({ steps: NEW_STEPS }) }]);
    const answer = await replanner.replan(REPLAN_REQUEST, new AbortController().signal);
    assert.equal(answer.usage.length, 2);
    assert.match(server.requests[1]!.body.messages[3].content, /^The re-planned steps you returned did not pass validation/);
    assert.match(server.requests[1]!.body.messages[3].content, /steps\[0\]\.id: "E1" is a completed step/);
  });

  it('fails with a PlannerError when the steps are invalid twice', async () => {
    const { replanner } = await startReplanner(() => ({ content: JSON.stringify({ steps: [{ ...NEW_STEPS[0], postcondition: undefined }] }) }));
    await assert.rejects(replanner.replan(REPLAN_REQUEST, new AbortController().signal), (error: unknown) => {
      assert.ok(error instanceof PlannerError);
      assert.equal(error.reason, 'invalidReplan');
      assert.deepEqual(error.problems, ['E4.postcondition: Required: editFile changes the workspace, so the step needs a postcondition the executor can check']);
      return true;
    });
  });
});
