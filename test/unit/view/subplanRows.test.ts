// Unit tests of a sub-plan in the plan tree: the child run nests under its `subplan` step with its own step
// rows (numbered labels, status icons, ids under the parent's row, no editing contextValue), open while the
// child works or after it broke and closed once it is done, with its budget and what it spent; a retried
// step shows its latest child; approvals of a child's steps are found by their path.
import * as assert from 'node:assert/strict';
import { childRunIdOf } from '../../../src/core/run/childRunIds';
import { englishText } from '../../../src/core/text/englishText';
import { planTreeModel } from '../../../src/core/view/planTreeModel';
import type { ChildRunView, PlanTreeInput, PlanTreeNode } from '../../../src/core/view/planTreeNode';
import { treeChanges } from '../../../src/core/view/treeChanges';
import type { StepRun } from '../../../src/core/run/runState';
import { validPlan } from '../support/executorFakes';
import { subplanStep, writeStep } from '../support/subplanFakes';
import { runView, stepRun } from './viewFixtures';

const source = 'm.plan.json';
const BUDGET = { steps: 8, replans: 1, tokens: 20_000 };
const parentPlan = validPlan([writeStep('E1', 'notes.md', 'start'), subplanStep('E2', 'migrate a.ts', ['src/a.ts'], { kind: 'fileContains', path: 'src/a.ts', text: 'newApi' }, { dependsOn: ['E1'], budget: BUDGET })]);
const childPlan = validPlan([writeStep('E1', 'src/a.ts', 'step1'), writeStep('E2', 'src/a.ts', 'newApi()', ['E1'])], { goal: 'migrate a.ts' });
const childId = childRunIdOf('run1', 'E2', { goal: 'migrate a.ts', scope: ['src/a.ts'], budget: BUDGET });

function child(steps: Readonly<Record<string, StepRun>>, extra: Partial<ChildRunView> = {}): ChildRunView {
  const usage = [{ phase: 'plan' as const, usage: { role: 'planner', model: 'm', promptTokens: 3_000, completionTokens: 1_120, cachedTokens: 0, estimated: false, ms: 5 } }];
  return { ...runView(childPlan, steps, { usage }), runId: childId, startedAt: 1, ...extra };
}

function tree(parent: Readonly<Record<string, StepRun>>, children: ReadonlyMap<string, ChildRunView>, extra: Partial<PlanTreeInput> = {}): readonly PlanTreeNode[] {
  return planTreeModel(englishText, { plan: parentPlan, source, run: { ...runView(parentPlan, parent), runId: 'run1' }, children, executing: true, ...extra });
}

function subplanRow(nodes: readonly PlanTreeNode[]): PlanTreeNode {
  const row = nodes.at(-1)!.children.find((node) => node.kind === 'step' && node.stepId === 'E2');
  assert.ok(row, 'no row for the subplan step');
  return row;
}

const childSteps = (row: PlanTreeNode) => row.children.filter((node) => node.kind === 'step');

describe('planTreeModel: a sub-plan under its step', () => {
  it('nests the child plan’s steps, numbered and with their own status icons, under the running subplan step, open', () => {
    const running = child({ E1: stepRun('succeeded'), E2: stepRun('running') });
    const row = subplanRow(tree({ E1: stepRun('succeeded'), E2: stepRun('running') }, new Map([[childId, running]])));
    assert.equal(row.expanded, true);
    assert.equal(row.id, 'plan:m.plan.json/step:E2@running1');
    const rows = childSteps(row);
    assert.deepEqual(rows.map((node) => node.label), ['1 write src/a.ts', '2 write src/a.ts']);
    assert.deepEqual(rows.map((node) => node.iconId), ['pass-filled', 'loading~spin']);
    assert.deepEqual(rows.map((node) => node.description), ['succeeded', 'running']);
    assert.deepEqual(rows.map((node) => node.accessibilityLabel), rows.map((node) => `${node.label}, ${node.stepId}, ${node.description}`));
  });

  it('gives a child’s steps ids and step ids under the parent step, so they never collide with the parent’s own E1', () => {
    const nodes = tree({ E1: stepRun('succeeded'), E2: stepRun('running') }, new Map([[childId, child({ E1: stepRun('running') })]]));
    const rows = childSteps(subplanRow(nodes));
    assert.deepEqual(rows.map((node) => node.stepId), ['E2/E1', 'E2/E2']);
    assert.deepEqual(rows.map((node) => node.id), ['plan:m.plan.json/step:E2/step:E1', 'plan:m.plan.json/step:E2/step:E2']);
    const ids = new Set<string>();
    const visit = (node: PlanTreeNode): void => {
      assert.ok(!ids.has(node.id), `two rows share the id ${node.id}`);
      ids.add(node.id);
      node.children.forEach(visit);
    };
    nodes.forEach(visit);
  });

  it('offers no step actions on a child’s steps: their contextValue is substep:<status>, which no step menu matches', () => {
    const failed = stepRun('failed', { failure: { kind: 'definite', reason: 'postcondition', message: 'no newApi' }, output: { text: 'wrote' } });
    const rows = childSteps(subplanRow(tree({ E2: stepRun('running') }, new Map([[childId, child({ E1: failed })]]), { executing: false })));
    assert.deepEqual(rows.map((node) => node.contextValue), ['substep:failed', 'substep:pending']);
    for (const node of rows) assert.doesNotMatch(node.contextValue, /^step:/);
  });

  it('closes the subplan step’s row once it succeeded (a row id VS Code has not seen open), and opens it when it failed', () => {
    const done = child({ E1: stepRun('succeeded'), E2: stepRun('succeeded') }, { status: 'succeeded' });
    const succeeded = subplanRow(tree({ E1: stepRun('succeeded'), E2: stepRun('succeeded') }, new Map([[childId, done]])));
    assert.equal(succeeded.expanded, false);
    assert.equal(succeeded.id, 'plan:m.plan.json/step:E2');
    assert.deepEqual(childSteps(succeeded).map((node) => node.iconId), ['pass-filled', 'pass-filled']);
    const broke = child({ E1: stepRun('failed') }, { status: 'failed' });
    const failed = subplanRow(tree({ E2: stepRun('failed') }, new Map([[childId, broke]])));
    assert.equal(failed.expanded, true);
    assert.equal(failed.id, 'plan:m.plan.json/step:E2@failed1');
    assert.equal(childSteps(failed)[0]?.iconId, 'error');
  });

  it('shows the budget and what the child spent in the description and the tooltip', () => {
    const row = subplanRow(tree({ E2: stepRun('running') }, new Map([[childId, child({ E1: stepRun('running') }, { replanReasons: [] })]])));
    assert.match(row.description, /budget 8 steps · 1 re-plan · 20\.0k tokens; used 2 steps · 0 re-plans · 4,120 tokens/);
    assert.match(row.tooltip, /Budget: 8 steps · 1 re-plan · 20\.0k tokens/);
    assert.match(row.tooltip, /Used so far: 2 steps · 0 re-plans · 4,120 tokens \(sub-plan running\)/);
    const before = subplanRow(tree({}, new Map()));
    assert.match(before.description, /budget 8 steps · 1 re-plan · 20\.0k tokens/);
    assert.doesNotMatch(before.description, /used/);
    assert.equal(childSteps(before).length, 0);
  });

  it('shows the latest attempt’s child after a retry, and no child of other arguments', () => {
    const first = child({ E1: stepRun('failed') }, { status: 'failed' });
    const second = child({ E1: stepRun('running') }, { runId: `${childId}~2`, startedAt: 2 });
    const other = child({ E1: stepRun('succeeded') }, { runId: childRunIdOf('run1', 'E2', { goal: 'something else', scope: ['src/a.ts'] }) });
    const row = subplanRow(tree({ E2: stepRun('running', { attempts: 2 }) }, new Map([[`${childId}~2`, second], [childId, first], [other.runId, other]])));
    assert.equal(childSteps(row)[0]?.iconId, 'loading~spin');
  });

  it('marks a child’s step that waits for an answer by its path, not the parent’s step of the same id', () => {
    const waiting = child({ E1: stepRun('awaitingApproval') });
    const nodes = tree({ E1: stepRun('awaitingApproval'), E2: stepRun('running') }, new Map([[childId, waiting]]), { approvals: new Map([['E2/E1', 'fileChanges']]) });
    const parentE1 = nodes.at(-1)!.children.find((node) => node.stepId === 'E1')!;
    assert.doesNotMatch(parentE1.contextValue, /:asking/);
    assert.equal(childSteps(subplanRow(nodes))[0]?.contextValue, 'substep:awaitingApproval');
  });

  it('refreshes only the subplan step’s row when a step of its child changes', () => {
    const parent = { E1: stepRun('succeeded'), E2: stepRun('running') };
    const before = tree(parent, new Map([[childId, child({ E1: stepRun('running') })]]));
    const after = tree(parent, new Map([[childId, child({ E1: stepRun('succeeded') })]]));
    const changes = treeChanges(before, after);
    assert.deepEqual(changes, { all: false, ids: ['plan:m.plan.json/step:E2/step:E1'] });
  });
});
