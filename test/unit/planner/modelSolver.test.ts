import * as assert from 'node:assert/strict';
import { ModelError } from '../../../src/core/errors';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { applyRecord, type RunState, type StepRun } from '../../../src/core/run/runState';
import { ModelSolver } from '../../../src/core/solver/modelSolver';
import { buildSolverPrompt, SOLVER_LIMITS } from '../../../src/core/solver/solverPrompt';
import { ScriptedChatModel } from '../support/fakePorts';
import { validPlan } from '../support/executorFakes';

/** A run of `count` read steps, each finished with `status` and a long output. */
function finishedRun(count: number, status: StepRun['status'] = 'succeeded'): RunState {
  const plan = validPlan(
    Array.from({ length: count }, (_, index) => ({ id: `E${index + 1}`, title: `Read file ${index + 1}`, tool: 'readFile', args: { path: `src/file${index + 1}.ts` } })),
    { goal: 'Read everything' },
  );
  const started = applyRecord(undefined, { type: 'runStarted', runId: 'run-1', at: 0, plan, options: DEFAULT_RUN_OPTIONS });
  const steps = new Map<string, StepRun>(plan.steps.map((step) => [step.id, { status, attempts: 1, revision: 0, retriedAfterSettle: false, output: { text: 'x'.repeat(10_000) }, checkDetail: 'ok' }]));
  return { ...started, steps };
}

describe('ModelSolver', () => {
  it('asks the worker model as the solver and returns its text with the usage of the call', async () => {
    const model = new ScriptedChatModel(['  Read both files.  ']);
    const answer = await new ModelSolver(model).summarize(finishedRun(2), new AbortController().signal);
    assert.equal(answer.text, 'Read both files.');
    assert.deepEqual(answer.usage, [{ role: 'solver', model: 'test-worker', promptTokens: 10, completionTokens: 5, cachedTokens: 0, estimated: false, ms: 3 }]);
    assert.equal(model.requests[0]!.role, 'solver');
    assert.match(model.requests[0]!.messages[1]!.content, /^Goal: Read everything\nOutcome: every step succeeded\n/);
  });

  it('fails on an empty reply, so the executor falls back to its own summary', async () => {
    await assert.rejects(new ModelSolver(new ScriptedChatModel(['   '])).summarize(finishedRun(1), new AbortController().signal), (error: unknown) => error instanceof ModelError && error.reason === 'badReply');
  });

  it('keeps the prompt bounded however many steps and however long their outputs', () => {
    const [system, user] = buildSolverPrompt(finishedRun(200));
    assert.ok(user!.content.length <= SOLVER_LIMITS.totalChars, `${user!.content.length} characters`);
    assert.ok(system!.content.length < 1_000);
    assert.match(user!.content, /output: x{10,}…/);
  });

  it('counts the outcome per status when not every step succeeded', () => {
    const state = finishedRun(2);
    const steps = new Map(state.steps);
    steps.set('E2', { ...steps.get('E2')!, status: 'skipped' });
    assert.match(buildSolverPrompt({ ...state, steps })[1]!.content, /Outcome: 1 succeeded, 1 skipped/);
  });
});
