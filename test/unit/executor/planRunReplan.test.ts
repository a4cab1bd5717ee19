// Re-planning in place with a fake Replanner: what it is told, how its answer is put in place (completed
// steps frozen and not re-run, the diff traced, approvals kept only for unchanged steps), unknown steps
// reaching it like failed ones, and the re-planning budget ending the run as failed.
import * as assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { ReplanAnswer, Replanner, ReplanRequest } from '../../../src/core/run/modelRoles';
import type { PlanPatch } from '../../../src/core/plan/planPatch';
import type { Step } from '../../../src/core/plan/planSchema';
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest } from '../../../src/core/ports';
import { fakeRunDeps, liveSignal, runOptions, stepRecords, traceEvents, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

/** A re-planner that answers from a list, one answer per call, and keeps every request. */
class ScriptedReplanner implements Replanner {
  readonly requests: ReplanRequest[] = [];
  constructor(private readonly answers: ((request: ReplanRequest) => PlanPatch | Error)[]) {}
  async replan(request: ReplanRequest): Promise<ReplanAnswer> {
    this.requests.push(request);
    const answer = this.answers[Math.min(this.requests.length, this.answers.length) - 1](request);
    if (answer instanceof Error) throw answer;
    return { patch: answer, usage: [{ role: 'replanner', model: 'fake', promptTokens: 100, completionTokens: 20, cachedTokens: 60, estimated: false, ms: 5 }] };
  }
}

/** Approves everything, but answers about the steps in `late` only after a real delay. */
class SlowToAnswerGate implements ApprovalGate {
  readonly asked: string[] = [];
  constructor(private readonly late: readonly string[] = []) {}
  async request(request: ApprovalRequest): Promise<ApprovalAnswer> {
    this.asked.push(request.stepId);
    if (this.late.includes(request.stepId)) await delay(10);
    return 'approved';
  }
}

const write = (id: string, path: string, content: string, dependsOn: string[] = []) => ({
  id,
  title: `write ${path}`,
  tool: 'writeFile',
  args: { path, content },
  dependsOn,
  postcondition: { kind: 'fileContains', path, text: content },
});
const edit = (id: string, find: string, dependsOn: string[] = []) => ({
  id,
  title: 'edit b.txt',
  tool: 'editFile',
  args: { path: 'b.txt', edits: [{ find, replace: 'EDITED' }] },
  dependsOn,
  postcondition: { kind: 'fileContains', path: 'b.txt', text: 'EDITED' },
});
const command = (id: string, text: string, dependsOn: string[] = []) => ({
  id,
  title: text,
  tool: 'runCommand',
  args: { command: text },
  dependsOn,
  postcondition: { kind: 'exitCode', equals: 0 },
});

const replace = (step: object): PlanPatch[number] => ({ op: 'replace', id: (step as Step).id, step: step as Step });
const add = (step: object): PlanPatch[number] => ({ op: 'add', step: step as Step });

describe('PlanRun re-planning', () => {
  it('re-plans in place: revision 2, the completed step not re-run, the diff traced, approval asked only for new and changed steps', async () => {
    const plan = validPlan([write('E1', 'a.txt', 'a'), edit('E2', 'missing text', ['E1']), write('E3', 'c.txt', 'c', ['E1']), write('E4', 'd.txt', 'd', ['E2'])], { revision: 1 });
    const replanner = new ScriptedReplanner([() => [replace(edit('E2', 'old', ['E1'])), replace(write('E4', 'd.txt', 'd2', ['E2'])), add(write('E5', 'e.txt', 'e', ['E4']))]]);
    const gate = new SlowToAnswerGate(['E3']);
    const workspace = new MemoryWorkspace({ 'b.txt': 'the old text' });
    const deps = fakeRunDeps({ workspace, approvals: gate, replanner });
    const options = runOptions({ maxParallel: 1, approval: { autoApprove: 'readOnly', approvedCommands: [] } });
    const run = await PlanRun.start(plan, { runId: 'replan', options }, deps);
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'succeeded');
    assert.equal(report.revision, 2);
    assert.equal(report.replans, 1);
    assert.deepEqual(
      report.steps.map((step) => `${step.id}:${step.status}:r${step.revision}:x${step.attempts}`),
      ['E1:succeeded:r1:x1', 'E2:succeeded:r2:x1', 'E3:succeeded:r1:x1', 'E4:succeeded:r2:x1', 'E5:succeeded:r2:x1'],
    );
    assert.deepEqual(
      report.replaced.map((entry) => `${entry.id}:${entry.status}:r${entry.replacedInRevision}`),
      ['E2:failed:r2', 'E4:invalidated:r2'],
    );
    const [failed] = report.replaced;
    assert.equal(failed?.tool, 'editFile');
    assert.equal(failed?.attempts, 1);
    assert.match(failed?.error ?? '', /editFile b.txt/);
    assert.equal(run.current.recovering, undefined, 'the recovery is over once its revision is in place');
    assert.equal(workspace.files.get('b.txt'), 'the EDITED text');

    // What the re-planner was told.
    const [request] = replanner.requests;
    assert.equal(request.revision, 1);
    assert.deepEqual(request.frozen.map((step) => step.id), ['E1']);
    assert.equal(request.broken.step.id, 'E2');
    assert.equal(request.broken.status, 'failed');
    assert.match(request.broken.failure?.message ?? '', /editFile b.txt/);
    assert.deepEqual(request.invalidated.map((step) => step.id), ['E4']);
    assert.deepEqual(request.waiting.map((step) => step.id), ['E3']);

    // E1 and E3 ran once and were asked about once; the changed E2 and E4 were asked again, the new E5 once.
    const records = await stepRecords(deps.journal);
    assert.equal(records.filter((record) => record.stepId === 'E1' && record.event === 'start').length, 1);
    assert.equal(records.filter((record) => record.stepId === 'E3' && record.event === 'start').length, 1);
    assert.deepEqual([...gate.asked].sort(), ['E1', 'E2', 'E2', 'E3', 'E4', 'E5']);

    const replans = (await traceEvents(deps.trace)).filter((event) => event.type === 'replan');
    assert.deepEqual(replans.map((event) => event.type === 'replan' && [event.revision, event.failedStepId, event.added, event.removed, event.changed]), [[2, 'E2', ['E5'], [], ['E2', 'E4']]]);
    assert.equal(report.usage.replan.calls, 1);
    assert.equal(report.usage.replan.promptTokens, 100);
  });

  it('sends an unknown step to the re-planner after invalidating its dependents', async () => {
    const commands = new ScriptedCommandRunner((request) => (request.command === 'deploy' ? { exitCode: null, timedOut: true } : { exitCode: 0 }));
    const replanner = new ScriptedReplanner([() => [replace(command('E1', 'deploy --check'))]]);
    const deps = fakeRunDeps({ commands, replanner });
    const run = await PlanRun.start(validPlan([command('E1', 'deploy'), command('E2', 'smoke', ['E1'])]), { runId: 'unknown', options: runOptions() }, deps);
    const report = await run.execute(liveSignal());

    const [request] = replanner.requests;
    assert.equal(request.broken.status, 'unknown');
    assert.equal(request.broken.step.id, 'E1');
    assert.equal(request.broken.failure?.reason, 'timeout');
    assert.deepEqual(request.invalidated.map((step) => step.id), ['E2']);
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(commands.requests.map((entry) => entry.command), ['deploy', 'deploy --check', 'smoke']);
    assert.deepEqual(report.replaced.map((entry) => `${entry.id}:${entry.status}`), ['E1:unknown']);
  });

  it('ends the run as failed once the re-planning budget is spent, listing what failed each time', async () => {
    const commands = new ScriptedCommandRunner(() => ({ exitCode: 1 }));
    let attempt = 0;
    const replanner = new ScriptedReplanner([() => [replace(command('E2', `try-${++attempt}`, ['E1']))]]);
    const deps = fakeRunDeps({ commands, replanner });
    const plan = validPlan([write('E1', 'a.txt', 'a'), command('E2', 'try-0', ['E1'])]);
    const report = await (await PlanRun.start(plan, { runId: 'budget', options: runOptions({ maxReplans: 2 }) }, deps)).execute(liveSignal());

    assert.equal(report.status, 'failed');
    assert.equal(report.replans, 2);
    assert.equal(replanner.requests.length, 2);
    const lines = (report.reason ?? '').split('\n');
    assert.equal(lines[0], 'gave up after 2 re-plan(s); what failed each time:');
    assert.deepEqual(
      lines.slice(1).map((line) => line.replace(/: .*/, '')),
      ['1. 2 try-0 failed', '2. 2 try-1 failed', '3. 2 try-2 failed'],
    );
    assert.deepEqual(commands.requests.map((request) => request.command), ['try-0', 'try-1', 'try-2']);
    assert.equal(report.steps.find((step) => step.id === 'E1')?.attempts, 1);
  });

  it('stops in needsReplan without a re-planner, saying the plan can be edited by hand', async () => {
    const deps = fakeRunDeps({ commands: new ScriptedCommandRunner(() => ({ exitCode: 2 })) });
    const report = await (await PlanRun.start(validPlan([command('E1', 'make')]), { runId: 'none', options: runOptions() }, deps)).execute(liveSignal());
    assert.equal(report.status, 'needsReplan');
    assert.match(report.reason ?? '', /^1 make failed: .*no re-planner is configured, so edit the plan by hand and resume$/);
  });

  it('stops in needsReplan when the re-planner fails, and fails the run when its steps are invalid or reuse a completed id', async () => {
    const failing = () => fakeRunDeps({ commands: new ScriptedCommandRunner((request) => ({ exitCode: request.command === 'bad' ? 1 : 0 })) });
    const plan = validPlan([command('E1', 'good'), command('E2', 'bad', ['E1'])]);
    const outcome = async (answer: (request: ReplanRequest) => PlanPatch | Error) => {
      const deps = { ...failing(), replanner: new ScriptedReplanner([answer]) };
      return (await PlanRun.start(plan, { runId: 'x', options: runOptions() }, deps)).execute(liveSignal());
    };

    const down = await outcome(() => new Error('endpoint unreachable'));
    assert.equal(down.status, 'needsReplan');
    assert.match(down.reason ?? '', /the re-planner failed: endpoint unreachable$/);

    const spent = Object.assign(new Error('the re-planned steps were invalid twice'), {
      usage: [{ role: 'replanner', model: 'fake', promptTokens: 900, completionTokens: 80, cachedTokens: 0, estimated: false, ms: 40 }],
    });
    const refused = await outcome(() => spent);
    assert.equal(refused.status, 'needsReplan');
    assert.equal(refused.usage.replan.calls, 1, 'the tokens a failed re-plan spent still count');
    assert.equal(refused.usage.replan.promptTokens, 900);

    const invalid = await outcome(() => [add({ id: 'E3', title: 'x', tool: 'teleport', args: {} })]);
    assert.equal(invalid.status, 'failed');
    assert.match(invalid.reason ?? '', /the patch is invalid: E3\.tool/);

    const clash = await outcome(() => [replace(command('E1', 'again'))]);
    assert.equal(clash.status, 'failed');
    assert.match(clash.reason ?? '', /patch\[0\]: E1 has succeeded, so it is frozen and cannot be replaced/);
  });

  describe('revise: a plan edited by hand', () => {
    const broken = () => validPlan([write('E1', 'a.txt', 'a'), edit('E2', 'missing text', ['E1']), write('E3', 'c.txt', 'c', ['E2'])]);

    it('continues a needsReplan run with the edited plan: completed steps kept, the rest run', async () => {
      const workspace = new MemoryWorkspace({ 'b.txt': 'the old text' });
      const deps = fakeRunDeps({ workspace });
      const run = await PlanRun.start(broken(), { runId: 'edit', options: runOptions() }, deps);
      assert.equal((await run.execute(liveSignal())).status, 'needsReplan');

      const edited = validPlan([write('E1', 'a.txt', 'a'), edit('E2', 'old', ['E1']), write('E3', 'c.txt', 'c', ['E2'])]);
      const verdict = await run.revise(edited);
      assert.equal(verdict.ok, true);
      const report = await run.execute(liveSignal());
      assert.equal(report.status, 'succeeded');
      assert.equal(report.revision, 2);
      assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:r${step.revision}`), ['E1:succeeded:r1', 'E2:succeeded:r2', 'E3:succeeded:r1']);
      const replans = (await traceEvents(deps.trace)).filter((event) => event.type === 'replan');
      assert.deepEqual(replans.map((event) => event.type === 'replan' && [event.failedStepId, event.changed]), [[undefined, ['E2']]]);
    });

    it('refuses an edit that changes a completed step, and journals nothing', async () => {
      const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'b.txt': 'x' }) });
      const run = await PlanRun.start(broken(), { runId: 'edit', options: runOptions() }, deps);
      await run.execute(liveSignal());
      const records = (await deps.journal.readAll()).length;
      const verdict = await run.revise(validPlan([write('E1', 'a.txt', 'changed'), edit('E2', 'x', ['E1'])]));
      assert.equal(verdict.ok, false);
      assert.match(!verdict.ok ? verdict.problems[0].message : '', /"E1" has succeeded, so it cannot change/);
      assert.equal((await deps.journal.readAll()).length, records);
    });
  });
});
