// A step that ended unknown (its effect may have happened) and that a re-plan hands back unchanged is not
// simply run again: it waits for the user's explicit approval, whatever the auto-approve setting or an
// earlier approval says, with the risk in the question; only a setting that allows it explicitly runs it.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { Replanner } from '../../../src/core/run/modelRoles';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { ApprovalAnswer } from '../../../src/core/ports';
import { fakeRunDeps, liveSignal, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const DEPLOY = { id: 'C1', title: 'deploy', tool: 'runCommand', args: { command: 'deploy' }, postcondition: { kind: 'exitCode', equals: 0 } };
const AFTER = { id: 'R1', title: 'look', tool: 'readFile', args: { path: 'x.txt' }, dependsOn: ['C1'] };

/** A re-planner that hands the broken step back exactly as it was. */
const sameAgain: Replanner = {
  replan: async (request) => ({ patch: [{ op: 'replace', id: request.broken.step.id, step: request.broken.step }], usage: [] }),
};

async function run(rerunUnknown: boolean | undefined, fallback: ApprovalAnswer) {
  let calls = 0;
  const commands = new ScriptedCommandRunner(() => (calls++ === 0 ? { exitCode: null, timedOut: true } : { exitCode: 0 }));
  const approvals = new ScriptedApprovalGate({}, fallback);
  const options = runOptions({ approval: { autoApprove: 'all', approvedCommands: [], ...(rerunUnknown === undefined ? {} : { rerunUnknown }) } });
  const deps = fakeRunDeps({ commands, approvals, replanner: sameAgain, workspace: new MemoryWorkspace({ 'x.txt': 'x' }) });
  const planRun = await PlanRun.start(validPlan([DEPLOY, AFTER]), { runId: 'r', options }, deps);
  const report = await planRun.execute(liveSignal());
  return { report, commands, approvals, planRun, deps };
}

describe('PlanRun: an unknown step handed back unchanged by the re-planner', () => {
  it('does not run again under auto-approve "all": it waits for the user, the question naming the risk', async () => {
    const { report, commands, approvals, planRun, deps } = await run(undefined, 'wait');
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.equal(report.reason, 'waiting for approval: 1 deploy ended unknown: its effect may already have happened, and running it again may repeat it');
    assert.deepEqual(approvals.requests.map((request) => [request.stepId, request.reason]), [
      ['C1', '1 deploy ended unknown: its effect may already have happened, and running it again may repeat it: approve only if that is safe'],
    ]);
    assert.deepStrictEqual(await loadRunState(deps.journal, () => undefined), planRun.current, 'the replayed run carries the risk too');
  });

  it('runs it again once the user approves it', async () => {
    const { report, commands } = await run(undefined, 'approved');
    assert.equal(commands.requests.length, 2);
    assert.equal(report.status, 'succeeded');
  });

  it('runs it again without asking only when the settings allow it explicitly', async () => {
    const { report, commands, approvals } = await run(true, 'wait');
    assert.equal(commands.requests.length, 2);
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(approvals.requests, []);
  });
});
