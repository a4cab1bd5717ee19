// Unit tests of the step graph: dependencies (explicit and implicit), topological order, ready steps and
// the transitive dependents a failure invalidates.
import * as assert from 'node:assert/strict';
import { PlanError } from '../../../src/core/plan/planError';
import {
  dependenciesOf,
  dependentsOf,
  directDependentsOf,
  readySteps,
  stepById,
  topologicalOrder,
} from '../../../src/core/plan/planGraph';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { generatePlan } from '../../../bench/generatedPlan';
import { planOf, step } from './planFixtures';

/** A diamond: A → (B, C) → D, plus an unrelated E. */
const diamond = planOf([step('D', ['B', 'C']), step('B', ['A']), step('C', [], { path: 'from-#A.txt' }), step('A'), step('E')]);

const ids = (steps: readonly { id: string }[]): string[] => steps.map((s) => s.id);

describe('planGraph', () => {
  describe('dependenciesOf', () => {
    it('joins dependsOn and the steps referenced in arguments', () => {
      const plan = planOf([step('A'), step('B'), step('C', ['A'], { path: 'x-#B' })]);
      assert.deepEqual(dependenciesOf(plan.steps[2], plan), ['A', 'B']);
    });

    it('lists a step named both ways once', () => {
      const plan = planOf([step('A'), step('C', ['A'], { path: '#A' })]);
      assert.deepEqual(dependenciesOf(plan.steps[1], plan), ['A']);
    });
  });

  describe('topologicalOrder', () => {
    it('puts every step after its dependencies and otherwise keeps plan order', () => {
      assert.deepEqual(ids(topologicalOrder(diamond)), ['A', 'B', 'C', 'D', 'E']);
    });

    it('keeps plan order for independent steps', () => {
      assert.deepEqual(ids(topologicalOrder(planOf([step('Z'), step('Y'), step('X')]))), ['Z', 'Y', 'X']);
    });

    it('throws a PlanError naming the cycle for a plan that has one', () => {
      const cyclic = planOf([step('A', ['C']), step('B', ['A']), step('C', ['B'])]);
      assert.throws(
        () => topologicalOrder(cyclic),
        (error: unknown) => error instanceof PlanError && error.reason === 'cycle' && error.message === 'dependency cycle: A → C → B → A',
      );
    });

    it('orders a 1,000-step generated plan consistently with every dependency', () => {
      const result = validatePlan(generatePlan(1000));
      assert.ok(result.ok);
      const position = new Map(topologicalOrder(result.plan).map((s, index) => [s.id, index]));
      assert.equal(position.size, 1000);
      for (const s of result.plan.steps) for (const d of dependenciesOf(s, result.plan)) assert.ok(position.get(d)! < position.get(s.id)!);
    });
  });

  describe('readySteps', () => {
    it('starts with the steps that wait for nothing', () => {
      assert.deepEqual(ids(readySteps(diamond, new Map())), ['A', 'E']);
    });

    it('offers a step once all its dependencies succeeded, and only pending or approved steps', () => {
      const status = new Map<string, StepStatus>([['A', 'succeeded'], ['B', 'succeeded'], ['C', 'running'], ['E', 'approved']]);
      assert.deepEqual(ids(readySteps(diamond, status)), ['E']);
      status.set('C', 'succeeded');
      assert.deepEqual(ids(readySteps(diamond, status)), ['D', 'E']);
    });

    it('never offers a step behind a failed, unknown or skipped one', () => {
      for (const blocked of ['failed', 'unknown', 'skipped'] as const) {
        const status = new Map<string, StepStatus>([['A', 'succeeded'], ['B', 'succeeded'], ['C', blocked], ['E', 'succeeded']]);
        assert.deepEqual(ids(readySteps(diamond, status)), [], blocked);
      }
    });
  });

  describe('dependentsOf', () => {
    it('returns every step that transitively depends on a step of a diamond', () => {
      assert.deepEqual([...dependentsOf(diamond, 'A')].sort(), ['B', 'C', 'D']);
      assert.deepEqual([...dependentsOf(diamond, 'B')], ['D']);
      assert.deepEqual([...dependentsOf(diamond, 'E')], []);
    });

    it('gives the direct dependents', () => {
      assert.deepEqual([...directDependentsOf(diamond, 'A')].sort(), ['B', 'C']);
    });

    it('throws a PlanError for an id that is not in the plan', () => {
      assert.throws(() => dependentsOf(diamond, 'Q'), (error: unknown) => error instanceof PlanError && error.reason === 'unknownStep');
    });
  });

  describe('stepById', () => {
    it('finds a step by id', () => {
      assert.equal(stepById(diamond, 'C')?.args.path, 'from-#A.txt');
      assert.equal(stepById(diamond, 'nope'), undefined);
    });
  });

  describe('on a validated plan', () => {
    it('gives the same answers when asked again (the index of a frozen plan is reused)', () => {
      const result = validatePlan(diamond);
      assert.ok(result.ok);
      assert.deepEqual(ids(topologicalOrder(result.plan)), ['A', 'B', 'C', 'D', 'E']);
      assert.equal(dependenciesOf(result.plan.steps[0], result.plan), dependenciesOf(result.plan.steps[0], result.plan));
    });
  });
});
