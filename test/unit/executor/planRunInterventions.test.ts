// What a person does to a run from the editor between executions: pause (running steps finish, nothing new
// starts, open approvals wait), retry a failed step (with the steps its failure invalidated), and skip a step.
// Each is journalled, so a replayed run shows it.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest, CommandRequest, CommandResult, CommandRunner } from '../../../src/core/ports';
import { fakeRunDeps, liveSignal, MemoryRecordLog, runOptions, stepRecords, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const CHAIN = validPlan([
  { id: 'C1', title: 'build', tool: 'runCommand', args: { command: 'make' }, postcondition: { kind: 'exitCode', equals: 0 } },
  { id: 'C2', title: 'test', tool: 'runCommand', args: { command: 'make test' }, dependsOn: ['C1'], postcondition: { kind: 'exitCode', equals: 0 } },
  { id: 'C3', title: 'lint', tool: 'runCommand', args: { command: 'make lint' }, postcondition: { kind: 'exitCode', equals: 0 } },
]);

/** A gate whose requests stay open until the test answers them. */
class OpenGate implements ApprovalGate {
  readonly asked: ApprovalRequest[] = [];
  private readonly answers = new Map<string, (answer: ApprovalAnswer) => void>();
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    this.asked.push(request);
    return new Promise((resolve) => {
      this.answers.set(request.stepId, resolve);
      signal.addEventListener('abort', () => resolve('wait'));
    });
  }
  answer(stepId: string, answer: ApprovalAnswer): void {
    this.answers.get(stepId)?.(answer);
  }
}

/** Runs commands at once, except `held`, which ends only when the test calls the function it is handed. */
class GatedCommandRunner implements CommandRunner {
  readonly requests: CommandRequest[] = [];
  constructor(
    private readonly held: string,
    private readonly onHeld: (release: () => void) => void,
  ) {}
  async run(request: CommandRequest): Promise<CommandResult> {
    this.requests.push(request);
    if (request.command === this.held) await new Promise<void>((resolve) => this.onHeld(resolve));
    return { exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
  }
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  assert.ok(condition(), 'condition never held');
}

describe('PlanRun interventions', () => {
  it('pause: the running step finishes, nothing new starts, and the run is paused until execute again', async () => {
    let release: () => void = () => undefined;
    const commands = new GatedCommandRunner('make', (open) => (release = open));
    const deps = fakeRunDeps({ commands });
    const run = await PlanRun.start(CHAIN, { runId: 'r', options: runOptions({ maxParallel: 1 }) }, deps);
    const executing = run.execute(liveSignal());
    await until(() => run.current.steps.get('C1')?.status === 'running');
    run.pause();
    release();
    const report = await executing;
    assert.equal(report.status, 'paused');
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}`), ['C1:succeeded', 'C2:pending', 'C3:approved']);
    assert.deepEqual(commands.requests.map((request) => request.command), ['make']);
    const resumed = await run.execute(liveSignal());
    assert.equal(resumed.status, 'succeeded');
    assert.deepEqual(commands.requests.map((request) => request.command).sort(), ['make', 'make lint', 'make test']);
  });

  it('pause leaves an open approval waiting, and the next execute asks again', async () => {
    const gate = new OpenGate();
    const deps = fakeRunDeps({ approvals: gate, workspace: new MemoryWorkspace() });
    const options = runOptions({ approval: { autoApprove: 'readOnly', approvedCommands: [] } });
    const run = await PlanRun.start(CHAIN, { runId: 'r', options }, deps);
    const executing = run.execute(liveSignal());
    await until(() => gate.asked.length === 2);
    run.pause();
    const report = await executing;
    assert.equal(report.status, 'paused');
    assert.deepEqual([...report.waitingForApproval].sort(), ['C1', 'C3']);
    const again = run.execute(liveSignal());
    await until(() => gate.asked.length === 4);
    for (const id of ['C1', 'C3']) gate.answer(id, 'approved');
    await until(() => gate.asked.length === 5);
    gate.answer('C2', 'approved');
    assert.equal((await again).status, 'succeeded');
  });

  it('retry: a failed step and the steps its failure invalidated run again, and the run carries on', async () => {
    let failures = 1;
    const commands = new ScriptedCommandRunner((request) => (request.command === 'make' && failures-- > 0 ? { exitCode: 2 } : { exitCode: 0 }));
    const deps = fakeRunDeps({ commands });
    const run = await PlanRun.start(CHAIN, { runId: 'r', options: runOptions({ retry: { maxRetries: 0, baseDelayMs: 0 } }) }, deps);
    const first = await run.execute(liveSignal());
    assert.equal(first.status, 'needsReplan');
    assert.deepEqual(first.steps.map((step) => `${step.id}:${step.status}`), ['C1:failed', 'C2:invalidated', 'C3:succeeded']);
    assert.deepEqual(await run.retry('C1'), { ok: true });
    assert.deepEqual([...run.current.steps].map(([id, step]) => `${id}:${step.status}`), ['C1:pending', 'C2:pending', 'C3:succeeded']);
    const second = await run.execute(liveSignal());
    assert.equal(second.status, 'succeeded');
    const replayed = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual([...replayed.steps].map(([id, step]) => `${id}:${step.status}`), ['C1:succeeded', 'C2:succeeded', 'C3:succeeded']);
  });

  it('retry refuses a step that has not broken', async () => {
    const run = await PlanRun.start(CHAIN, { runId: 'r', options: runOptions() }, fakeRunDeps());
    const result = await run.retry('C1');
    assert.equal(result.ok, false);
    assert.match(!result.ok ? result.reason : '', /1 build is pending/);
  });

  it('retry of a step in a cancelled run marks the run paused, so execute goes on', async () => {
    const controller = new AbortController();
    controller.abort();
    const deps = fakeRunDeps();
    const run = await PlanRun.start(CHAIN, { runId: 'r', options: runOptions() }, deps);
    assert.equal((await run.execute(controller.signal)).status, 'cancelled');
    await run.retry('C1');
    await run.retry('C3');
    assert.equal(run.current.status, 'paused');
    const report = await run.execute(liveSignal());
    assert.equal(report.status, 'succeeded');
  });

  describe('reopen after a cancellation', () => {
    /** Commands end at once, except `make`, which runs until the run is cancelled. */
    const runUntilCancelled = (): CommandRunner & { requests: CommandRequest[] } => {
      const requests: CommandRequest[] = [];
      return {
        requests,
        run: (request, signal) => {
          requests.push(request);
          if (request.command !== 'make') return Promise.resolve({ exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 1 });
          return new Promise((resolve) => signal?.addEventListener('abort', () => resolve({ exitCode: null, output: '', truncated: false, timedOut: false, cancelled: true, durationMs: 1 })));
        },
      };
    };

    async function cancelWhileBuilding(build: Record<string, unknown>, workspace = new MemoryWorkspace()) {
      const commands = runUntilCancelled();
      const plan = validPlan([{ ...CHAIN.steps[0], ...build }, CHAIN.steps[1]]);
      const journal = new MemoryRecordLog();
      const run = await PlanRun.start(plan, { runId: 'r', options: runOptions() }, fakeRunDeps({ commands, journal, workspace }));
      const controller = new AbortController();
      const done = run.execute(controller.signal);
      while (commands.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      controller.abort('cancelled by SIGINT (Ctrl-C)');
      const report = await done;
      assert.deepEqual([report.status, report.reason], ['cancelled', 'cancelled by SIGINT (Ctrl-C)']);
      await run.reopen();
      return { run, commands, journal };
    }

    it('keeps a non-idempotent step that was running cancelled (its effect may have happened) and starts the rest afresh', async () => {
      const { run, commands } = await cancelWhileBuilding({});
      assert.deepEqual([...run.current.steps].map(([id, step]) => `${id}:${step.status}`), ['C1:cancelled', 'C2:pending']);
      const report = await run.execute(liveSignal());
      assert.deepEqual([report.status, report.reason], ['needsReplan', '1 build stopped while running and may have had an effect: check what it did, then try it again or edit the plan']);
      assert.equal(commands.requests.length, 1, 'make did not run again');
    });

    it('starts a non-idempotent step again when its statusCheck shows it had no effect, as the one retry a not-done settle allows', async () => {
      const { run, journal } = await cancelWhileBuilding({ statusCheck: { kind: 'fileExists', path: 'built.txt' } });
      const build = run.current.steps.get('C1')!;
      assert.deepEqual([build.status, build.retriedAfterSettle], ['pending', true]);
      assert.match(build.reason ?? '', /settled as not done/);
      const commands = new ScriptedCommandRunner(() => ({}));
      const report = await (await PlanRun.resume(fakeRunDeps({ journal, commands }))).execute(liveSignal());
      assert.equal(report.status, 'succeeded');
      assert.deepEqual(commands.requests.map((request) => request.command), ['make', 'make test']);
    });

    it('keeps a non-idempotent step cancelled when its statusCheck shows the effect happened', async () => {
      const { run, commands } = await cancelWhileBuilding({ statusCheck: { kind: 'fileExists', path: 'built.txt' } }, new MemoryWorkspace({ 'built.txt': 'ok' }));
      assert.equal(run.current.steps.get('C1')!.status, 'cancelled');
      assert.equal((await run.execute(liveSignal())).status, 'needsReplan');
      assert.equal(commands.requests.length, 1, 'make did not run again');
    });

    it('starts an idempotent step that was running again, and the run finishes', async () => {
      const { run, journal } = await cancelWhileBuilding({ idempotent: true });
      assert.deepEqual([...run.current.steps].map(([id, step]) => `${id}:${step.status}`), ['C1:pending', 'C2:pending']);
      const commands = new ScriptedCommandRunner(() => ({}));
      const report = await (await PlanRun.resume(fakeRunDeps({ journal, commands }))).execute(liveSignal());
      assert.equal(report.status, 'succeeded');
      assert.deepEqual(commands.requests.map((request) => request.command), ['make', 'make test']);
    });
  });

  it('skip: the step is skipped by the user and what depends on it is invalidated, both journalled', async () => {
    const deps = fakeRunDeps();
    const run = await PlanRun.start(CHAIN, { runId: 'r', options: runOptions() }, deps);
    assert.deepEqual(await run.skip('C1'), { ok: true });
    const records = await stepRecords(deps.journal);
    assert.deepEqual(records.map((record) => `${record.stepId} ${record.event} ${record.reason}`), ['C1 skip skipped by the user', 'C2 invalidate depends on 1 build, which was skipped']);
    assert.equal((await run.skip('C1')).ok, false);
  });
});
