// The journal as the source of truth: replaying it gives exactly the live state, a run cut off after
// any record resumes without re-running a completed step, interrupted steps are re-run only when that
// is safe (or settled), and a torn last line is skipped with a warning.
import * as assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { PlanRun, type RunDeps } from '../../../src/core/executor/planRun';
import type { StepRecord } from '../../../src/core/run/journalRecords';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { JournalError, type RunState } from '../../../src/core/run/runState';
import type { ValidPlan } from '../../../src/core/plan/planSchema';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { fakeRunDeps, liveSignal, MemoryRecordLog, RecordingLogger, runOptions, stepRecords, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const read = (id: string, dependsOn: string[] = []) => ({ id, title: id, tool: 'readFile', args: { path: 'in.txt' }, dependsOn });
const write = (id: string, dependsOn: string[] = []) => ({ id, title: id, tool: 'writeFile', args: { path: `${id}.txt`, content: `#${dependsOn[0] ?? 'none'}` }, dependsOn, postcondition: { kind: 'fileExists', path: `${id}.txt` } });
const command = (id: string, fields: Record<string, unknown> = {}, dependsOn: string[] = []) => ({
  id,
  title: id,
  tool: 'runCommand',
  args: { command: id },
  dependsOn,
  postcondition: { kind: 'exitCode', equals: 0 },
  ...fields,
});

/** Runs `plan` to the end with memory fakes, then returns the journal lines. */
async function fullJournal(plan: ValidPlan, parts: Partial<RunDeps> = {}): Promise<{ lines: string[]; run: PlanRun }> {
  const journal = new MemoryRecordLog();
  const run = await PlanRun.start(plan, { runId: 'journal', options: runOptions() }, fakeRunDeps({ journal, workspace: new MemoryWorkspace({ 'in.txt': 'input' }), ...parts }));
  await run.execute(liveSignal());
  return { lines: journal.lines, run };
}

/** Resumes from the first `count` journal lines and runs to the end; returns the new step records. */
async function resumeFrom(lines: readonly string[], count: number, parts: Partial<RunDeps> = {}) {
  const journal = new MemoryRecordLog();
  journal.lines.push(...lines.slice(0, count));
  const before = await loadRunState(journal, () => undefined);
  const commands = new ScriptedCommandRunner(() => ({ exitCode: 0 }));
  const deps = fakeRunDeps({ journal, commands, workspace: new MemoryWorkspace({ 'in.txt': 'input' }), ...parts });
  const report = await (await PlanRun.resume(deps)).execute(liveSignal());
  const stepsBefore = lines.slice(0, count).filter((line) => (JSON.parse(line) as { type: string }).type === 'step').length;
  const added = (await stepRecords(journal)).slice(stepsBefore);
  return { before, report, added, commands };
}

/** A workspace whose first `failures` appends fail before writing anything (the status read then says "not done"). */
class FailingAppends extends MemoryWorkspace {
  appends = 0;
  constructor(private appendFailures: number) {
    super({ 'in.txt': 'input' });
  }
  override async appendFile(path: string, content: string): Promise<void> {
    this.appends++;
    if (this.appendFailures-- > 0) throw new Error('ECONNRESET: the share went away');
    await super.appendFile(path, content);
  }
}

describe('PlanRun journal', () => {
  it('replaying the journal gives exactly the live state, after retries, failures, invalidation and usage', async () => {
    const commands = new ScriptedCommandRunner((request) => (request.command === 'flaky' ? { exitCode: null, timedOut: true } : { exitCode: request.command === 'broken' ? 1 : 0 }));
    const plan = validPlan([read('R1'), write('W1', ['R1']), command('flaky', { idempotent: true }), command('broken', {}, ['W1']), write('W2', ['broken'])]);
    const journal = new MemoryRecordLog();
    const workspace = new MemoryWorkspace({ 'in.txt': 'x' });
    const run = await PlanRun.start(plan, { runId: 'replay', options: runOptions(), host: { workspace: '/somewhere' }, planUsage: [{ role: 'planner', model: 'm', promptTokens: 1, completionTokens: 2, cachedTokens: 0, estimated: true, ms: 3 }] }, fakeRunDeps({ journal, commands, workspace }));
    await run.execute(liveSignal());

    const replayed = await loadRunState(journal, () => undefined);
    assert.deepStrictEqual(replayed, run.current);
    assert.deepEqual(replayed.host, { workspace: '/somewhere' });
    assert.equal(replayed.usage[0].phase, 'plan');
    // The live state is built by the same fold as the replay, so a bug they share cannot show above: the replay
    // is also held to what the fakes saw happen, step by step.
    const ran = (name: string) => commands.requests.filter((request) => request.command === name).length;
    const outcome = (id: string) => [replayed.steps.get(id)?.status, replayed.steps.get(id)?.attempts];
    assert.deepEqual(outcome('flaky'), ['failed', ran('flaky')], 'the flaky command: one attempt per run, failed after its retries');
    assert.ok(ran('flaky') > 1, 'the idempotent command was retried');
    assert.deepEqual(outcome('broken'), ['failed', ran('broken')]);
    assert.deepEqual(outcome('R1'), ['succeeded', 1]);
    assert.equal(replayed.steps.get('R1')?.output?.text, 'x', 'R1 read what the workspace holds');
    assert.deepEqual(outcome('W1'), ['succeeded', 1]);
    assert.equal(await workspace.readFile('W1.txt'), 'x', 'W1 wrote what R1 read');
    assert.deepEqual(outcome('W2'), ['invalidated', 0]);
    assert.deepEqual([replayed.status, replayed.usage.length], ['needsReplan', 1]);
  });

  it('replays every prefix of a journal to the live state right after that record: a crash after any record leaves exactly that run', async () => {
    const journal = new MemoryRecordLog();
    const live: RunState[] = [];
    const plan = validPlan([read('R1'), write('W1', ['R1']), command('C1', { idempotent: true }, ['W1']), write('W2', ['C1'])]);
    const deps = fakeRunDeps({ journal, workspace: new MemoryWorkspace({ 'in.txt': 'input' }), onChange: (state) => live.push(state) });
    await (await PlanRun.start(plan, { runId: 'prefixes', options: runOptions() }, deps)).execute(liveSignal());
    assert.equal(live.length, journal.lines.length, 'one change per record');
    for (let count = 1; count <= journal.lines.length; count++) {
      const prefix = new MemoryRecordLog();
      prefix.lines.push(...journal.lines.slice(0, count));
      assert.deepStrictEqual(await loadRunState(prefix, () => undefined), live[count - 1], `after ${count} records`);
    }
  });

  describe('replay enforces the step transition table', () => {
    /** The journal of a run of one read step, with `record` put in as line `at`. */
    async function journalWith(record: Record<string, unknown>, at: number): Promise<MemoryRecordLog> {
      const { lines } = await fullJournal(validPlan([read('R1')]));
      const journal = new MemoryRecordLog();
      journal.lines.push(...lines.slice(0, at - 1), JSON.stringify({ type: 'step', at: 1, stepId: 'R1', ...record }));
      return journal;
    }

    it('refuses "succeed" for a step that never started, naming the line', async () => {
      const journal = await journalWith({ event: 'succeed', to: 'succeeded' }, 2);
      await assert.rejects(loadRunState(journal, () => undefined), (error: unknown) => {
        assert.ok(error instanceof JournalError);
        assert.equal(error.message, 'journal line 2: step R1: "succeed" cannot move it from pending to succeeded');
        return true;
      });
    });

    it('refuses a record whose target status is not where its event leads', async () => {
      const approved = (await fullJournal(validPlan([read('R1')]))).lines.findIndex((line) => line.includes('"event":"approve"')) + 1;
      const journal = await journalWith({ event: 'start', to: 'succeeded' }, approved + 1);
      await assert.rejects(loadRunState(journal, () => undefined), { message: `journal line ${approved + 1}: step R1: "start" cannot move it from approved to succeeded` });
    });

    it('names the file and line of a journal on disk', async () => {
      const dir = await makeTempDir();
      try {
        const file = path.join(dir, 'bad.journal.jsonl');
        await writeFile(file, `${(await journalWith({ event: 'fail', to: 'failed' }, 2)).lines.join('\n')}\n`);
        await assert.rejects(loadRunState(new JsonlRecordLog(file), () => undefined), { message: `${file}:2: step R1: "fail" cannot move it from pending to failed` });
      } finally {
        await removeTempDir(dir);
      }
    });
  });

  it('resumed after any record, never re-runs a step that had succeeded, and finishes the run', async () => {
    const plan = validPlan([read('R1'), write('W1', ['R1']), command('C1', { idempotent: true }, ['W1']), write('W2', ['C1']), read('R2', ['W2'])]);
    const { lines } = await fullJournal(plan);
    for (let count = 1; count <= lines.length; count++) {
      const { before, report, added } = await resumeFrom(lines, count);
      const done = [...before.steps].filter(([, run]) => run.status === 'succeeded').map(([id]) => id);
      const rerun = added.filter((record) => record.event === 'start' && done.includes(record.stepId));
      assert.deepEqual(rerun, [], `after ${count} records`);
      assert.equal(report.status, 'succeeded', `after ${count} records`);
    }
  });

  describe('a step the journal shows running', () => {
    /** The journal of a run of `plan`, cut right after `stepId` started. */
    async function cutAtStart(plan: ValidPlan, stepId: string): Promise<string[]> {
      const { lines } = await fullJournal(plan);
      const index = lines.findIndex((line) => {
        const record = JSON.parse(line) as StepRecord;
        return record.type === 'step' && record.stepId === stepId && record.event === 'start';
      });
      return lines.slice(0, index + 1);
    }

    it('non-idempotent without a way to settle it: becomes unknown, its dependents invalidated, needsReplan', async () => {
      const lines = await cutAtStart(validPlan([write('W1'), command('C1', {}, ['W1']), write('W2', ['C1'])]), 'C1');
      const { report, commands } = await resumeFrom(lines, lines.length);
      assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:x${step.attempts}`), ['W1:succeeded:x1', 'C1:unknown:x1', 'W2:invalidated:x0']);
      assert.equal(report.status, 'needsReplan');
      assert.deepEqual(commands.requests, []);
    });

    it('idempotent: runs again and succeeds', async () => {
      const lines = await cutAtStart(validPlan([write('W1'), command('C1', { idempotent: true }, ['W1']), write('W2', ['C1'])]), 'C1');
      const { report, commands } = await resumeFrom(lines, lines.length);
      assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:x${step.attempts}`), ['W1:succeeded:x1', 'C1:succeeded:x2', 'W2:succeeded:x1']);
      assert.deepEqual(commands.requests.map((request) => request.command), ['C1']);
    });

    it('settled by its statusCheck: done → succeeded without running again', async () => {
      const lines = await cutAtStart(validPlan([command('C1', { statusCheck: { kind: 'fileExists', path: 'in.txt' }, postcondition: { kind: 'fileExists', path: 'in.txt' } })]), 'C1');
      const { report, commands } = await resumeFrom(lines, lines.length);
      assert.equal(report.steps[0].status, 'succeeded');
      assert.deepEqual(commands.requests, []);
    });

    it('keeps "one retry after a not-done settle" across a crash: a second not-done after resuming fails instead of a third run', async () => {
      const append = { id: 'A1', title: 'append', tool: 'appendFile', args: { path: 'log.txt', content: 'line\n' }, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'line' } };
      const { lines } = await fullJournal(validPlan([append]), { workspace: new FailingAppends(2) });
      const retried = lines.findIndex((line) => line.includes('"event":"retry"'));
      assert.ok(retried > 0 && lines[retried]!.includes('"retriedAfterSettle":true'), 'the retry record keeps the rule');
      const workspace = new FailingAppends(0);
      const { report } = await resumeFrom(lines, retried + 1, { workspace });
      assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:x${step.attempts}`), ['A1:failed:x2']);
      assert.equal(workspace.appends, 0, 'the append did not run a third time');
    });

    it('keeps the rule on a step resumed for its one retry: failing again ambiguously settles to failed, not another run', async () => {
      const append = { id: 'A1', title: 'append', tool: 'appendFile', args: { path: 'log.txt', content: 'line\n' }, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'line' } };
      const lines = await cutAtStart(validPlan([append]), 'A1');
      const workspace = new FailingAppends(5);
      const { report } = await resumeFrom(lines, lines.length, { workspace });
      assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:x${step.attempts}`), ['A1:failed:x2']);
      assert.equal(workspace.appends, 1, 'one run after the crash, no more');
    });

    it('settled by the status read: an append that did not happen runs once more; one that happened is kept', async () => {
      const append = { id: 'A1', title: 'append', tool: 'appendFile', args: { path: 'log.txt', content: 'line\n' }, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'line' } };
      const lines = await cutAtStart(validPlan([append]), 'A1');

      const notDone = new MemoryWorkspace();
      const rerun = await resumeFrom(lines, lines.length, { workspace: notDone });
      assert.equal(rerun.report.steps[0].status, 'succeeded');
      assert.equal(rerun.report.steps[0].attempts, 2);
      assert.equal(notDone.files.get('log.txt'), 'line\n');

      const done = new MemoryWorkspace({ 'log.txt': 'line\n' });
      const kept = await resumeFrom(lines, lines.length, { workspace: done });
      assert.equal(kept.report.steps[0].status, 'succeeded');
      assert.equal(kept.report.steps[0].attempts, 1);
      assert.equal(done.files.get('log.txt'), 'line\n');
    });
  });

  describe('on disk', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await makeTempDir();
    });
    afterEach(async () => {
      await removeTempDir(dir);
    });

    it('ignores a torn last line with a warning, resumes from the records before it, and cuts the torn line off', async () => {
      const plan = validPlan([write('W1'), write('W2', ['W1'])]);
      const { lines } = await fullJournal(plan);
      const cut = lines.findIndex((line) => {
        const record = JSON.parse(line) as StepRecord;
        return record.type === 'step' && record.stepId === 'W2' && record.event === 'approve';
      });
      assert.ok(cut > 0);
      const file = path.join(dir, 'run.journal.jsonl');
      await writeFile(file, `${lines.slice(0, cut).join('\n')}\n${lines[cut].slice(0, 25)}`);

      const logger = new RecordingLogger();
      const journal = new JsonlRecordLog(file);
      const resumed = await PlanRun.resume(fakeRunDeps({ journal, logger }));
      assert.equal(resumed.current.steps.get('W1')?.status, 'succeeded');
      assert.equal(resumed.current.steps.get('W2')?.status, 'pending');
      assert.deepEqual(logger.warnings, [`${file}:${cut + 1}: ignored a torn last line (the process stopped while writing it)`]);

      const report = await resumed.execute(liveSignal());
      await journal.close();
      assert.equal(report.status, 'succeeded');
      const warnings: string[] = [];
      const state = await loadRunState(new JsonlRecordLog(file), (warning) => warnings.push(warning));
      assert.deepEqual(warnings, []);
      assert.deepStrictEqual(state, resumed.current);
    });
  });
});
