// A step that ended unknown (its effect may have happened) and that a re-plan hands back unchanged is not
// simply run again: it waits for the user's explicit approval, whatever the auto-approve setting or an
// earlier approval says, with the risk in the question; only a setting that allows it explicitly runs it.
// The same holds for any step of the re-planner's answer with that effect (under a new id, a new title,
// new checks or dependencies), and for the unknown step when the answer leaves it untouched. The hold survives
// the run executing again, a resume from the journal under auto-approve "all" (the CLI's, and the editor's after
// a reload), and a cancel and reopen, even one that came after the user's approval but before the start: only a
// fresh answer lets the repeat run.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { PatchOp } from '../../../src/core/plan/planPatch';
import type { Step } from '../../../src/core/plan/planSchema';
import type { Replanner } from '../../../src/core/run/modelRoles';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { ApprovalAnswer, ApprovalGate } from '../../../src/core/ports';
import { defaultHostSettings } from '../../../src/core/hostSettings';
import { resumeHostRun } from '../../../src/vscode/run/hostRunDeps';
import type { RunHost } from '../../../src/vscode/run/runHost';
import { fakeRunDeps, liveSignal, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const DEPLOY: Step = { id: 'C1', title: 'deploy', tool: 'runCommand', args: { command: 'deploy' }, postcondition: { kind: 'exitCode', equals: 0 } };
const AFTER: Step = { id: 'R1', title: 'look', tool: 'readFile', args: { path: 'x.txt' }, dependsOn: ['C1'] };

/** A re-planner that hands the broken step back exactly as it was. */
const sameAgain: Replanner = {
  replan: async (request) => ({ patch: [{ op: 'replace', id: request.broken.step.id, step: request.broken.step }], usage: [] }),
};

/** A re-planner that answers with `patch` whatever the request. */
function answering(patch: PatchOp[]): Replanner {
  return { replan: async () => ({ patch, usage: [] }) };
}

async function run(rerunUnknown: boolean | undefined, fallback: ApprovalAnswer, replanner: Replanner = sameAgain, steps: readonly Step[] = [DEPLOY, AFTER], allowScopeGrowth = false) {
  let calls = 0;
  const commands = new ScriptedCommandRunner(() => (calls++ === 0 ? { exitCode: null, timedOut: true } : { exitCode: 0 }));
  const approvals = new ScriptedApprovalGate({}, fallback);
  const options = runOptions({ approval: { autoApprove: 'all', approvedCommands: [], ...(rerunUnknown === undefined ? {} : { rerunUnknown }), ...(allowScopeGrowth ? { allowScopeGrowth } : {}) } });
  const deps = fakeRunDeps({ commands, approvals, replanner, workspace: new MemoryWorkspace({ 'x.txt': 'x' }) });
  const planRun = await PlanRun.start(validPlan(steps), { runId: 'r', options }, deps);
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

describe('PlanRun: a re-planner step that repeats the effect of an unknown step', () => {
  const RISK = 'ended unknown: it may already have happened, and running this step may repeat it';

  it('waits for the user when the same command comes back under a new id and title, and replays so', async () => {
    const again: Step = { id: 'C2', title: 'deploy once more', tool: 'runCommand', args: { command: '  deploy ' }, postcondition: { kind: 'exitCode', equals: 0 } };
    const { report, commands, approvals, planRun, deps } = await run(undefined, 'wait', answering([{ op: 'drop', id: 'C1' }, { op: 'add', step: again }]));
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.deepEqual(approvals.requests.map((request) => [request.stepId, request.reason]), [
      ['C2', `2 deploy once more repeats the effect of 1 deploy, which ${RISK}: approve only if that is safe`],
    ]);
    assert.deepStrictEqual(await loadRunState(deps.journal, () => undefined), planRun.current, 'the replayed run carries the risk too');
  });

  it('waits for the user when the step is replaced with only a new title, postcondition, dependency and timeout', async () => {
    const first: Step = { id: 'C0', title: 'prepare', tool: 'readFile', args: { path: 'x.txt' } };
    const reworded: Step = { id: 'C1', title: 'ship it', tool: 'runCommand', args: { command: 'deploy', cwd: './', timeoutMs: 5000 }, dependsOn: ['C0'], postcondition: { kind: 'outputContains', text: 'ok' } };
    const { report, commands, approvals } = await run(undefined, 'wait', answering([{ op: 'replace', id: 'C1', step: reworded }]), [first, DEPLOY, AFTER]);
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.deepEqual(approvals.requests.map((request) => [request.stepId, request.reason]), [
      ['C1', `2 ship it repeats the effect of 2 deploy, which ${RISK}: approve only if that is safe`],
    ]);
  });

  it('keeps the risk through a later hand edit that leaves the repeat as it is', async () => {
    const again: Step = { id: 'C2', title: 'deploy once more', tool: 'runCommand', args: { command: 'deploy' }, postcondition: { kind: 'exitCode', equals: 0 } };
    const { commands, approvals, planRun } = await run(undefined, 'wait', answering([{ op: 'drop', id: 'C1' }, { op: 'add', step: again }]));
    const edited = validPlan([...planRun.current.plan.steps, { id: 'N1', title: 'note', tool: 'readFile', args: { path: 'x.txt' } }], { revision: planRun.current.revision + 1 });
    assert.equal((await planRun.revise(edited)).ok, true);
    const report = await planRun.execute(liveSignal());
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.deepEqual(approvals.requests.map((request) => request.stepId), ['C2', 'C2']);
    assert.match(approvals.requests[1]!.reason, /repeats the effect of 1 deploy, which ended unknown/);
  });

  it('runs the repeat once the user approves it', async () => {
    const again: Step = { id: 'C2', title: 'deploy once more', tool: 'runCommand', args: { command: 'deploy' }, postcondition: { kind: 'exitCode', equals: 0 } };
    const { report, commands } = await run(undefined, 'approved', answering([{ op: 'drop', id: 'C1' }, { op: 'add', step: again }]));
    assert.deepEqual(commands.requests.map((request) => request.command), ['deploy', 'deploy']);
    assert.equal(report.status, 'succeeded', report.reason);
  });

  it('runs a step with another effect without asking, where the run allows its new command', async () => {
    const other: Step = { id: 'C2', title: 'deploy the fix', tool: 'runCommand', args: { command: 'deploy --fixed' }, postcondition: { kind: 'exitCode', equals: 0 } };
    const { report, commands, approvals } = await run(undefined, 'wait', answering([{ op: 'drop', id: 'C1' }, { op: 'add', step: other }]), undefined, true);
    assert.deepEqual(commands.requests.map((request) => request.command), ['deploy', 'deploy --fixed']);
    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(approvals.requests, []);
  });

  it('asks about the unknown step itself when the answer leaves it untouched', async () => {
    const extra: Step = { id: 'R2', title: 'look again', tool: 'readFile', args: { path: 'x.txt' } };
    const { report, commands, approvals, planRun, deps } = await run(undefined, 'wait', answering([{ op: 'add', step: extra }]));
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.equal(planRun.current.steps.get('C1')?.status, 'awaitingApproval');
    assert.deepEqual(approvals.requests.map((request) => [request.stepId, request.reason]), [
      ['C1', '1 deploy ended unknown: its effect may already have happened, and running it again may repeat it: approve only if that is safe'],
    ]);
    assert.deepStrictEqual(await loadRunState(deps.journal, () => undefined), planRun.current);
  });
});

describe('PlanRun: a held repeat of an unknown step across a resume', () => {
  const HELD = 'waiting for approval: 1 deploy ended unknown: its effect may already have happened, and running it again may repeat it';

  it('still waits, the risk named, when the same run executes again', async () => {
    const { commands, approvals, planRun } = await run(undefined, 'wait');
    const report = await planRun.execute(liveSignal());
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.equal(report.reason, HELD);
    assert.deepEqual(approvals.requests.map((request) => request.stepId), ['C1', 'C1']);
    assert.match(approvals.requests[1]!.reason, /^1 deploy ended unknown: .*: approve only if that is safe$/);
  });

  it('still waits when resumed from its journal with every approval allowed, and replays the risk', async () => {
    const { commands, deps } = await run(undefined, 'wait');
    const approvals = new ScriptedApprovalGate({}, 'wait');
    const resumed = await PlanRun.resume({ ...deps, approvals }, runOptions({ approval: { autoApprove: 'all', approvedCommands: [] } }));
    const report = await resumed.execute(liveSignal());
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.equal(report.reason, HELD);
    assert.match(approvals.requests[0]?.reason ?? '', /^1 deploy ended unknown/);
    const replayed = await loadRunState(deps.journal, () => undefined);
    assert.equal(replayed.steps.get('C1')?.rerunRisk, resumed.current.steps.get('C1')?.rerunRisk);
    assert.match(replayed.steps.get('C1')?.rerunRisk ?? '', /ended unknown/);
  });

  it('still waits when the editor carries the run on after a reload, with auto-approve "all" in the settings', async () => {
    const { commands, deps } = await run(undefined, 'wait');
    const approvals = new ScriptedApprovalGate({}, 'wait');
    const warnings: string[] = [];
    const editor = {
      settings: () => ({ ...defaultHostSettings(), autoApprove: 'all' }),
      log: { info: () => undefined, warn: (message: string) => warnings.push(message), error: () => undefined },
      models: async () => {
        throw new Error('no model is configured');
      },
    } as unknown as RunHost;
    const resumed = await resumeHostRun(editor, await loadRunState(deps.journal, () => undefined), () => ({ ...deps, approvals }));
    const report = await resumed.execute(liveSignal());
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.reason, HELD);
    assert.match(approvals.requests[0]?.reason ?? '', /^1 deploy ended unknown/);
    assert.match(warnings.join('\n'), /no model is configured/);
  });

  it('runs it again after a resume only on the user\'s answer', async () => {
    const { commands, deps } = await run(undefined, 'wait');
    const resumed = await PlanRun.resume({ ...deps, approvals: new ScriptedApprovalGate({}, 'approved') });
    const report = await resumed.execute(liveSignal());
    assert.equal(commands.requests.length, 2);
    assert.equal(report.status, 'succeeded', report.reason);
  });

  it('asks again when the run was cancelled between the user\'s approval and the start', async () => {
    const { commands, deps } = await run(undefined, 'wait');
    const stop = new AbortController();
    const approvingThenCancelling: ApprovalGate = {
      request: async () => {
        stop.abort();
        return 'approved';
      },
    };
    await (await PlanRun.resume({ ...deps, approvals: approvingThenCancelling })).execute(stop.signal);
    assert.equal(commands.requests.length, 1, 'cancelled before the approved deploy started');
    const approvals = new ScriptedApprovalGate({}, 'wait');
    const reopened = await PlanRun.resume({ ...deps, approvals });
    await reopened.reopen();
    const report = await reopened.execute(liveSignal());
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.reason, HELD);
    assert.match(approvals.requests[0]?.reason ?? '', /^1 deploy ended unknown/, 'the earlier approval does not stand for a fresh answer');
  });

  it('keeps the risk through a cancel and a reopen', async () => {
    const { commands, deps } = await run(undefined, 'wait');
    const cancelled = new AbortController();
    cancelled.abort();
    const stopped = await PlanRun.resume(deps);
    await stopped.execute(cancelled.signal);
    const reopened = await PlanRun.resume({ ...deps, approvals: new ScriptedApprovalGate({}, 'wait') });
    await reopened.reopen();
    const report = await reopened.execute(liveSignal());
    assert.equal(commands.requests.length, 1, 'deploy ran once');
    assert.equal(report.status, 'awaitingApproval');
    assert.equal(report.reason, HELD);
  });
});
