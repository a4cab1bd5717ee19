// A run whose plan arrives step by step: steps start before the planner has finished, forward
// references wait, a bad step or a broken stream stops the run with what ran journalled, cancellation
// works mid-stream, and a journal cut off anywhere mid-stream resumes without re-running a finished step.
import * as assert from 'node:assert/strict';
import type { JournalRecord } from '../../../src/core/run/journalRecords';
import { PlanRun, type RunDeps } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { RunState } from '../../../src/core/run/runState';
import { runStreamedPlan, type StreamedPlanOutcome } from '../../../src/core/executor/streamedPlanRun';
import type { PlanStreamItem } from '../../../src/core/run/modelRoles';
import { fakeRunDeps, liveSignal, MemoryRecordLog, runOptions, ScriptedApprovalGate, stepRecords, traceEvents, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { ManualPlanSource, until } from '../support/manualPlanSource';

const read = (id: string, path = 'in.txt') => ({ id, title: `Read ${path}`, tool: 'readFile', args: { path } });
const write = (id: string, path: string, content: string, dependsOn?: string[]) => ({
  id,
  title: `Write ${path}`,
  tool: 'writeFile',
  args: { path, content },
  ...(dependsOn ? { dependsOn } : {}),
  postcondition: { kind: 'fileExists', path },
});
const START = { runId: 'streamed', goal: 'test goal', revision: 1 };

/** Deps over a workspace with `in.txt`, remembering the latest state the run reported. */
function streamDeps(parts: Partial<RunDeps> = {}) {
  const seen: { state?: RunState } = {};
  const workspace = new MemoryWorkspace({ 'in.txt': 'input', 'other.txt': 'other' });
  const deps = fakeRunDeps({ workspace, onChange: (state) => (seen.state = state), ...parts });
  return { deps, workspace, seen, status: (id: string) => seen.state?.steps.get(id)?.status };
}

function reportOf(outcome: StreamedPlanOutcome) {
  assert.ok(outcome.ran, 'expected the run to have started');
  return outcome.report;
}

describe('runStreamedPlan', () => {
  it('starts a step as soon as it arrives and is approved, before the planner has finished', async () => {
    const source = new ManualPlanSource();
    const { deps, status, workspace } = streamDeps();
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.step(read('E1'));
    await until(() => status('E1') === 'succeeded');
    source.step(write('E2', 'out.txt', '#E1'));
    await until(() => status('E2') === 'succeeded');
    source.end();
    const report = reportOf(await running);

    assert.equal(report.status, 'succeeded');
    assert.equal(workspace.files.get('out.txt'), 'input');
    const trace = await traceEvents(deps.trace);
    const arrived = trace.filter((event) => event.type === 'stepArrived');
    assert.deepEqual(arrived.map((event) => event.type === 'stepArrived' && [event.stepId, event.streamOffset.chars]), [['E1', JSON.stringify(read('E1')).length + 1], ['E2', JSON.stringify(read('E1')).length + JSON.stringify(write('E2', 'out.txt', '#E1')).length + 2]]);
    const early = trace.filter((event) => event.type === 'earlyStart').map((event) => event.type === 'earlyStart' && event.stepId);
    assert.deepEqual(early, ['E1', 'E2']);
    const journal = (await deps.journal.readAll()) as JournalRecord[];
    assert.deepEqual(journal.map((record) => record.type).filter((type) => type !== 'step' && type !== 'runStatus'), ['runStarted', 'stepAdded', 'planClosed', 'summary']);
  });

  it('hands the run to onRun once its first step is in, and that run can be paused while the plan is still written', async () => {
    const source = new ManualPlanSource();
    const { deps, status } = streamDeps();
    const handed: PlanRun[] = [];
    const running = runStreamedPlan(source, { ...START, options: runOptions(), onRun: (run) => handed.push(run) }, deps, liveSignal());
    assert.equal(handed.length, 0, 'no run before a step arrived');
    source.step(read('E1'));
    await until(() => status('E1') === 'succeeded');
    assert.equal(handed.length, 1);
    handed[0]!.pause();
    source.step(read('E2', 'other.txt'));
    source.end();
    const report = reportOf(await running);
    assert.equal(report.status, 'paused');
    assert.equal(status('E2'), 'pending', 'E2 arrived after the pause and did not start');
    assert.equal(handed.length, 1);
  });

  it('takes steps that arrive with delays and journals a run whose replay is the live state', async () => {
    async function* delayed(): AsyncGenerator<PlanStreamItem> {
      const steps = [read('E1'), write('E2', 'a.txt', '#E1'), read('E3', 'other.txt'), write('E4', 'b.txt', '#E3 #E2')];
      let chars = 0;
      for (const step of steps) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        chars += 40;
        yield { kind: 'step', step, offset: { chars, tokens: chars / 4 } };
      }
      yield { kind: 'usage', usage: { role: 'planner', model: 'm', promptTokens: 100, completionTokens: 40, cachedTokens: 0, estimated: false, ms: 20 } };
    }
    const { deps, workspace, seen } = streamDeps();
    const report = reportOf(await runStreamedPlan(delayed(), { ...START, options: runOptions() }, deps, liveSignal()));
    assert.equal(report.status, 'succeeded');
    assert.equal(workspace.files.get('b.txt'), 'other Created a.txt (1 lines)');
    assert.equal(report.usage.plan.completionTokens, 40);
    const replayed = await loadRunState(deps.journal, () => undefined);
    assert.deepStrictEqual(replayed, seen.state);
    assert.equal(replayed.planOpen, undefined);
    assert.deepEqual(replayed.plan.steps.map((step) => step.id), ['E1', 'E2', 'E3', 'E4']);
    const added = ((await deps.journal.readAll()) as JournalRecord[]).filter((record) => record.type === 'stepAdded');
    assert.deepEqual(added.map((record) => record.type === 'stepAdded' && record.streamOffset), [{ chars: 80, tokens: 20 }, { chars: 120, tokens: 30 }, { chars: 160, tokens: 40 }]);
  });

  it('lets a step that references a later one wait for it, and start once it arrived and succeeded', async () => {
    const source = new ManualPlanSource();
    const { deps, status, seen, workspace } = streamDeps();
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.step(write('E1', 'out.txt', 'copy of #E2'));
    source.step(read('E3', 'other.txt'));
    await until(() => status('E3') === 'succeeded');
    assert.equal(status('E1'), 'pending', 'E1 waits for E2, which has not been written yet');
    assert.equal(seen.state?.planProblems, undefined);
    source.step(read('E2'));
    source.end();
    const report = reportOf(await running);
    assert.equal(report.status, 'succeeded');
    assert.equal(workspace.files.get('out.txt'), 'copy of input');
  });

  it('rejects a bad step on its own, starts nothing after it, and stops the run when the plan closes', async () => {
    const source = new ManualPlanSource();
    const { deps, status, seen } = streamDeps();
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.step(read('E1'));
    await until(() => status('E1') === 'succeeded');
    source.step({ id: 'E2', title: 'Bad', tool: 'wrteFile', args: { path: 'x' } });
    await until(() => (seen.state?.planProblems?.length ?? 0) > 0);
    source.step(read('E3', 'other.txt'));
    await until(() => seen.state?.plan.steps.length === 2);
    source.end();
    const report = reportOf(await running);

    assert.equal(report.status, 'needsReplan');
    assert.match(report.reason ?? '', /unknown tool "wrteFile"/);
    assert.deepEqual(report.steps.map((step) => [step.id, step.status]), [['E1', 'succeeded'], ['E3', 'pending']]);
    const journal = (await deps.journal.readAll()) as JournalRecord[];
    assert.ok(journal.some((record) => record.type === 'stepRejected'));
    const resumed = await (await PlanRun.resume(deps)).execute(liveSignal());
    assert.equal(resumed.status, 'needsReplan', 'a resume without a fixed plan still starts nothing');
    assert.equal((await stepRecords(deps.journal)).filter((record) => record.stepId === 'E3' && record.event === 'start').length, 0);
  });

  it('fails the closed plan when a referenced step never arrives, without starting the step that waited for it', async () => {
    const source = new ManualPlanSource();
    const { deps } = streamDeps();
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.step(write('E1', 'out.txt', '#E5'));
    source.step(read('E2'));
    source.end();
    const report = reportOf(await running);
    assert.equal(report.status, 'needsReplan');
    assert.match(report.reason ?? '', /E1\.args\.content: reference "#E5" names no step of this plan/);
    assert.deepEqual(report.steps.map((step) => [step.id, step.status]), [['E1', 'pending'], ['E2', 'succeeded']]);
  });

  it('stops the run when the stream breaks off midway, keeping what ran', async () => {
    const source = new ManualPlanSource();
    const { deps, status } = streamDeps();
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.step(read('E1'));
    await until(() => status('E1') === 'succeeded');
    source.fail(new Error('connection reset'));
    const report = reportOf(await running);
    assert.equal(report.status, 'needsReplan');
    assert.match(report.reason ?? '', /the planner's reply broke off: connection reset/);
    assert.equal(report.steps[0]?.status, 'succeeded');
  });

  it('says the planner did not reply when the stream fails before its first item (a 500), not that the reply broke off', async () => {
    const source = new ManualPlanSource();
    const { deps } = streamDeps();
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.fail(new Error('500 internal server error'));
    const outcome = await running;
    assert.equal(outcome.ran, false);
    assert.deepEqual(outcome.ran ? [] : outcome.problems, ['the planner did not reply: 500 internal server error']);
  });

  it('is cancelled mid-stream: the stream is let go, waiting steps are cancelled, the run ends cancelled with the reason; resume carries on', async () => {
    const source = new ManualPlanSource();
    const gate = new ScriptedApprovalGate({}, 'wait');
    const { deps, status, workspace } = streamDeps({ approvals: gate });
    const controller = new AbortController();
    const running = runStreamedPlan(source, { ...START, options: runOptions({ approval: { autoApprove: 'readOnly', approvedCommands: [] } }) }, deps, controller.signal);
    source.step(read('E1'));
    source.step(write('E2', 'out.txt', 'x'));
    await until(() => status('E1') === 'succeeded' && status('E2') === 'awaitingApproval');
    controller.abort('cancelled by SIGINT (Ctrl-C)');
    const report = reportOf(await running);
    assert.deepEqual([report.status, report.reason], ['cancelled', 'cancelled by SIGINT (Ctrl-C)']);
    assert.deepEqual(report.steps.map((step) => [step.id, step.status]), [['E1', 'succeeded'], ['E2', 'cancelled']]);
    assert.ok(source.returned);
    const journalled = (await deps.journal.readAll()) as JournalRecord[];
    const last = journalled.filter((record) => record.type === 'runStatus').at(-1);
    assert.deepEqual(last && [last.status, last.reason], ['cancelled', 'cancelled by SIGINT (Ctrl-C)']);

    // The plan was cut short, so the resumed run goes no further on its own; completed by hand, it carries on.
    const resumed = await PlanRun.resume({ ...deps, approvals: new ScriptedApprovalGate() }, { approval: { autoApprove: 'all', approvedCommands: [] } });
    await resumed.reopen();
    const stopped = await resumed.execute(liveSignal());
    assert.equal(stopped.status, 'needsReplan');
    assert.match(stopped.reason ?? '', /planning was cancelled\n.*edit the plan and resume with it/);
    assert.ok((await resumed.revise(validPlan([read('E1'), write('E2', 'out.txt', 'x')], { goal: START.goal, revision: 1 }))).ok);
    const after = await resumed.execute(liveSignal());
    assert.equal(after.status, 'succeeded', after.reason);
    assert.deepEqual(after.steps.map((step) => [step.id, step.status, step.attempts]), [['E1', 'succeeded', 1], ['E2', 'succeeded', 1]]);
    assert.equal(workspace.files.get('out.txt'), 'x');
  });

  it('starts read-only steps early while a step that needs approval waits for the user', async () => {
    const source = new ManualPlanSource();
    const gate = new ScriptedApprovalGate({}, 'wait');
    const { deps, status } = streamDeps({ approvals: gate });
    const running = runStreamedPlan(source, { ...START, options: runOptions({ approval: { autoApprove: 'readOnly', approvedCommands: [] } }) }, deps, liveSignal());
    source.step(write('E1', 'out.txt', 'x'));
    source.step(read('E2'));
    await until(() => status('E2') === 'succeeded');
    assert.equal(status('E1'), 'awaitingApproval');
    source.end();
    const report = reportOf(await running);
    assert.equal(report.status, 'awaitingApproval');
    assert.deepEqual(gate.requests.map((request) => request.stepId), ['E1']);
  });

  it('runs nothing and journals nothing when no step passes the gate', async () => {
    const source = new ManualPlanSource();
    const { deps } = streamDeps();
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.problem('line 1: not a step');
    source.end();
    const outcome = await running;
    assert.equal(outcome.ran, false);
    assert.deepEqual(!outcome.ran && outcome.problems, ['line 1: not a step']);
    assert.deepEqual(await deps.journal.readAll(), []);
  });

  it('resumes a journal cut off at any record mid-stream without re-running a finished step', async () => {
    const source = new ManualPlanSource();
    const commands = new ScriptedCommandRunner(() => ({ exitCode: 0 }));
    const { deps, status } = streamDeps({ commands });
    const running = runStreamedPlan(source, { ...START, options: runOptions() }, deps, liveSignal());
    source.step(read('E1'));
    await until(() => status('E1') === 'succeeded');
    source.step(write('E2', 'a.txt', '#E1'));
    await until(() => status('E2') === 'succeeded');
    source.step(write('E3', 'b.txt', '#E2'));
    source.end();
    assert.equal(reportOf(await running).status, 'succeeded');
    const lines = (deps.journal as MemoryRecordLog).lines;
    const closedAt = lines.findIndex((line) => (JSON.parse(line) as JournalRecord).type === 'planClosed');

    for (let count = 1; count <= lines.length; count++) {
      const journal = new MemoryRecordLog();
      journal.lines.push(...lines.slice(0, count));
      const before = await loadRunState(journal, () => undefined);
      const resumedDeps = fakeRunDeps({ journal, commands, workspace: new MemoryWorkspace({ 'in.txt': 'input' }) });
      const report = await (await PlanRun.resume(resumedDeps)).execute(liveSignal());
      const done = [...before.steps].filter(([, run]) => run.status === 'succeeded').map(([id]) => id);
      const stepsBefore = lines.slice(0, count).filter((line) => (JSON.parse(line) as JournalRecord).type === 'step').length;
      const added = (await stepRecords(journal)).slice(stepsBefore);
      assert.deepEqual(added.filter((record) => record.event === 'start' && done.includes(record.stepId)), [], `after ${count} records`);
      if (count <= closedAt) {
        assert.equal(report.status, 'needsReplan', `after ${count} records`);
        assert.match(report.reason ?? '', /still being written/);
      } else {
        assert.equal(report.status, 'succeeded', `after ${count} records`);
      }
    }
  });
});
