// Unit tests of the plan diff between two revisions.
import * as assert from 'node:assert/strict';
import { diffPlans, isSamePlan } from '../../../src/core/plan/diffPlans';
import { examplePlan } from './planFixtures';

describe('diffPlans', () => {
  it('finds nothing between a plan and a copy of it', () => {
    const diff = diffPlans(examplePlan(), examplePlan());
    assert.ok(isSamePlan(diff));
    assert.deepEqual(diff.unchanged, ['E1', 'E2', 'E3']);
  });

  it('reports added, removed and changed steps, naming the changed fields', () => {
    const after = examplePlan();
    after.steps.splice(0, 1);
    after.steps[0].args = { path: 'src/main.ts', edits: [{ find: 'a', replace: 'b' }] };
    after.steps[0].dependsOn = undefined;
    after.steps[1].title = 'Run the unit tests';
    after.steps.push({ id: 'E4', title: 'Lint', tool: 'runCommand', args: { command: 'npm run lint' }, postcondition: { kind: 'exitCode', equals: 0 } });
    const diff = diffPlans(examplePlan(), after);
    assert.deepEqual(diff.removed.map((step) => step.id), ['E1']);
    assert.deepEqual(diff.added.map((step) => step.id), ['E4']);
    assert.deepEqual(diff.changed.map((change) => [change.id, change.fields]), [
      ['E2', ['args', 'dependsOn']],
      ['E3', ['title']],
    ]);
    assert.deepEqual(diff.unchanged, []);
    assert.equal(diff.goalChanged, false);
  });

  it('ignores step order and object key order', () => {
    const after = examplePlan();
    after.steps.reverse();
    const { path, edits } = after.steps[1].args;
    after.steps[1].args = { edits, path };
    assert.ok(isSamePlan(diffPlans(examplePlan(), after)));
  });

  it('sees a change deep inside a check, and a changed goal', () => {
    const after = examplePlan();
    after.goal = 'Add --verbose and --quiet';
    after.steps[1].postcondition = { kind: 'fileContains', path: 'src/cli.ts', text: '--quiet' };
    const diff = diffPlans(examplePlan(), after);
    assert.equal(diff.goalChanged, true);
    assert.deepEqual(diff.changed.map((change) => change.fields), [['postcondition']]);
  });
});
