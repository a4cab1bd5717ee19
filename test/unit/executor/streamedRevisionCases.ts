// A re-plan's patch applied as it streams in, through the real model re-planner over a model the test
// feeds by hand (no timers): the first line opens the revision and its step runs before the reply is
// finished, a line naming a step a later line adds waits for it, an invalidated dependent no line reached
// keeps its state until the revision closes, a reply that breaks off stops the run with what applied,
// and the journal replays to the state the live run had. These cases wait on the run by yielding to the event
// loop, which a run that loops would keep doing forever: streamedRevision.test.ts runs them in a child process
// that it kills when they overrun.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { Step } from '../../../src/core/plan/planSchema';
import type { ChatModel, ChatRequest, ChatResponse, CommandRequest, CommandResult, CommandRunner } from '../../../src/core/ports';
import { ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { JournalError, replayJournal, statusById } from '../../../src/core/run/runState';
import type { JournalRecord } from '../../../src/core/run/journalRecords';
import { fakeRunDeps, liveSignal, runOptions, traceEvents, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

/** A model whose reply the test writes piece by piece, then ends (or breaks off). */
class HandFedModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  private current: { request: ChatRequest; text: string; resolve: (response: ChatResponse) => void; reject: (error: Error) => void } | undefined;

  chat(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    return new Promise((resolve, reject) => {
      this.current = { request, text: '', resolve, reject };
    });
  }

  get asked(): boolean {
    return this.current !== undefined;
  }

  write(text: string): void {
    this.current!.text += text;
    this.current!.request.onText?.(text);
  }

  end(): void {
    const { text, resolve } = this.current!;
    this.current = undefined;
    resolve({ content: text, toolCalls: [], model: 'hand-fed', usage: { promptTokens: 100, completionTokens: 20, cachedTokens: 0, estimated: false }, latencyMs: 1 });
  }

  breakOff(): void {
    const { reject } = this.current!;
    this.current = undefined;
    reject(new Error('the connection was reset'));
  }
}

/** Commands that exit 1 when named in `failing`, else 0; each records that it ran. */
class ListedCommands implements CommandRunner {
  readonly ran: string[] = [];
  constructor(private readonly failing: readonly string[]) {}
  async run(request: CommandRequest): Promise<CommandResult> {
    this.ran.push(request.command);
    const exitCode = this.failing.includes(request.command) ? 1 : 0;
    return { exitCode, output: `ran ${request.command}`, truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
  }
}

/** Yields to the event loop until `condition` holds (the guard in streamedRevision.test.ts bounds the wait). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const command = (id: string, text: string, dependsOn: string[] = []): Step => ({ id, title: text, tool: 'runCommand', args: { command: text }, dependsOn, postcondition: { kind: 'exitCode', equals: 0 } });

async function startBrokenRun(model: HandFedModel, commands: ListedCommands) {
  const deps = fakeRunDeps({ workspace: new MemoryWorkspace(), commands, replanner: new ModelReplanner(model) });
  const plan = validPlan([command('E1', 'build'), command('E2', 'test', ['E1']), command('E3', 'lint')]);
  const run = await PlanRun.start(plan, { runId: 'streamed-revision', options: runOptions() }, deps);
  const done = run.execute(liveSignal());
  await Promise.race([until(() => model.asked), done.then((r) => { throw new Error(`run ended ${r.status}: ${r.reason}`); })]);
  return { deps, run, done };
}

async function journalTypes(deps: ReturnType<typeof fakeRunDeps>): Promise<string[]> {
  return (await deps.journal.readAll()).map((record) => (record as { type: string }).type).filter((type) => type !== 'step' && type !== 'usage');
}

describe('a re-plan streamed into the run', () => {
  it('runs the first patched step before the reply is finished, then closes the revision and restarts what no line reached', async () => {
    const model = new HandFedModel();
    const commands = new ListedCommands(['build']);
    const { deps, run, done } = await startBrokenRun(model, commands);
    assert.equal(run.current.steps.get('E2')?.status, 'invalidated');

    model.write('replace E1 runCommand {"command":"build --fixed"}\n');
    await until(() => run.current.steps.get('E1')?.status === 'succeeded');
    assert.ok(commands.ran.includes('build --fixed'), 'the replacement ran while the re-planner was still writing');
    assert.equal(run.current.revisionOpen, true);
    assert.equal(run.current.revision, 2);
    assert.equal(run.current.steps.get('E2')?.status, 'invalidated', 'no line reached E2 yet, so it does not start');

    // The last line has no line break: it is read when the reply ends.
    model.write('add E4 after E1 runCommand {"command":"smoke"}');
    model.end();
    const report = await done;

    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual([...commands.ran].sort(), ['build', 'build --fixed', 'lint', 'smoke', 'test']);
    assert.ok(commands.ran.indexOf('test') > commands.ran.indexOf('build --fixed'), 'E2 waited for the fixed build');
    assert.deepEqual(await journalTypes(deps), ['runStarted', 'runStatus', 'recovery', 'revised', 'patchLines', 'planClosed', 'summary', 'runStatus']);
    const revised = (await deps.journal.readAll()).find((record) => (record as { type: string }).type === 'revised') as { planOpen?: boolean; patched?: string[] };
    assert.deepEqual({ planOpen: revised.planOpen, patched: revised.patched }, { planOpen: true, patched: ['E1'] });
    const arrived = (await traceEvents(deps.trace)).flatMap((event) => (event.type === 'stepArrived' ? [`${event.stepId}@${event.streamOffset.chars}`] : []));
    assert.deepEqual(arrived, ['E1@50', 'E4@96']);
    assert.equal(report.revision, 2);
    assert.equal(report.usage.replan.calls, 1);
  });

  it('runs every step of an add line with each while the reply goes on, and replays them from the journal', async () => {
    const model = new HandFedModel();
    const commands = new ListedCommands(['build']);
    const { deps, run, done } = await startBrokenRun(model, commands);

    model.write('drop E1\ndrop E2\nadd E4 runCommand {} each command ["fix a","fix b","fix c"] idempotent\n');
    await until(() => ['E4', 'E5', 'E6'].every((id) => run.current.steps.get(id)?.status === 'succeeded'));
    assert.equal(run.current.revisionOpen, true, 'the three steps ran before the reply ended');
    model.write('add E7 runCommand {"command":"test"}');
    model.end();
    const report = await done;

    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(run.current.plan.steps.map((step) => step.id), ['E3', 'E4', 'E5', 'E6', 'E7']);
    assert.deepEqual(run.current.plan.steps.slice(1, 4).map((step) => step.args.command), ['fix a', 'fix b', 'fix c']);
    assert.ok(commands.ran.indexOf('test') > Math.max(...['fix a', 'fix b', 'fix c'].map((text) => commands.ran.indexOf(text))), 'E7 waited for every step the line added');
    const replayed = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual([...statusById(replayed)], [...statusById(run.current)]);
  });

  it('holds a line that names a step a later line adds, and applies the two together', async () => {
    const model = new HandFedModel();
    const commands = new ListedCommands(['build']);
    const { run, done } = await startBrokenRun(model, commands);

    model.write('add E5 after E4 runCommand {"command":"after-fix"}\n');
    await until(() => run.current.steps.get('E3')?.status === 'succeeded');
    assert.equal(run.current.revisionOpen, undefined, 'the held line opened nothing');
    model.write('add E4 runCommand {"command":"fix"}\ndrop E1\ndrop E2\n');
    model.end();
    const report = await done;

    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(run.current.plan.steps.map((step) => step.id), ['E3', 'E4', 'E5']);
    assert.ok(commands.ran.indexOf('after-fix') > commands.ran.indexOf('fix'));
    assert.deepEqual(run.current.replaced.map((entry) => `${entry.step.id}:${entry.status}`), ['E1:failed', 'E2:invalidated']);
  });

  it('stops with what applied when the reply breaks off, and the journal replays to the same state', async () => {
    const model = new HandFedModel();
    const commands = new ListedCommands(['build']);
    const { deps, run, done } = await startBrokenRun(model, commands);

    model.write('replace E1 runCommand {"command":"build --fixed"}\n');
    await until(() => run.current.steps.get('E1')?.status === 'succeeded');
    model.breakOff();
    const report = await done;

    assert.equal(report.status, 'needsReplan');
    assert.match(report.reason ?? '', /the re-planner failed: .*the connection was reset/);
    assert.equal(run.current.steps.get('E2')?.status, 'invalidated', 'nothing of a broken-off revision restarts');
    assert.ok(!commands.ran.includes('test'));
    const replayed = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual([...statusById(replayed)], [...statusById(run.current)]);
    assert.deepEqual(replayed.plan, run.current.plan);
    assert.equal(replayed.planOpen, undefined);
  });

  it('judges a reply with a line that never applies, and the repair turn completes the open revision', async () => {
    const model = new HandFedModel();
    const commands = new ListedCommands(['build']);
    const { deps, run, done } = await startBrokenRun(model, commands);

    model.write('replace E1 runCommand {"command":"build --fixed"}\nreplace E3 runCommand {"command":"lint --again"}\n');
    await until(() => run.current.steps.get('E1')?.status === 'succeeded');
    model.end();
    await until(() => model.asked);
    const repair = model.requests[1]!.messages.at(-1)!.content;
    assert.match(repair, /E3 has succeeded, so it is frozen and cannot be replaced/);
    model.write('replace E1 runCommand {"command":"build --fixed"}\n');
    model.end();
    const report = await done;

    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(commands.ran.filter((name) => name === 'build --fixed').length, 1, 'the line the repair repeats is not applied twice');
    assert.ok(commands.ran.includes('test'));
    const replayed = await loadRunState(deps.journal, () => undefined);
    assert.deepEqual([...statusById(replayed)], [...statusById(run.current)]);
  });

  it('refuses to replay patch lines with no re-plan open, or lines that do not apply, naming the record', async () => {
    const model = new HandFedModel();
    const { deps, done } = await startBrokenRun(model, new ListedCommands(['build']));
    model.write('replace E1 runCommand {"command":"build --fixed"}\nadd E4 runCommand {"command":"smoke"}\n');
    model.end();
    await done;
    const records = (await deps.journal.readAll()) as JournalRecord[];
    const open = records.findIndex((record) => record.type === 'revised');
    const lines = records.findIndex((record) => record.type === 'patchLines');
    assert.ok(open > 0 && lines > open);

    const withoutOpen = [...records.slice(0, open), records[lines]!];
    assert.throws(() => replayJournal(withoutOpen), (error: unknown) => error instanceof JournalError && /a patchLines record with no re-plan open/.test(error.message));
    const twice = [...records.slice(0, lines + 1), records[lines]!];
    assert.throws(() => replayJournal(twice), (error: unknown) => error instanceof JournalError && /patchLines: the patch does not apply: .*E4 is already a step of the plan/.test(error.message));
    const stepless = [...records.slice(0, lines), { type: 'patchLines', at: 0, ops: [{ op: 'add', step: null }] } as JournalRecord];
    assert.throws(() => replayJournal(stepless), /patchLines: ops\[0\] has no step with an id/);
  });
});
