// PlanRun scheduling with fake ports: what a failure in a diamond invalidates and what still runs,
// writers of one file serialised, and independent slow steps overlapping — all judged from the start and
// end timestamps the fakes record, never from wall-clock thresholds.
import * as assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { PlanRun } from '../../../src/core/executor/planRun';
import { nodeClock } from '../../../src/node/nodeClock';
import { fakeRunDeps, liveSignal, runOptions, stepRecords, TimedCommandRunner, validPlan, type TimedCall } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const command = (id: string, dependsOn: string[] = []) => ({
  id,
  title: `run ${id}`,
  tool: 'runCommand',
  args: { command: `step ${id}` },
  dependsOn,
  postcondition: { kind: 'exitCode', equals: 0 },
});

/** A→B, A→C, B→D, C→D. */
const DIAMOND = validPlan([command('A'), command('B', ['A']), command('C', ['A']), command('D', ['B', 'C'])]);

async function runDiamond(failing: string) {
  const commands = new ScriptedCommandRunner((request) => ({ exitCode: request.command === `step ${failing}` ? 1 : 0 }));
  const run = await PlanRun.start(DIAMOND, { runId: 'diamond', options: runOptions() }, fakeRunDeps({ commands }));
  const report = await run.execute(liveSignal());
  const status = Object.fromEntries(report.steps.map((step) => [step.id, step.status]));
  return { report, status, ran: commands.requests.map((request) => request.command.replace('step ', '')) };
}

/** A workspace whose whole-file writes take real time, recording when each write of each path ran. */
class SlowWorkspace extends MemoryWorkspace {
  readonly writes: (TimedCall & { readonly path: string })[] = [];
  override async writeFile(path: string, content: string): Promise<void> {
    const start = performance.now();
    await delay(40);
    await super.writeFile(path, content);
    this.writes.push({ command: content, path, start, end: performance.now() });
  }
}

describe('PlanRun scheduling', () => {
  describe('a diamond A→B, A→C, B→D, C→D', () => {
    it('A failing invalidates B, C and D, and none of them runs', async () => {
      const { report, status, ran } = await runDiamond('A');
      assert.deepEqual(status, { A: 'failed', B: 'invalidated', C: 'invalidated', D: 'invalidated' });
      assert.deepEqual(ran, ['A']);
      assert.equal(report.status, 'needsReplan');
    });

    it('B failing invalidates D while C, independent of B, still runs and succeeds', async () => {
      const { report, status, ran } = await runDiamond('B');
      assert.deepEqual(status, { A: 'succeeded', B: 'failed', C: 'succeeded', D: 'invalidated' });
      assert.deepEqual([...ran].sort(), ['A', 'B', 'C']);
      assert.equal(report.status, 'needsReplan');
      assert.match(report.reason ?? '', /^2 run B failed: exit code: expected 0, got 1;/);
    });

    it('runs every step once, dependencies first, when nothing fails', async () => {
      const { report, ran } = await runDiamond('none');
      assert.equal(report.status, 'succeeded');
      assert.equal(ran[0], 'A');
      assert.equal(ran[3], 'D');
    });
  });

  it('never runs two writers of one file at the same time, though the plan makes them independent', async () => {
    const workspace = new SlowWorkspace();
    const write = (id: string, path: string) => ({ id, title: id, tool: 'writeFile', args: { path, content: id }, postcondition: { kind: 'fileExists', path } });
    const plan = validPlan([write('W1', 'shared.txt'), write('W2', 'shared.txt'), write('W3', 'other.txt'), write('W4', 'shared.txt')]);
    const deps = fakeRunDeps({ workspace, clock: nodeClock });
    const report = await (await PlanRun.start(plan, { runId: 'writers', options: runOptions() }, deps)).execute(liveSignal());

    assert.equal(report.status, 'succeeded');
    const shared = workspace.writes.filter((write) => write.path === 'shared.txt').sort((a, b) => a.start - b.start);
    assert.equal(shared.length, 3);
    for (let i = 1; i < shared.length; i++) {
      assert.ok(shared[i].start >= shared[i - 1].end, `${shared[i].command} started at ${shared[i].start} before ${shared[i - 1].command} ended at ${shared[i - 1].end}`);
    }
    const other = workspace.writes.find((write) => write.path === 'other.txt')!;
    assert.ok(other.start < shared[0].end, 'the writer of another file ran alongside the first writer');

    // The journal agrees: each writer of shared.txt started only after the previous one ended.
    const records = await stepRecords(deps.journal);
    const order = records.filter((record) => ['W1', 'W2', 'W4'].includes(record.stepId) && (record.event === 'start' || record.event === 'succeed'));
    assert.deepEqual(
      order.map((record) => `${record.stepId}:${record.event}`),
      ['W1:start', 'W1:succeed', 'W2:start', 'W2:succeed', 'W4:start', 'W4:succeed'],
    );
  });

  it('serialises writers of one file also when a path comes from a #reference', async () => {
    const workspace = new SlowWorkspace({ 'target.txt': 'shared.txt' });
    const plan = validPlan([
      { id: 'E1', title: 'which file', tool: 'readFile', args: { path: 'target.txt' } },
      { id: 'W1', title: 'by reference', tool: 'writeFile', args: { path: '#E1', content: 'one' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'shared.txt' } },
      { id: 'W2', title: 'by name', tool: 'writeFile', args: { path: 'shared.txt', content: 'two' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'shared.txt' } },
    ]);
    await (await PlanRun.start(plan, { runId: 'ref', options: runOptions() }, fakeRunDeps({ workspace, clock: nodeClock }))).execute(liveSignal());
    const [first, second] = workspace.writes.sort((a, b) => a.start - b.start);
    assert.deepEqual([first.path, second.path], ['shared.txt', 'shared.txt']);
    assert.ok(second.start >= first.end, 'the two writers of shared.txt overlapped');
  });

  it('cancels: the running step stops as cancelled, the steps not started are cancelled, the run is cancelled', async () => {
    const controller = new AbortController();
    const commands = new ScriptedCommandRunner((request) => {
      if (request.command === 'step A') controller.abort();
      return request.command === 'step A' ? { exitCode: null, cancelled: true } : { exitCode: 0 };
    });
    const run = await PlanRun.start(DIAMOND, { runId: 'cancel', options: runOptions() }, fakeRunDeps({ commands }));
    const report = await run.execute(controller.signal);
    assert.equal(report.status, 'cancelled');
    assert.deepEqual(report.steps.map((step) => step.status), ['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    assert.deepEqual(commands.requests.map((request) => request.command), ['step A']);
    assert.equal((await run.execute(liveSignal())).status, 'cancelled', 'a cancelled run stays cancelled');
  });

  it('overlaps four independent 300 ms steps: all four start before any finishes', async () => {
    const commands = new TimedCommandRunner(() => 300);
    const plan = validPlan(['P1', 'P2', 'P3', 'P4'].map((id) => command(id)));
    const report = await (await PlanRun.start(plan, { runId: 'parallel', options: runOptions({ maxParallel: 4 }) }, fakeRunDeps({ commands, clock: nodeClock }))).execute(liveSignal());

    assert.equal(report.status, 'succeeded');
    assert.equal(commands.calls.length, 4);
    const lastStart = Math.max(...commands.calls.map((call) => call.start));
    const firstEnd = Math.min(...commands.calls.map((call) => call.end));
    assert.ok(lastStart < firstEnd, `the last step started at ${lastStart.toFixed(1)}, after the first one ended at ${firstEnd.toFixed(1)}`);
  });

  it('keeps to maxParallel: with 2, no three steps ever run at once', async () => {
    const commands = new TimedCommandRunner(() => 30);
    const plan = validPlan(['P1', 'P2', 'P3', 'P4', 'P5'].map((id) => command(id)));
    await (await PlanRun.start(plan, { runId: 'limited', options: runOptions({ maxParallel: 2 }) }, fakeRunDeps({ commands, clock: nodeClock }))).execute(liveSignal());

    // The most steps running at once is reached at some step's start: count the steps running then.
    for (const call of commands.calls) {
      const running = commands.calls.filter((other) => other.start <= call.start && call.start < other.end);
      assert.ok(running.length <= 2, `${running.length} steps were running when ${call.command} started`);
    }
  });
});
