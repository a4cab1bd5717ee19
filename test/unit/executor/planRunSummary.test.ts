// Who writes a succeeded run's summary: Planwright's own account unless the plan ends in the answer a
// model wrote (a last `generate` step nothing depends on) or the run's options ask for the solver; a
// solver that fails, or is missing, falls back with a warning. No run waits for a solver it did not ask for.
import * as assert from 'node:assert/strict';
import type { UsageRecord } from '../../../src/core/run/journalRecords';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { RunOptions } from '../../../src/core/run/runOptions';
import type { RunState } from '../../../src/core/run/runState';
import { deterministicSummary, summarySource } from '../../../src/core/run/runSummary';
import type { Solver } from '../../../src/core/run/modelRoles';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedChatModel } from '../support/fakePorts';

/** A solver that counts its calls and answers `reply` (or throws it). */
class CountingSolver implements Solver {
  calls = 0;
  constructor(private readonly reply: string | Error) {}
  async summarize(): Promise<{ readonly text: string; readonly usage: readonly UsageRecord[] }> {
    this.calls++;
    if (this.reply instanceof Error) throw this.reply;
    return { text: this.reply, usage: [{ role: 'solver', model: 'solver-model', promptTokens: 400, completionTokens: 30, cachedTokens: 0, estimated: false, ms: 5 }] };
  }
}

const read = { id: 'E1', title: 'Read the notes', tool: 'readFile', args: { path: 'notes.md' } };
const answer = { id: 'E2', title: 'Answer', tool: 'generate', args: { instruction: 'What do the notes say? #E1' }, dependsOn: ['E1'] };

async function runWith(steps: readonly unknown[], options: Partial<RunOptions>, solver?: Solver, replies: string[] = []) {
  const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'notes.md': 'ship on Friday' }), workerModel: new ScriptedChatModel(replies), ...(solver ? { solver } : {}) });
  const run = await PlanRun.start(validPlan(steps), { runId: 'r', options: runOptions(options) }, deps);
  return { report: await run.execute(liveSignal()), warnings: deps.logger.warnings };
}

describe('deterministicSummary', () => {
  it('says what a succeeded step\'s check found in words, not in the check\'s own terms', () => {
    const checkedRead = { ...read, postcondition: { kind: 'fileExists', path: 'notes.md' } };
    const state = {
      plan: validPlan([checkedRead]),
      status: 'succeeded',
      revision: 0,
      replanReasons: [],
      steps: new Map([['E1', { status: 'succeeded', attempts: 1, revision: 0, retriedAfterSettle: false, checkDetail: 'fileExists notes.md: found (14 bytes)' }]]),
    } as unknown as RunState;
    assert.match(deterministicSummary(state), /^- 1 Read the notes \(readFile\): succeeded — notes\.md exists: found \(14 bytes\)$/m);
  });

  it('says what a failed postcondition found in the same words, not its error message', () => {
    const test = { id: 'E1', title: 'Run the tests', tool: 'runCommand', args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 } };
    const failure = { kind: 'definite', reason: 'postcondition', message: 'postcondition failed: exitCode 0: got 1' };
    const state = {
      plan: validPlan([test]),
      status: 'failed',
      revision: 0,
      replanReasons: [],
      steps: new Map([['E1', { status: 'failed', attempts: 1, revision: 0, retriedAfterSettle: false, checkDetail: 'exitCode 0: got 1', failure }]]),
    } as unknown as RunState;
    assert.match(deterministicSummary(state), /^- 1 Run the tests \(runCommand\): failed — exit code: expected 0, got 1$/m);
  });

  it('lists the steps in execution order, named as the tree numbers them, with their outcomes', () => {
    const plan = validPlan([{ ...answer, dependsOn: ['E1'] }, read]);
    const state = {
      plan,
      status: 'failed',
      revision: 0,
      replanReasons: [],
      steps: new Map([
        ['E1', { status: 'succeeded', attempts: 1, revision: 0, retriedAfterSettle: false, checkDetail: 'notes.md exists' }],
        ['E2', { status: 'failed', attempts: 1, revision: 0, retriedAfterSettle: false, failure: { kind: 'definite', reason: 'model', message: 'no answer' } }],
      ]),
    } as unknown as RunState;
    assert.equal(deterministicSummary(state), ['Goal: test goal', '', 'Outcome: failed', '', '- 1 Read the notes (readFile): succeeded — notes.md exists', '- 2 Answer (generate): failed — no answer'].join('\n'));
  });
});

describe('PlanRun summary', () => {
  it('ends with the plain summary and no solver call when nobody asked for one', async () => {
    const solver = new CountingSolver('a model summary');
    const { report } = await runWith([read], {}, solver);
    assert.equal(report.status, 'succeeded');
    assert.equal(solver.calls, 0);
    assert.match(report.summary, /^Goal: test goal\n\nOutcome: succeeded\n\n- 1 Read the notes \(readFile\): succeeded/);
    assert.equal(report.usage.solve.calls, 0);
  });

  it('takes the answer from a last generate step nothing depends on, without a solver call', async () => {
    const solver = new CountingSolver('a model summary');
    const { report } = await runWith([read, answer], {}, solver, ['  The notes say to ship on Friday.\n']);
    assert.equal(solver.calls, 0);
    assert.equal(report.summary, 'The notes say to ship on Friday.');
  });

  it('keeps the plain summary when the generate step is not the last one', async () => {
    const draft = { id: 'E1', title: 'Draft', tool: 'generate', args: { instruction: 'Draft a note' } };
    const { report } = await runWith([draft, { ...read, id: 'E2', dependsOn: ['E1'] }], {}, undefined, ['a draft']);
    assert.equal(report.status, 'succeeded');
    assert.match(report.summary, /^Goal: test goal\n/);
  });

  it('asks the solver once when the options ask for a model summary, and journals its usage', async () => {
    const solver = new CountingSolver('Read the notes: ship on Friday.');
    const { report } = await runWith([read], { summary: 'model' }, solver);
    assert.equal(solver.calls, 1);
    assert.equal(report.summary, 'Read the notes: ship on Friday.');
    assert.deepEqual([report.usage.solve.calls, report.usage.solve.promptTokens], [1, 400]);
  });

  it('falls back to the plain summary, with a warning, when the solver fails or none is configured', async () => {
    const failing = await runWith([read], { summary: 'model' }, new CountingSolver(new Error('endpoint down')));
    assert.equal(failing.report.status, 'succeeded');
    assert.match(failing.report.summary, /^Goal: test goal\n/);
    assert.match(failing.warnings.join('\n'), /the solver failed, using the plain summary: endpoint down/);
    const missing = await runWith([read, answer], { summary: 'model' }, undefined, ['The answer.']);
    assert.equal(missing.report.summary, 'The answer.', 'the plan\'s own answer is the fallback');
    assert.match(missing.warnings.join('\n'), /no model is configured/);
  });

  it('names the source by the rule: the options first, then a last unused generate step, then plain', () => {
    const state = (steps: readonly unknown[], outputs: Record<string, string>): RunState =>
      ({
        plan: validPlan(steps),
        steps: new Map(Object.entries(outputs).map(([id, text]) => [id, { status: 'succeeded', attempts: 1, revision: 0, retriedAfterSettle: false, output: { text } }])),
      }) as unknown as RunState;
    const done = state([read, answer], { E1: 'x', E2: 'the answer' });
    assert.equal(summarySource(done, { summary: 'model' }), 'solver');
    assert.equal(summarySource(done, {}), 'answer');
    assert.equal(summarySource(done, { summary: 'plain' }), 'answer');
    assert.equal(summarySource(state([read, answer], { E1: 'x', E2: '   ' }), {}), 'plain', 'an empty answer is no answer');
    assert.equal(summarySource(state([read], { E1: 'x' }), {}), 'plain');
  });
});
