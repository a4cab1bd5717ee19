// Unit tests of the plan tree's view model.
import * as assert from 'node:assert/strict';
import { planTreeModel, stepContextValue, summarizeArgs } from '../../src/core/view/planTreeModel';
import { examplePlan } from './plan/planFixtures';

const plan = examplePlan();

describe('planTreeModel', () => {
  it('shows the goal as one plan row whose children are the steps in file order', () => {
    const [root, ...rest] = planTreeModel({ plan, source: 'add-verbose-flag.plan.json' });
    assert.equal(rest.length, 0);
    assert.equal(root?.label, 'Add a --verbose flag to the CLI');
    assert.equal(root?.description, 'add-verbose-flag.plan.json');
    assert.equal(root?.contextValue, 'plan');
    assert.deepEqual(
      root?.children.map((child) => child.label),
      ['Read the CLI entry point', 'Add the flag', 'Run the tests'],
    );
  });

  it('gives every row an id that depends only on the source and the step id', () => {
    const first = planTreeModel({ plan, source: 'a.plan.json' });
    const again = planTreeModel({ plan: { ...plan, goal: 'Another goal' }, source: 'a.plan.json' });
    const ids = (nodes: typeof first) => nodes.flatMap((node) => [node.id, ...node.children.map((child) => child.id)]);
    assert.deepEqual(ids(first), ids(again));
    assert.deepEqual(ids(first), ['plan:a.plan.json', 'plan:a.plan.json/step:E1', 'plan:a.plan.json/step:E2', 'plan:a.plan.json/step:E3']);
  });

  it('describes a step by id, tool and main argument', () => {
    const steps = planTreeModel({ plan, source: 'p.plan.json' })[0]?.children ?? [];
    assert.deepEqual(
      steps.map((step) => step.description),
      ['E1 · readFile src/cli.ts', 'E2 · editFile src/cli.ts', 'E3 · runCommand npm test'],
    );
  });

  it('treats steps without a status as pending', () => {
    const step = planTreeModel({ plan, source: 'p.plan.json' })[0]?.children[0];
    assert.equal(step?.contextValue, 'step:pending');
    assert.equal(step?.iconId, 'circle-large-outline');
  });

  it('shows each step status in the icon and the contextValue', () => {
    const statuses = new Map([
      ['E1', 'succeeded' as const],
      ['E2', 'failed' as const],
      ['E3', 'awaitingApproval' as const],
    ]);
    const steps = planTreeModel({ plan, source: 'p.plan.json', statuses })[0]?.children ?? [];
    assert.deepEqual(
      steps.map((step) => [step.contextValue, step.iconId]),
      [
        ['step:succeeded', 'pass-filled'],
        ['step:failed', 'error'],
        ['step:awaitingApproval', 'question'],
      ],
    );
  });

  it('puts dependencies and the postcondition kind in the tooltip', () => {
    const tooltip = planTreeModel({ plan, source: 'p.plan.json' })[0]?.children[1]?.tooltip ?? '';
    assert.match(tooltip, /^E2: Add the flag$/m);
    assert.match(tooltip, /^After: E1$/m);
    assert.match(tooltip, /^Checked by: fileContains$/m);
  });

  it('mentions the revision of a re-planned plan', () => {
    const [root] = planTreeModel({ plan: { ...plan, revision: 2 }, source: 'p.plan.json' });
    assert.equal(root?.description, 'p.plan.json · revision 2');
  });
});

describe('summarizeArgs', () => {
  it('collapses whitespace and shortens long arguments', () => {
    const summary = summarizeArgs({ args: { instruction: `Write\n a ${'very '.repeat(30)}long draft` } });
    assert.equal(summary.length, 60);
    assert.ok(summary.startsWith('Write a very'));
    assert.ok(summary.endsWith('…'));
  });

  it('returns nothing when no known argument is a string', () => {
    assert.equal(summarizeArgs({ args: { edits: [] } }), '');
  });
});

describe('stepContextValue', () => {
  it('builds step:<status>', () => {
    assert.equal(stepContextValue('running'), 'step:running');
  });
});
