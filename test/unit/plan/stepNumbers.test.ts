// Unit tests of step numbers in execution order and of how messages name steps with them.
import * as assert from 'node:assert/strict';
import { executionOrder, stepNumber, stepReference, stepReferenceList } from '../../../src/core/plan/stepNumbers';
import { examplePlan } from './planFixtures';

describe('stepNumbers', () => {
  const plan = examplePlan();
  plan.steps = [plan.steps[2]!, plan.steps[0]!, plan.steps[1]!];

  it('numbers steps in execution order, dependencies first, whatever their order in the file', () => {
    assert.deepEqual(executionOrder(plan).map((step) => step.id), ['E1', 'E2', 'E3']);
    assert.equal(stepNumber(plan, 'E3'), 3);
    assert.equal(stepNumber(plan, 'E9'), undefined);
  });

  it('names a step by number and title, and a step not in the plan by its id', () => {
    assert.equal(stepReference(plan, 'E3'), '3 Run the tests');
    assert.equal(stepReference(plan, 'E9'), 'E9');
  });

  it('names several steps for one message', () => {
    assert.equal(stepReferenceList(plan, ['E2', 'E3']), '2 Add the flag, 3 Run the tests');
    assert.equal(stepReferenceList(plan, []), '');
  });
});
