// `revise_plan` and the run tools' `allowScopeGrowth`, through the MCP SDK's client over stdio: a comment on a
// step comes back as the review `planwright revise` prints (same words), the patch and the revised plan, nothing
// written; a step the plan lacks is named; a re-plan that widens the scope waits under approve "all" unless the
// call allows scope growth.
import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { connectPlanwrightMcp, type PlanwrightMcpClient } from '../support/planwrightMcpClient';
import { FLAG_PLAN, YARGS_PATCH } from '../support/revisionFixture';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('planwright mcp revise_plan and allowScopeGrowth', function () {
  this.timeout(budgetMs(90_000));
  let dir: string;
  let server: ScriptedModelServer;
  let client: PlanwrightMcpClient;
  const replies: ScriptedReply[] = [];
  const call = (name: string, args: Record<string, unknown>) => client.call(name, args);

  before(async () => {
    dir = await makeTempDir();
    server = await ScriptedModelServer.start(() => replies.shift() ?? { content: '' });
    client = await connectPlanwrightMcp(dir, server.baseUrl, 'all');
  });
  after(async () => {
    await client.close();
    await server.close();
    await removeTempDir(dir);
  });

  it('answers a comment on a step with the review planwright revise prints, the patch and the revised plan, writing nothing', async () => {
    replies.push({ content: YARGS_PATCH });
    const revised = await call('revise_plan', { plan: FLAG_PLAN, comment: 'use yargs for the flag', step: 'E1' });
    assert.equal(revised.isError, false, revised.text);
    const reply = JSON.parse(revised.text) as { review: string; widensScope: boolean; wideningSteps: string[]; plan: { steps: { id: string }[] }; patch: unknown[] };
    assert.match(String(server.requests.at(-1)?.body.messages.at(-1)?.content), /Comment on E1: use yargs for the flag/);
    assert.match(reply.review, /\*\*Added\*\*\n- 2 writeFile src\/flags\.ts \(E3\)/);
    assert.match(reply.review, /\*\*Changed\*\*\n- 1 .*\(E1[^\n]*\): [^\n]*args/);
    assert.match(reply.review, /\*\*Widens the approved scope\*\*: it changes src\/flags\.ts/);
    assert.equal(reply.widensScope, true);
    assert.deepEqual(reply.wideningSteps, ['E3']);
    assert.deepEqual(reply.plan.steps.map((step) => step.id), ['E1', 'E3', 'E2']);
    assert.equal(reply.patch.length, 2);
    assert.deepEqual(await readdir(dir), [], 'nothing is written');
  });

  it('names a step the plan does not have, and a plan the gate refuses, without asking the model', async () => {
    const asked = server.requests.length;
    const unknown = await call('revise_plan', { plan: FLAG_PLAN, comment: 'shorter', step: 'E9' });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.text, 'step E9: the plan has no such step (its steps: E1, E2)');
    const bad = await call('revise_plan', { plan: { ...FLAG_PLAN, steps: [{ ...FLAG_PLAN.steps[1], args: { path: 'README.md' } }] }, comment: 'shorter' });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /E2\.args\.content/);
    assert.equal(server.requests.length, asked);
  });

  it('holds a re-planned step that widens the scope under approve "all", and runs it when the call allows scope growth', async () => {
    const failing = { command: `${JSON.stringify(process.execPath)} -e "process.exit(3)"` };
    const plan = { version: 1, goal: 'Write the notes', steps: [{ id: 'E1', title: 'Check the notes', tool: 'runCommand', args: failing, postcondition: { kind: 'exitCode', equals: 0 } }] };
    const replan = { content: 'replace E1 writeFile {"path": "notes.txt", "content": "hi\\n"}\n' };

    replies.push(replan);
    const held = JSON.parse((await call('run_plan', { plan, workspace: dir, approve: 'all' })).text) as { status: string; steps: { id: string; status: string }[] };
    assert.equal(held.status, 'awaitingApproval');
    await assert.rejects(readFile(path.join(dir, 'notes.txt')), 'nothing was written while it waits');

    replies.push(replan);
    const allowed = JSON.parse((await call('run_plan', { plan, workspace: dir, approve: 'all', allowScopeGrowth: true })).text) as { status: string };
    assert.equal(allowed.status, 'succeeded');
    assert.equal(await readFile(path.join(dir, 'notes.txt'), 'utf8'), 'hi\n');
  });
});
