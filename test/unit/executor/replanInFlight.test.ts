// Recovering a broken step while the run goes on, with a re-planner and commands the test releases by
// hand (no timers): independent steps start and finish while the re-planner is slow, its patch applies
// to what is still pending then, a local failure is repaired by one call (or falls back to the
// re-planner, or goes to it when steps not started yet hold the same mistake), a run killed during the re-plan
// resumes from its journal and re-plans again, and the re-plan's reason says the failed check in words.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { PatchCheck, RepairRequest, ReplanAnswer, Replanner, ReplanRequest, StepRepairer } from '../../../src/core/run/modelRoles';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { PlanPatch } from '../../../src/core/plan/planPatch';
import type { Step } from '../../../src/core/plan/planSchema';
import type { CommandRequest, CommandResult, CommandRunner } from '../../../src/core/ports';
import { fakeRunDeps, liveSignal, MemoryRecordLog, runOptions, stepRecords, traceEvents, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

/** A re-planner whose answers the test gives when it wants; it keeps each request and check. */
class HeldReplanner implements Replanner {
  readonly requests: ReplanRequest[] = [];
  readonly checks: PatchCheck[] = [];
  private readonly pending: ((answer: ReplanAnswer) => void)[] = [];
  replan(request: ReplanRequest, signal: AbortSignal, check: PatchCheck): Promise<ReplanAnswer> {
    this.requests.push(request);
    this.checks.push(check);
    return new Promise((resolve, reject) => {
      this.pending.push(resolve);
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  }
  answer(patch: PlanPatch): void {
    this.pending.shift()!({ patch, usage: [] });
  }
}

/** Commands that end when the test releases them (exit 0), except those named in `immediate`. */
class HeldCommands implements CommandRunner {
  readonly started: string[] = [];
  private readonly release = new Map<string, () => void>();
  constructor(private readonly immediate: readonly string[] = []) {}
  async run(request: CommandRequest): Promise<CommandResult> {
    this.started.push(request.command);
    if (!this.immediate.includes(request.command)) await new Promise<void>((resolve) => this.release.set(request.command, resolve));
    return { exitCode: 0, output: `ran ${request.command}`, truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
  }
  finish(command: string): void {
    this.release.get(command)!();
  }
}

/** Yields to the event loop until `condition` holds (the test's timeout bounds the wait). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const edit = (id: string, find: string): Step => ({ id, title: 'edit a.txt', tool: 'editFile', args: { path: 'a.txt', edits: [{ find, replace: 'EDITED' }] }, postcondition: { kind: 'fileContains', path: 'a.txt', text: 'EDITED' } });
const write = (id: string, path: string, dependsOn: string[]): Step => ({ id, title: `write ${path}`, tool: 'writeFile', args: { path, content: id }, dependsOn, postcondition: { kind: 'fileExists', path } });
const command = (id: string, text: string, dependsOn: string[] = []): Step => ({ id, title: text, tool: 'runCommand', args: { command: text }, dependsOn, postcondition: { kind: 'exitCode', equals: 0 } });

describe('ReplanInFlight', () => {
  it('keeps independent steps running while the re-planner is slow, and applies its patch to what is still pending', async () => {
    const replanner = new HeldReplanner();
    const commands = new HeldCommands(['after']);
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'a.txt': 'nothing alike here\n' }), commands, replanner });
    const plan = validPlan([edit('E1', 'the missing paragraph of text'), write('E2', 'b.txt', ['E1']), command('E3', 'slow'), command('E4', 'after', ['E3'])]);
    const run = await PlanRun.start(plan, { runId: 'held', options: runOptions() }, deps);
    const done = run.execute(liveSignal());

    await until(() => replanner.requests.length === 1 && commands.started.includes('slow'));
    assert.equal(run.current.steps.get('E3')?.status, 'running');
    assert.deepEqual(replanner.requests[0]!.invalidated.map((step) => step.id), ['E2']);
    commands.finish('slow');
    await until(() => run.current.steps.get('E4')?.status === 'succeeded');
    assert.equal(run.current.status, 'running', 'the run goes on while the re-planner thinks');

    // E4 finished while the re-plan was out: a patch that touches it is refused, naming it.
    assert.deepEqual(replanner.checks[0]!([{ op: 'drop', id: 'E4' }]), ['patch[0]: E4 has succeeded, so it is frozen and cannot be dropped']);
    replanner.answer([{ op: 'replace', id: 'E1', step: edit('E1', 'nothing alike') }]);
    const report = await done;

    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:r${step.revision}`), ['E1:succeeded:r2', 'E2:succeeded:r1', 'E3:succeeded:r1', 'E4:succeeded:r1']);
    assert.deepEqual(commands.started, ['slow', 'after']);
    const decisions = (await traceEvents(deps.trace)).filter((event) => event.type === 'decision' && event.decision === 'replan');
    assert.match(decisions[0]?.type === 'decision' ? decisions[0].reason : '', /^1 edit a\.txt failed: .*; the failure is not one a local fix addresses$/);
  });

  it('repairs a stale find with one repair call that sees only the step and its evidence, and asks for approval again', async () => {
    const requests: RepairRequest[] = [];
    const repairer: StepRepairer = {
      repair: async (request) => {
        requests.push(request);
        return { patch: [{ op: 'replace', id: 'E1', step: edit('E1', 'hello world') }], usage: [{ role: 'repairer', model: 'fake', promptTokens: 200, completionTokens: 30, cachedTokens: 0, estimated: false, ms: 1 }] };
      },
    };
    const replanner = new HeldReplanner();
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'a.txt': 'say hello world\n' }), replanner, repairer });
    const run = await PlanRun.start(validPlan([edit('E1', 'hello  world')]), { runId: 'repair', options: runOptions({ approval: { autoApprove: 'readOnly', approvedCommands: [] } }) }, deps);
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(report.revision, 2);
    assert.equal(replanner.requests.length, 0);
    assert.equal(report.usage.replan.calls, 1);
    assert.match(requests[0]!.broken.evidence.join('\n'), /nearest match, lines 1-1/);
    const trace = await traceEvents(deps.trace);
    const repair = trace.find((event) => event.type === 'decision' && event.decision === 'repair');
    assert.match(repair?.type === 'decision' ? repair.reason : '', /^1 edit a\.txt failed: .*; looks like a stale or ambiguous find text/);
    const asked = (await stepRecords(deps.journal)).filter((record) => record.stepId === 'E1' && record.event === 'askApproval');
    assert.equal(asked.length, 2, 'the repaired step is a new revision and is asked about again');
  });

  it('repairs a stale find whose dependents do not hold it: they wait on the step, not on its text', async () => {
    const repairer: StepRepairer = { repair: async () => ({ patch: [{ op: 'replace', id: 'E1', step: edit('E1', 'hello world') }], usage: [] }) };
    const replanner = new HeldReplanner();
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'a.txt': 'say hello world\n' }), commands: new HeldCommands(['npm test']), replanner, repairer });
    const run = await PlanRun.start(validPlan([edit('E1', 'hello  world'), command('E2', 'npm test', ['E1'])]), { runId: 'repair-dependent', options: runOptions() }, deps);
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(replanner.requests.length, 0);
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded', 'E2:succeeded']);
  });

  it('re-plans instead of repairing when steps not started yet hold the same mistyped path, naming them', async () => {
    const repaired: RepairRequest[] = [];
    const repairer: StepRepairer = { repair: async (request) => (repaired.push(request), Promise.reject(new Error('not expected'))) };
    const replanner = new HeldReplanner();
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'src/cli.js': 'main()\n' }), commands: new HeldCommands(['node src/cli.js']), replanner, repairer });
    const read: Step = { id: 'E1', title: 'read the CLI', tool: 'readFile', args: { path: 'src/cli.ts' } };
    const fix: Step = { id: 'E2', title: 'fix the CLI', tool: 'editFile', args: { path: 'src/cli.ts', edits: [{ find: 'main()', replace: 'main(1)' }] }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'src/cli.ts', text: 'main(1)' } };
    const run = await PlanRun.start(validPlan([read, fix]), { runId: 'shared-mistake', options: runOptions() }, deps);
    const done = run.execute(liveSignal());
    await until(() => replanner.requests.length === 1);

    assert.equal(repaired.length, 0, 'a repair of E1 alone would leave E2 on the mistyped path');
    assert.deepEqual(replanner.requests[0]!.invalidated.map((step) => step.id), ['E2']);
    replanner.answer([
      { op: 'replace', id: 'E1', step: { ...read, args: { path: 'src/cli.js' } } },
      { op: 'replace', id: 'E2', step: { ...fix, args: { path: 'src/cli.js', edits: [{ find: 'main()', replace: 'main(1)' }] }, postcondition: { kind: 'fileContains', path: 'src/cli.js', text: 'main(1)' } } },
    ]);
    assert.equal((await done).status, 'succeeded');
    const decisions = (await traceEvents(deps.trace)).flatMap((event) => (event.type === 'decision' && ['repair', 'replan'].includes(event.decision) ? [`${event.decision}: ${event.reason}`] : []));
    assert.equal(decisions.length, 1);
    assert.match(decisions[0]!, /^replan: 1 read the CLI failed: .*; 2 fix the CLI holds the same "src\/cli\.ts", so one re-plan fixes them together$/);
  });

  it('falls back to the re-planner when the repair fails, saying why', async () => {
    const repairer: StepRepairer = { repair: async () => Promise.reject(new Error('the repair of E1 is unusable: no step line')) };
    const replanner = new HeldReplanner();
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'a.txt': 'say hello world\n' }), replanner, repairer });
    const run = await PlanRun.start(validPlan([edit('E1', 'hello  world')]), { runId: 'fallback', options: runOptions() }, deps);
    const done = run.execute(liveSignal());
    await until(() => replanner.requests.length === 1);
    replanner.answer([{ op: 'replace', id: 'E1', step: edit('E1', 'say hello') }]);
    assert.equal((await done).status, 'succeeded');
    const decisions = (await traceEvents(deps.trace)).flatMap((event) => (event.type === 'decision' && ['repair', 'replan'].includes(event.decision) ? [`${event.decision}: ${event.reason}`] : []));
    assert.equal(decisions.length, 2);
    assert.match(decisions[1]!, /^replan: 1 edit a\.txt failed: .*; the repair failed: the repair of E1 is unusable: no step line$/);
  });

  it('resumes a run killed during the re-plan: asks again, applies the patch, and the journal replays to the same state', async () => {
    const commands = new HeldCommands(['independent']);
    const first = new HeldReplanner();
    const workspace = new MemoryWorkspace({ 'a.txt': 'unrelated\n' });
    const deps = fakeRunDeps({ workspace, commands, replanner: first });
    const plan = validPlan([edit('E1', 'missing words entirely'), write('E2', 'b.txt', ['E1']), command('E3', 'independent')]);
    const run = await PlanRun.start(plan, { runId: 'killed', options: runOptions() }, deps);
    const abort = new AbortController();
    const killed = run.execute(abort.signal);
    await until(() => first.requests.length === 1 && run.current.steps.get('E3')?.status === 'succeeded');

    // What the journal held at the moment of the kill.
    const journal = new MemoryRecordLog();
    journal.lines.push(...(deps.journal as MemoryRecordLog).lines);
    abort.abort();
    await killed;

    const second = new HeldReplanner();
    const resumed = await PlanRun.resume({ ...fakeRunDeps({ workspace, commands, replanner: second }), journal });
    const done = resumed.execute(liveSignal());
    await until(() => second.requests.length === 1);
    assert.deepEqual(second.requests[0]!.frozen.map((step) => `${step.id}:${step.status}`), ['E3:succeeded']);
    second.answer([{ op: 'replace', id: 'E1', step: edit('E1', 'unrelated') }]);
    const report = await done;

    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(commands.started, ['independent'], 'E3 ran once, before the kill');
    const replayed = await loadRunState(journal, () => undefined);
    assert.deepEqual(replayed.plan, resumed.current.plan);
    assert.equal(replayed.revision, 2);
    assert.deepEqual([...replayed.steps].map(([id, step]) => `${id}:${step.status}`), ['E1:succeeded', 'E2:succeeded', 'E3:succeeded']);
  });

  it('says why it re-plans in the words of the failed check, while it re-plans and in the revision it makes', async () => {
    const replanner = new HeldReplanner();
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({}), commands: new ScriptedCommandRunner(() => ({ exitCode: 1 })), replanner });
    const run = await PlanRun.start(validPlan([command('E1', 'npm test')]), { runId: 'words', options: runOptions() }, deps);
    const done = run.execute(liveSignal());
    await until(() => replanner.requests.length === 1);
    assert.equal(run.current.recovering?.reason, '1 npm test failed: exit code: expected 0, got 1');
    replanner.answer([{ op: 'replace', id: 'E1', step: { ...command('E1', 'npm test'), postcondition: { kind: 'exitCode', equals: 1 } } }]);
    await done;
    assert.deepEqual(run.current.replanReasons, ['1 npm test failed: exit code: expected 0, got 1']);
  });
});
