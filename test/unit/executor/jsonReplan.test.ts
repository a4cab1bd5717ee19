// A re-planner that answers in JSON, as an endpoint in a forced JSON mode does: the JSON form of a patch,
// and a whole plan's steps standing in for the broken and invalidated steps, both in prose or a fence;
// each is streamed into the run and ends it as the same patch in lines would.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { Step } from '../../../src/core/plan/planSchema';
import { ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { fakeRunDeps, liveSignal, runOptions, stepRecords, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { StreamingChatModel } from '../support/streamingChatModel';

const command = (id: string, text: string, dependsOn: string[] = []): Step => ({ id, title: text, tool: 'runCommand', args: { command: text }, ...(dependsOn.length > 0 ? { dependsOn } : {}), postcondition: { kind: 'exitCode', equals: 0 } });

/** `npm test` passes once a.txt holds v=2; E2 waits for the tests. */
async function replanWith(reply: string) {
  const workspace = new MemoryWorkspace({ 'a.txt': 'v=1' });
  const commands = new ScriptedCommandRunner((request) => ({ exitCode: request.command === 'npm test' && workspace.files.get('a.txt') !== 'v=2' ? 1 : 0 }));
  const model = new StreamingChatModel([reply]);
  const deps = fakeRunDeps({ workspace, commands, replanner: new ModelReplanner(model) });
  const run = await PlanRun.start(validPlan([command('E1', 'npm test'), command('E2', 'deploy', ['E1'])]), { runId: 'json-replan', options: runOptions() }, deps);
  const report = await run.execute(liveSignal());
  const order = (await stepRecords(deps.journal)).filter((record) => record.to === 'succeeded' || record.to === 'failed').map((record) => `${record.stepId}:${record.to}`);
  return { report, order, workspace, run, model };
}

describe('a re-plan answered in JSON', () => {
  it('applies the JSON form of a patch: fix, then run the tests again, then deploy', async () => {
    const patch = {
      patch: [
        { op: 'add', id: 'E3', tool: 'editFile', args: { path: 'a.txt', edits: [{ find: 'v=1', replace: 'v=2' }] } },
        { op: 'replace', id: 'E1', tool: 'runCommand', args: { command: 'npm test' }, after: ['E3'] },
      ],
    };
    const { report, order, model } = await replanWith(`Here is the patch:\n\`\`\`json\n${JSON.stringify(patch, null, 2)}\n\`\`\``);
    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(order, ['E1:failed', 'E3:succeeded', 'E1:succeeded', 'E2:succeeded']);
    assert.equal(model.requests.length, 1, 'no repair turn');
  });

  it('reads a whole plan\'s steps as new steps in place of the broken and invalidated ones', async () => {
    const steps = { steps: [{ tool: 'writeFile', args: { path: 'a.txt', content: 'v=2' } }, { tool: 'runCommand', args: { command: 'npm test' } }] };
    const { report, run, workspace } = await replanWith(JSON.stringify(steps));
    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(run.current.plan.steps.map((step) => `${step.id} ${step.tool}`), ['E3 writeFile', 'E4 runCommand']);
    assert.equal(workspace.files.get('a.txt'), 'v=2');
  });
});
