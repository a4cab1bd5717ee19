// What a run does after a failed attempt, with fake ports and a fake clock: ambiguous failures of safe
// calls retried with backoff, definite failures never retried, and ambiguous failures of non-idempotent
// calls settled first — by the tool's status read or by the step's own statusCheck.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { RunReport } from '../../../src/core/run/runSummary';
import type { CommandRequest, CommandResult } from '../../../src/core/ports';
import { FakeClock, fakeRunDeps, liveSignal, runOptions, stepRecords, traceEvents, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const TIMED_OUT: Partial<CommandResult> = { exitCode: null, timedOut: true };

/** Runs `steps` with everything approved; the runner answers from `answers` in turn (then succeeds). */
async function run(steps: unknown[], parts: { answers?: (Partial<CommandResult> | ((request: CommandRequest) => Partial<CommandResult> | Error))[]; workspace?: MemoryWorkspace } = {}) {
  const answers = [...(parts.answers ?? [])];
  const commands = new ScriptedCommandRunner((request) => {
    const next = answers.shift() ?? {};
    return typeof next === 'function' ? next(request) : next;
  });
  const clock = new FakeClock();
  const deps = fakeRunDeps({ commands, clock, workspace: parts.workspace ?? new MemoryWorkspace() });
  const report = await (await PlanRun.start(validPlan(steps), { runId: 'retries', options: runOptions() }, deps)).execute(liveSignal());
  const trace = await traceEvents(deps.trace);
  return { report, commands, clock, trace, journal: await stepRecords(deps.journal) };
}

const stepOf = (report: RunReport, id: string) => report.steps.find((step) => step.id === id)!;

/** A workspace whose appends misbehave in a scripted way, one behaviour per call. */
class FlakyWorkspace extends MemoryWorkspace {
  constructor(private readonly behaviours: ('ok' | 'failAfterAppending' | 'failBeforeAppending' | 'appendPartOfItThenFail')[]) {
    super();
  }
  override async appendFile(path: string, content: string): Promise<void> {
    const behaviour = this.behaviours.shift() ?? 'ok';
    if (behaviour === 'failBeforeAppending') throw new Error('EIO: write failed');
    await super.appendFile(path, behaviour === 'appendPartOfItThenFail' ? content.slice(0, 3) : content);
    if (behaviour !== 'ok') throw new Error('ECONNRESET: the share went away');
  }
}

const append = { id: 'E1', title: 'log', tool: 'appendFile', args: { path: 'log.txt', content: 'entry\n' }, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'entry' } };
const dependent = { id: 'E2', title: 'after', tool: 'readFile', args: { path: 'log.txt' }, dependsOn: ['E1'] };

describe('PlanRun retries and settling', () => {
  describe('an ambiguous failure of an idempotent step', () => {
    const idempotent = { id: 'E1', title: 'build', tool: 'runCommand', args: { command: 'make' }, idempotent: true, postcondition: { kind: 'exitCode', equals: 0 } };

    it('is retried with exponential backoff and succeeds on the third attempt', async () => {
      const { report, commands, clock, trace } = await run([idempotent], { answers: [TIMED_OUT, TIMED_OUT, { exitCode: 0 }] });
      assert.equal(report.status, 'succeeded');
      assert.equal(commands.requests.length, 3);
      assert.deepEqual(clock.sleeps, [250, 500]);
      assert.equal(stepOf(report, 'E1').attempts, 3);
      const retries = trace.filter((event) => event.type === 'retry');
      assert.deepEqual(retries.map((event) => event.type === 'retry' && [event.attempt, event.delayMs]), [[2, 250], [3, 500]]);
      assert.ok(retries.every((event) => event.type === 'retry' && /safe to repeat/.test(event.reason)));
    });

    it('fails once the retries are used up', async () => {
      const { report, commands, clock } = await run([idempotent], { answers: [TIMED_OUT, TIMED_OUT, TIMED_OUT, TIMED_OUT] });
      assert.equal(stepOf(report, 'E1').status, 'failed');
      assert.equal(commands.requests.length, 3);
      assert.deepEqual(clock.sleeps, [250, 500]);
    });
  });

  describe('an ambiguous failure of an idempotent file step', () => {
    /** A workspace whose next delete removes the file and then reports a lost connection. */
    class DeleteThenDropWorkspace extends MemoryWorkspace {
      override async deleteFile(path: string): Promise<void> {
        await super.deleteFile(path);
        throw new Error('ECONNRESET: the share went away');
      }
    }
    const remove = { id: 'E1', title: 'remove', tool: 'deleteFile', args: { path: 'old.ts' }, postcondition: { kind: 'fileAbsent', path: 'old.ts' } };

    it('reads the status before retrying, so a delete that landed succeeds instead of failing on "not found"', async () => {
      const { report, clock, trace } = await run([remove], { workspace: new DeleteThenDropWorkspace({ 'old.ts': 'x' }) });
      assert.equal(stepOf(report, 'E1').status, 'succeeded');
      assert.equal(stepOf(report, 'E1').attempts, 1);
      assert.deepEqual(clock.sleeps, []);
      assert.ok(trace.some((event) => event.type === 'settle' && event.outcome === 'done' && /no retry needed/.test(event.reason)));
    });

    it('still retries when the status read shows the effect did not land', async () => {
      const workspace = new MemoryWorkspace({ 'old.ts': 'x' });
      workspace.failNext('deleteFile', new Error('ECONNRESET: the share went away'));
      const { report, clock } = await run([remove], { workspace });
      assert.equal(stepOf(report, 'E1').status, 'succeeded');
      assert.equal(stepOf(report, 'E1').attempts, 2);
      assert.deepEqual(clock.sleeps, [250]);
    });
  });

  it('never retries a definite failure: one attempt, no backoff, failed', async () => {
    const step = { id: 'E1', title: 'test', tool: 'runCommand', args: { command: 'npm test' }, idempotent: true, postcondition: { kind: 'fileExists', path: 'report.xml' } };
    const { report, commands, clock } = await run([step], { answers: [{ exitCode: 1 }] });
    assert.equal(stepOf(report, 'E1').status, 'failed');
    assert.equal(commands.requests.length, 1);
    assert.deepEqual(clock.sleeps, []);
  });

  it('fails a step whose precondition does not hold without running its tool', async () => {
    const step = { id: 'E1', title: 'test', tool: 'runCommand', args: { command: 'npm test' }, precondition: { kind: 'fileExists', path: 'package.json' }, postcondition: { kind: 'exitCode', equals: 0 } };
    const { report, commands, trace } = await run([step]);
    assert.equal(stepOf(report, 'E1').status, 'failed');
    assert.match(stepOf(report, 'E1').error ?? '', /^precondition failed: fileExists package.json/);
    assert.equal(commands.requests.length, 0);
    assert.equal(trace.filter((event) => event.type === 'intent').length, 0);
  });

  describe('an ambiguous failure of a non-idempotent step, settled by the status read', () => {
    it('settled as done: succeeds after the postcondition holds, without running again', async () => {
      const workspace = new FlakyWorkspace(['failAfterAppending']);
      const { report, trace } = await run([append], { workspace });
      assert.equal(stepOf(report, 'E1').status, 'succeeded');
      assert.equal(stepOf(report, 'E1').attempts, 1);
      assert.equal(workspace.files.get('log.txt'), 'entry\n');
      const settle = trace.find((event) => event.type === 'settle');
      assert.deepEqual(settle && settle.type === 'settle' && [settle.method, settle.outcome, settle.decision], ['statusRead', 'done', 'checkPostcondition']);
      assert.ok(trace.some((event) => event.type === 'check' && event.role === 'postcondition' && event.ok));
    });

    it('settled as done but the postcondition fails: failed', async () => {
      const workspace = new FlakyWorkspace(['failAfterAppending']);
      const step = { ...append, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'something else' } };
      const { report } = await run([step], { workspace });
      assert.equal(stepOf(report, 'E1').status, 'failed');
    });

    it('settled as not done: one retry is allowed, and it succeeds', async () => {
      const workspace = new FlakyWorkspace(['failBeforeAppending', 'ok']);
      const { report, clock, trace } = await run([append], { workspace });
      assert.equal(stepOf(report, 'E1').status, 'succeeded');
      assert.equal(stepOf(report, 'E1').attempts, 2);
      assert.equal(workspace.files.get('log.txt'), 'entry\n');
      assert.deepEqual(clock.sleeps, [250]);
      assert.ok(trace.some((event) => event.type === 'settle' && event.outcome === 'notDone' && event.decision === 'retry'));
    });

    it('not done twice: fails after the one retry instead of retrying again', async () => {
      const workspace = new FlakyWorkspace(['failBeforeAppending', 'failBeforeAppending', 'ok']);
      const { report } = await run([append, dependent], { workspace });
      assert.equal(stepOf(report, 'E1').status, 'failed');
      assert.equal(stepOf(report, 'E1').attempts, 2);
      assert.equal(stepOf(report, 'E2').status, 'invalidated');
      assert.equal(workspace.files.get('log.txt'), undefined);
    });

    it('cannot tell: the step becomes unknown and its dependents are invalidated', async () => {
      const workspace = new FlakyWorkspace(['appendPartOfItThenFail']);
      const { report, trace } = await run([append, dependent], { workspace });
      assert.equal(stepOf(report, 'E1').status, 'unknown');
      assert.equal(stepOf(report, 'E1').attempts, 1);
      assert.equal(stepOf(report, 'E2').status, 'invalidated');
      assert.ok(trace.some((event) => event.type === 'settle' && event.outcome === 'cannotTell' && event.decision === 'unknown'));
    });
  });

  describe("an ambiguous failure of a non-idempotent command, settled by the step's statusCheck", () => {
    const deploy = {
      id: 'E1',
      title: 'deploy',
      tool: 'runCommand',
      args: { command: 'deploy' },
      statusCheck: { kind: 'fileExists', path: 'deployed.txt' },
      postcondition: { kind: 'fileExists', path: 'deployed.txt' },
    };

    it('statusCheck holds: settled as done, succeeds without running again', async () => {
      const workspace = new MemoryWorkspace();
      const deployThenTimeOut = () => {
        workspace.files.set('deployed.txt', 'yes');
        return TIMED_OUT;
      };
      const { report, commands, trace } = await run([deploy], { workspace, answers: [deployThenTimeOut] });
      assert.equal(stepOf(report, 'E1').status, 'succeeded');
      assert.equal(commands.requests.length, 1);
      assert.ok(trace.some((event) => event.type === 'check' && event.role === 'statusCheck' && event.ok));
      assert.ok(trace.some((event) => event.type === 'settle' && event.method === 'statusCheck' && event.outcome === 'done'));
    });

    it('statusCheck fails: settled as not done, runs once more', async () => {
      const workspace = new MemoryWorkspace();
      const deployNow = () => {
        workspace.files.set('deployed.txt', 'yes');
        return { exitCode: 0 };
      };
      const { report, commands } = await run([deploy], { workspace, answers: [TIMED_OUT, deployNow] });
      assert.equal(stepOf(report, 'E1').status, 'succeeded');
      assert.equal(stepOf(report, 'E1').attempts, 2);
      assert.equal(commands.requests.length, 2);
    });

    it('statusCheck cannot be evaluated: unknown', async () => {
      const step = { ...deploy, statusCheck: { kind: 'commandSucceeds', command: 'probe' } };
      const { report } = await run([step], { answers: [TIMED_OUT, () => new Error('spawn ENOENT')] });
      assert.equal(stepOf(report, 'E1').status, 'unknown');
    });

    it('without a statusCheck or status read: unknown, never re-run, and the run does not count as succeeded', async () => {
      const step = { ...deploy, statusCheck: undefined, dependsOn: ['R1'] };
      const read = { id: 'R1', title: 'look', tool: 'readFile', args: { path: 'in.txt' } };
      const { report, commands, trace } = await run([read, step], { answers: [TIMED_OUT], workspace: new MemoryWorkspace({ 'in.txt': 'x' }) });
      assert.deepEqual(report.steps.map((one) => `${one.id}:${one.status}`), ['R1:succeeded', 'E1:unknown']);
      assert.equal(report.status, 'needsReplan', 'a run whose last step ended unknown has not succeeded');
      assert.equal(commands.requests.length, 1);
      assert.ok(trace.some((event) => event.type === 'settle' && event.method === 'none' && event.outcome === 'noMethod'));
    });
  });

  it('journals every retry as its own record before the next attempt', async () => {
    const idempotent = { id: 'E1', title: 'fetch', tool: 'runCommand', args: { command: 'fetch' }, idempotent: true, postcondition: { kind: 'exitCode', equals: 0 } };
    const { journal } = await run([idempotent], { answers: [TIMED_OUT, { exitCode: 0 }] });
    assert.deepEqual(
      journal.map((record) => record.event),
      ['approve', 'start', 'retry', 'succeed'],
    );
  });
});
