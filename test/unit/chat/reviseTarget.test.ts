// What `@planwright /revise …` is about: a leading step id or number names the step, anything else is about the plan.
import * as assert from 'node:assert/strict';
import { reviseTarget } from '../../../src/core/chat/reviseTarget';
import { threeSteps } from '../view/viewFixtures';

describe('reviseTarget', () => {
  const plan = threeSteps();

  it('reads a leading step id, with or without a colon, as a comment on that step', () => {
    assert.deepEqual(reviseTarget(plan, 'E2 use yargs for the flag'), { stepId: 'E2', comment: 'use yargs for the flag' });
    assert.deepEqual(reviseTarget(plan, '  E3: run the unit tests only '), { stepId: 'E3', comment: 'run the unit tests only' });
  });

  it('reads a leading number as the step numbered so in the tree', () => {
    assert.deepEqual(reviseTarget(plan, '2, split this into one step per file'), { stepId: 'E2', comment: 'split this into one step per file' });
  });

  it('reads anything else as a comment on the whole plan, the first word kept', () => {
    assert.deepEqual(reviseTarget(plan, "don't touch README"), { comment: "don't touch README" });
    assert.deepEqual(reviseTarget(plan, 'E9 is not a step'), { comment: 'E9 is not a step' });
    assert.deepEqual(reviseTarget(plan, '7 steps is too many'), { comment: '7 steps is too many' });
    assert.deepEqual(reviseTarget(plan, 'E2'), { comment: 'E2' });
  });
});
