// PlanRun over a group-committed journal: a step's start record and its trace intent are durable before
// its tool runs, the records of one scheduling tick share one sync (in a chain, a step's end and the next
// step's start), a failed commit stops the run before
// the step's effect, and ready steps start side by side (their snapshots overlap) while two writers of
// one file still never do.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PlanRun } from '../../../src/core/executor/planRun';
import { JournalWriteError } from '../../../src/core/executor/runRecorder';
import type { CommandRequest, CommandResult, CommandRunner, RecordLog } from '../../../src/core/ports';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { SpyFiles } from '../support/spyFiles';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const command = (id: string, dependsOn: string[] = []) => ({ id, title: id, tool: 'runCommand', args: { command: `step ${id}` }, dependsOn, postcondition: { kind: 'exitCode', equals: 0 } });
const write = (id: string, file: string) => ({ id, title: id, tool: 'writeFile', args: { path: file, content: id }, postcondition: { kind: 'fileContains', path: file, text: id } });

/** A log whose records become durable only at `flush`, which commits on the next turn, as a group-committing log does. */
class CommitLog implements RecordLog {
  readonly queued: unknown[] = [];
  readonly durable: unknown[] = [];
  async append(record: unknown): Promise<void> {
    this.queued.push(record);
  }
  async flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.durable.push(...this.queued.splice(0));
  }
  async readAll(): Promise<readonly unknown[]> {
    return [...this.durable, ...this.queued];
  }
}

/** Waits, turn by turn, until `condition` holds; fails after many turns instead of hanging. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 10_000; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.fail(`never happened: ${what}`);
}

/** A workspace whose reads (the snapshots a write step takes before it starts) wait until released. */
class HeldReadsWorkspace extends MemoryWorkspace {
  readonly reads: string[] = [];
  private release: () => void = () => undefined;
  private readonly held = new Promise<void>((resolve) => (this.release = resolve));
  override async readFile(path: string): Promise<string> {
    this.reads.push(path);
    await this.held;
    return super.readFile(path);
  }
  releaseReads(): void {
    this.release();
  }
}

describe('PlanRun durability and concurrent starts', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('makes each step\'s start record and trace intent durable before its tool runs', async () => {
    const journal = new CommitLog();
    const trace = new CommitLog();
    const seen: string[] = [];
    const commands: CommandRunner = {
      async run(request: CommandRequest): Promise<CommandResult> {
        const id = request.command.replace('step ', '');
        const started = journal.durable.some((record: any) => record.type === 'step' && record.stepId === id && record.event === 'start');
        const intended = trace.durable.some((event: any) => event.type === 'intent' && event.stepId === id);
        seen.push(`${id}: start ${started ? 'durable' : 'NOT durable'}, intent ${intended ? 'durable' : 'NOT durable'}`);
        return { exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
      },
    };
    const run = await PlanRun.start(validPlan([command('E1'), command('E2'), command('E3', ['E1'])]), { runId: 'r', options: runOptions() }, fakeRunDeps({ journal, trace, commands }));
    const report = await run.execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    assert.deepEqual([...seen].sort(), ['E1', 'E2', 'E3'].map((id) => `${id}: start durable, intent durable`));
    assert.equal(journal.queued.length, 0, 'everything is durable when execute returns');
  });

  it('syncs the journal once for all the records of a scheduling tick', async () => {
    const files = new SpyFiles();
    const journal = new JsonlRecordLog(path.join(dir, 'j.jsonl'), true, files);
    const trace = new JsonlRecordLog(path.join(dir, 't.jsonl'), false);
    const plan = validPlan(['E1', 'E2', 'E3', 'E4'].map((id) => command(id)));
    const run = await PlanRun.start(plan, { runId: 'r', options: runOptions({ maxParallel: 4 }) }, fakeRunDeps({ journal, trace }));
    assert.equal(files.syncs, 1, 'runStarted');
    const report = await run.execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    const records = await journal.readAll();
    // One sync for the tick that approves and starts all four, one for their ends and the run's end.
    assert.equal(files.syncs, 3, `${records.length} records in ${files.syncs} syncs`);
    assert.equal(records.length, 1 + 1 + 4 * 3 + 2);
    await Promise.all([journal.close(), trace.close()]);
  });

  it('syncs a chain once per step, its end with the next step\'s start, and runs no step before that sync ends', async () => {
    const files = new SpyFiles();
    const file = path.join(dir, 'j.jsonl');
    const journal = new JsonlRecordLog(file, true, files);
    const commands: CommandRunner = {
      async run(request: CommandRequest): Promise<CommandResult> {
        const id = request.command.replace('step ', '');
        const written = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; stepId?: string; event?: string });
        const started = written.some((record) => record.type === 'step' && record.stepId === id && record.event === 'start');
        files.events.push(`${id} runs, its start ${started ? 'written' : 'NOT written'}`);
        return { exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
      },
    };
    const plan = validPlan([command('E1'), command('E2', ['E1']), command('E3', ['E2'])]);
    const run = await PlanRun.start(plan, { runId: 'r', options: runOptions() }, fakeRunDeps({ journal, commands }));
    const report = await run.execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    const effects = files.events.flatMap((event, index) => (event.includes(' runs') ? [`${files.events[index - 1]} → ${event}`] : []));
    assert.deepEqual(effects, ['E1', 'E2', 'E3'].map((id) => `synced → ${id} runs, its start written`));
    // runStarted; the run's status with E1's start; E1's end with E2's start; E2's end with E3's start; E3's end with the run's.
    assert.equal(files.syncs, 5, files.events.join(', '));
    await journal.close();
  });

  it('stops the run with a JournalWriteError, before the tool runs, when the start cannot be synced', async () => {
    const files = new SpyFiles();
    const journal = new JsonlRecordLog(path.join(dir, 'j.jsonl'), true, files);
    const commands = new ScriptedCommandRunner(() => ({}));
    const run = await PlanRun.start(validPlan([command('E1'), command('E2')]), { runId: 'r', options: runOptions() }, fakeRunDeps({ journal, commands }));
    files.failSync = new Error('EIO: sync failed');
    await assert.rejects(run.execute(liveSignal()), (error: unknown) => {
      assert.ok(error instanceof JournalWriteError);
      assert.equal(error.message, `the journal could not be written: ${journal.path}: EIO: sync failed`);
      return true;
    });
    assert.deepEqual(commands.requests, [], 'no step started its tool');
    files.failSync = undefined;
    const kept = (await journal.readAll()) as { type: string }[];
    assert.deepEqual(kept.map((record) => record.type), ['runStarted'], 'the journal holds only what was synced');
    await journal.close();
  });

  it('starts ready steps without waiting for each other\'s snapshots', async () => {
    const workspace = new HeldReadsWorkspace({ 'a.txt': '', 'b.txt': '' });
    const run = await PlanRun.start(validPlan([write('E1', 'a.txt'), write('E2', 'b.txt')]), { runId: 'r', options: runOptions() }, fakeRunDeps({ workspace }));
    const done = run.execute(liveSignal());
    await until(() => workspace.reads.length === 2, 'both snapshots requested while the first is held');
    workspace.releaseReads();
    const report = await done;
    assert.deepEqual(report.steps.map((step) => step.status), ['succeeded', 'succeeded']);
  });

  it('still never starts two writers of one file at once', async () => {
    const workspace = new HeldReadsWorkspace({ 'a.txt': '' });
    const run = await PlanRun.start(validPlan([write('E1', 'a.txt'), write('E2', 'a.txt')]), { runId: 'r', options: runOptions() }, fakeRunDeps({ workspace }));
    const done = run.execute(liveSignal());
    await until(() => workspace.reads.length === 1, 'the first snapshot requested');
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(workspace.reads, ['a.txt'], 'the second writer waits while the first is starting');
    workspace.releaseReads();
    const report = await done;
    assert.deepEqual(report.steps.map((step) => step.status), ['succeeded', 'succeeded']);
    assert.equal(workspace.files.get('a.txt'), 'E2');
  });
});
