// Pure scheduling decisions: the parallel limit, never two writers of one file, what a failure in a
// diamond-shaped DAG invalidates, and how a quiet run ends.
import * as assert from 'node:assert/strict';
import { firstBrokenStep, quietOutcome, stepsToInvalidate, stepsToStart } from '../../../src/core/executor/scheduler';
import { ReadyFrontier } from '../../../src/core/executor/readyFrontier';
import type { Step, ValidPlan } from '../../../src/core/plan/planSchema';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validPlan } from '../support/executorFakes';

const read = (id: string, dependsOn: string[] = [], path = `${id}.txt`) => ({ id, title: id, tool: 'readFile', args: { path }, dependsOn });

/** A→B, A→C, B→D, C→D. */
const DIAMOND = validPlan([read('A'), read('B', ['A']), read('C', ['A']), read('D', ['B', 'C'])]);

const statuses = (entries: Record<string, StepStatus>) => new Map(Object.entries(entries));
const ids = (steps: readonly Step[]) => steps.map((step) => step.id);
const noWrites = () => [];

/** The steps a turn starts from the frontier of `plan` at `status`, with `starting` chosen before and not running yet. */
function start(plan: ValidPlan, status: ReadonlyMap<string, StepStatus>, limits: { local: number; model: number }, writes: (step: Step) => readonly string[], callsModel = (_step: Step) => false, starting: readonly string[] = []): Step[] {
  const chosen = plan.steps.filter((step) => starting.includes(step.id));
  return stepsToStart(new ReadyFrontier({ plan, statuses: status }, callsModel), chosen, limits, writes);
}

describe('scheduler', () => {
  describe('stepsToInvalidate on a diamond', () => {
    it('A failing invalidates B, C and D', () => {
      assert.deepEqual(stepsToInvalidate(DIAMOND, statuses({ A: 'failed' }), 'A'), ['B', 'C', 'D']);
    });

    it('B failing invalidates only D; C is independent of it', () => {
      assert.deepEqual(stepsToInvalidate(DIAMOND, statuses({ A: 'succeeded', B: 'failed', C: 'running' }), 'B'), ['D']);
    });

    it('leaves dependents that already finished or were already invalidated alone', () => {
      assert.deepEqual(stepsToInvalidate(DIAMOND, statuses({ A: 'unknown', B: 'invalidated', C: 'approved', D: 'awaitingApproval' }), 'A'), ['C', 'D']);
    });
  });

  describe('stepsToStart', () => {
    const wide = validPlan(['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((id) => read(id)));
    const allApproved = statuses(Object.fromEntries(wide.steps.map((step) => [step.id, 'approved'])));
    const FOUR = { local: 4, model: 8 };

    it('starts at most maxParallel steps, in plan order', () => {
      assert.deepEqual(ids(start(wide, allApproved, FOUR, noWrites)), ['S1', 'S2', 'S3', 'S4']);
    });

    it('counts steps already running against the limit', () => {
      const some = statuses({ S1: 'running', S2: 'running', S3: 'approved', S4: 'approved', S5: 'approved', S6: 'approved' });
      assert.deepEqual(ids(start(wide, some, FOUR, noWrites)), ['S3', 'S4']);
    });

    it('counts steps chosen before, whose start is not journalled yet, as running, and does not choose them again', () => {
      const some = statuses({ S1: 'running', S2: 'approved', S3: 'approved', S4: 'approved', S5: 'approved', S6: 'approved' });
      assert.deepEqual(ids(start(wide, some, FOUR, noWrites, undefined, ['S2', 'S3'])), ['S4']);
      const writes = (step: Step) => [String(step.args.path)];
      const plan = validPlan([read('W1', [], 'same.txt'), read('W2', [], 'same.txt'), read('W3', [], 'other.txt')]);
      assert.deepEqual(ids(start(plan, statuses({ W1: 'approved', W2: 'approved', W3: 'approved' }), FOUR, writes, undefined, ['W1'])), ['W3'], 'W2 writes the file W1 is starting to write');
    });

    it('starts only approved steps whose dependencies succeeded', () => {
      assert.deepEqual(ids(start(DIAMOND, statuses({ A: 'succeeded', B: 'approved', C: 'pending', D: 'approved' }), FOUR, noWrites)), ['B']);
    });

    it('never starts two writers of one file together, even when the plan says they are independent', () => {
      const writes = (step: Step) => [String(step.args.path)];
      const plan = validPlan([read('W1', [], 'same.txt'), read('W2', [], './SAME.txt'), read('W3', [], 'other.txt')]);
      assert.deepEqual(ids(start(plan, statuses({ W1: 'approved', W2: 'approved', W3: 'approved' }), FOUR, writes)), ['W1', 'W3']);
      assert.deepEqual(ids(start(plan, statuses({ W1: 'running', W2: 'approved', W3: 'succeeded' }), FOUR, writes)), []);
      assert.deepEqual(ids(start(plan, statuses({ W1: 'succeeded', W2: 'approved', W3: 'succeeded' }), FOUR, writes)), ['W2']);
    });
  
    it('starts steps that wait on the worker model from their own pool, each pool to its limit', () => {
      const mixed = validPlan(['M1', 'L1', 'M2', 'M3', 'L2', 'M4', 'L3'].map((id) => read(id)));
      const callsModel = (step: Step) => step.id.startsWith('M');
      const approved = statuses(Object.fromEntries(mixed.steps.map((step) => [step.id, 'approved'])));
      assert.deepEqual(ids(start(mixed, approved, { local: 2, model: 3 }, noWrites, callsModel)), ['M1', 'L1', 'M2', 'M3', 'L2']);
      const busy = statuses({ M1: 'running', L1: 'running', M2: 'running', M3: 'approved', L2: 'approved', M4: 'approved', L3: 'approved' });
      assert.deepEqual(ids(start(mixed, busy, { local: 1, model: 3 }, noWrites, callsModel)), ['M3'], 'the local pool is full; the model pool has one place left');
    });
  });

  describe('quietOutcome', () => {
    it('is succeeded when every step succeeded or was skipped by the user', () => {
      assert.equal(quietOutcome(DIAMOND, statuses({ A: 'succeeded', B: 'succeeded', C: 'skipped', D: 'succeeded' })), 'succeeded');
    });

    it('is needsReplan when a step failed, is unknown, was invalidated or cancelled', () => {
      for (const broken of ['failed', 'unknown', 'invalidated', 'cancelled'] as const) {
        assert.equal(quietOutcome(DIAMOND, statuses({ A: 'succeeded', B: broken, C: 'awaitingApproval', D: 'pending' })), 'needsReplan', broken);
      }
    });

    it('is needsReplan when only the last step is left, unknown: unknown is not finished', () => {
      assert.equal(quietOutcome(DIAMOND, statuses({ A: 'succeeded', B: 'succeeded', C: 'skipped', D: 'unknown' })), 'needsReplan');
    });

    it('is awaitingApproval when steps wait for the user and nothing broke', () => {
      assert.equal(quietOutcome(DIAMOND, statuses({ A: 'succeeded', B: 'awaitingApproval', C: 'succeeded', D: 'pending' })), 'awaitingApproval');
    });

    it('is needsReplan when the remaining steps wait for a step that will never succeed', () => {
      assert.equal(quietOutcome(DIAMOND, statuses({ A: 'succeeded', B: 'skipped', C: 'succeeded', D: 'pending' })), 'needsReplan');
    });
  });

  describe('firstBrokenStep', () => {
    it('names the first failed or unknown step in plan order', () => {
      assert.equal(firstBrokenStep(DIAMOND, statuses({ A: 'succeeded', B: 'invalidated', C: 'unknown', D: 'failed' }))?.id, 'C');
      assert.equal(firstBrokenStep(DIAMOND, statuses({ A: 'succeeded', B: 'skipped' })), undefined);
    });
  });
});
