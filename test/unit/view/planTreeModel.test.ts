// Unit tests of the plan tree's view model: rows, labels, descriptions, icons, tooltips, children, the
// contextValue of each status, re-planned and replaced steps, edit problems, and a 1,000-step plan.
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';
import { planTreeModel } from '../../../src/core/view/planTreeModel';
import type { PlanTreeNode } from '../../../src/core/view/planTreeNode';
import { summarizeArgs } from '../../../src/core/plan/summarizeArgs';
import { treeChanges } from '../../../src/core/view/treeChanges';
import { validPlan } from '../support/executorFakes';
import { longPlan, runView, stepRun, threeSteps } from './viewFixtures';

const plan = threeSteps();
const source = 'p.plan.json';
/** What E2's check (src/cli.ts contains "--verbose") reports when the text is missing. */
const NOT_FOUND = 'fileContains src/cli.ts "--verbose": not found (file has 12 lines)';

function root(nodes: readonly PlanTreeNode[]): PlanTreeNode {
  assert.equal(nodes.length, 1);
  return nodes[0]!;
}

function step(nodes: readonly PlanTreeNode[], stepId: string): PlanTreeNode {
  const found = root(nodes).children.find((node) => node.kind === 'step' && node.stepId === stepId);
  assert.ok(found, `no row for ${stepId}`);
  return found;
}

describe('planTreeModel: a plan that has not run', () => {
  it('shows the goal as one expanded row whose children are the steps, numbered in execution order', () => {
    const goal = root(planTreeModel(englishText, { plan, source }));
    assert.equal(goal.label, 'Add a --verbose flag to the CLI');
    assert.equal(goal.kind, 'plan');
    assert.equal(goal.expanded, true);
    assert.equal(goal.contextValue, 'plan:idle');
    assert.equal(goal.description, 'p.plan.json · rev 1');
    assert.deepEqual(goal.children.map((child) => child.label), ['1 Read the CLI entry point', '2 Add the flag', '3 Run the tests']);
  });

  it('orders and numbers steps so each comes after what it depends on', () => {
    const reversed = validPlan([{ ...plan.steps[2]!, dependsOn: ['E2'] }, plan.steps[1]!, plan.steps[0]!], { goal: plan.goal, revision: 1 });
    const rows = root(planTreeModel(englishText, { plan: reversed, source })).children;
    assert.deepEqual(rows.map((row) => row.label), ['1 Read the CLI entry point', '2 Add the flag', '3 Run the tests']);
    assert.equal(rows[2]?.children.find((child) => child.id.endsWith('/dependsOn'))?.label, 'After: 2 Add the flag');
  });

  it('gives every row an id that depends only on the source and the step id', () => {
    const ids = (nodes: readonly PlanTreeNode[]) => root(nodes).children.map((child) => child.id);
    const first = planTreeModel(englishText, { plan, source: 'a.plan.json' });
    const again = planTreeModel(englishText, { plan: { ...plan, goal: 'Another goal' }, source: 'a.plan.json', run: runView(plan) });
    assert.deepEqual(ids(first), ids(again));
    assert.deepEqual(ids(first), ['plan:a.plan.json/step:E1', 'plan:a.plan.json/step:E2', 'plan:a.plan.json/step:E3']);
    assert.equal(root(first).id, 'plan:a.plan.json');
  });

  it('describes a step by its status alone, its tool and target in the tooltip, its id in the accessible label after the number the row shows', () => {
    const rows = root(planTreeModel(englishText, { plan, source })).children;
    assert.deepEqual(rows.map((child) => child.description), ['pending', 'pending', 'pending']);
    assert.deepEqual(rows.map((child) => child.accessibilityLabel), ['1 Read the CLI entry point, E1, pending', '2 Add the flag, E2, pending', '3 Run the tests, E3, pending']);
    // A run keeps its ids, so row 3 may be E4: read out as what references call it, never as a second number.
    const renumbered = { ...plan, steps: plan.steps.map((step) => (step.id === 'E3' ? { ...step, id: 'E4' } : step)) };
    assert.equal(root(planTreeModel(englishText, { plan: renumbered, source })).children[2]!.accessibilityLabel, '3 Run the tests, referred to as #E4, pending');
    assert.match(rows[1]!.tooltip, /^`editFile` — /m);
    assert.match(rows[1]!.tooltip, /"path": "src\/cli\.ts"/);
  });

  it('treats steps without a run as pending and editable', () => {
    const first = step(planTreeModel(englishText, { plan, source }), 'E1');
    assert.equal(first.iconId, 'circle-large-outline');
    assert.equal(first.contextValue, 'step:pending:editable');
  });

  it('marks a plan with unsaved edits', () => {
    assert.equal(root(planTreeModel(englishText, { plan, source, unsaved: true })).description, 'p.plan.json · rev 1 · unsaved');
  });

  it('lists what the step checks, in words, and its dependencies under a step, collapsed', () => {
    const edit = step(planTreeModel(englishText, { plan, source }), 'E2');
    assert.equal(edit.expanded, false);
    assert.deepEqual(edit.children.map((child) => child.label), ['Checks that src/cli.ts contains "--verbose"', 'After: 1 Read the CLI entry point']);
    assert.deepEqual(edit.children.map((child) => child.id), ['plan:p.plan.json/step:E2/postcondition', 'plan:p.plan.json/step:E2/dependsOn']);
    assert.ok(edit.children.every((child) => child.contextValue === 'detail' && child.stepId === 'E2'));
    assert.deepEqual(step(planTreeModel(englishText, { plan, source }), 'E1').children, []);
  });

  it('puts the arguments, effect class and postcondition in a Markdown tooltip', () => {
    const tooltip = step(planTreeModel(englishText, { plan, source }), 'E2').tooltip;
    assert.match(tooltip, /^\*\*2 Add the flag\*\* · E2$/m);
    assert.match(tooltip, /^`editFile` — changes the workspace; not safe to repeat$/m);
    assert.match(tooltip, /```json\n\{\n {2}"path": "src\/cli\.ts",/);
    assert.match(tooltip, /^Checks that src\/cli\.ts contains "--verbose"$/m);
    assert.match(tooltip, /^After: 1 Read the CLI entry point$/m);
    assert.match(step(planTreeModel(englishText, { plan, source }), 'E1').tooltip, /`readFile` — read-only/);
    assert.match(step(planTreeModel(englishText, { plan, source }), 'E3').tooltip, /^Runs `npm test` in the workspace folder$/m);
  });

  it('shows the problems of a refused edit on the step they concern, and on the goal row', () => {
    const problems = new Map([
      ['E2', ['E2.args.edits[0].find: Required']],
      ['', ['goal: must not be empty']],
    ]);
    const nodes = planTreeModel(englishText, { plan, source, problems });
    const edit = step(nodes, 'E2');
    assert.equal(edit.description, 'pending · 1 problem');
    assert.equal(edit.iconId, 'warning');
    assert.equal(edit.expanded, true);
    assert.equal(edit.children.at(-1)?.label, 'Problem: E2.args.edits[0].find: Required');
    assert.ok(edit.tooltip.includes('$(error) E2.args.edits\\[0\\].find: Required'), edit.tooltip);
    assert.equal(root(nodes).children[0]?.label, 'Problem: goal: must not be empty');
  });
});

describe('planTreeModel: a run', () => {
  it('gives each status its codicon, with a spinner while running', () => {
    const icons = (status: Parameters<typeof stepRun>[0]) => step(planTreeModel(englishText, { plan, source, run: runView(plan, { E1: stepRun(status) }), executing: true }), 'E1').iconId;
    assert.deepEqual(
      (['pending', 'awaitingApproval', 'approved', 'running', 'succeeded', 'failed', 'unknown', 'skipped', 'invalidated', 'cancelled'] as const).map(icons),
      ['circle-large-outline', 'question', 'thumbsup', 'loading~spin', 'pass-filled', 'error', 'warning', 'debug-step-over', 'circle-slash', 'close'],
    );
  });

  it('colours succeeded, failed and waiting steps with theme colours', () => {
    const run = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('failed'), E3: stepRun('awaitingApproval') });
    const nodes = planTreeModel(englishText, { plan, source, run });
    assert.deepEqual(['E1', 'E2', 'E3'].map((id) => step(nodes, id).iconColor), ['testing.iconPassed', 'testing.iconFailed', 'notificationsInfoIcon.foreground']);
  });

  it('shows revision and status on the goal row (progress goes elsewhere, so the row changes rarely)', () => {
    const run = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('running') });
    const goal = root(planTreeModel(englishText, { plan, source, run, executing: true }));
    assert.equal(goal.description, 'rev 1 · running');
    assert.equal(goal.contextValue, 'plan:running');
    assert.equal(goal.iconId, 'loading~spin');
    assert.equal(root(planTreeModel(englishText, { plan, source, run, executing: false })).contextValue, 'plan:paused');
  });

  it('says undone on the goal row and on each step whose files an undo put back, and offers no undo of them again', () => {
    const before = [{ path: 'src/cli.ts', content: 'old' }];
    const run = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('succeeded', { undone: true, before }), E3: stepRun('succeeded') }, { status: 'succeeded', undone: { at: 1, fromStepId: 'E2', refused: [] } });
    const nodes = planTreeModel(englishText, { plan, source, run });
    const goal = root(nodes);
    assert.equal(goal.description, 'rev 1 · undone');
    assert.equal(goal.contextValue, 'plan:undone');
    assert.equal(goal.iconId, 'discard');
    assert.equal(goal.iconColor, undefined, 'no green: nothing it did is left');
    assert.match(goal.tooltip, /Undone back to before 2 Add the flag\./);
    assert.match(goal.accessibilityLabel, /undone/);
    const undone = step(nodes, 'E2');
    assert.match(undone.description, /^undone/);
    assert.equal(undone.iconId, 'discard');
    assert.doesNotMatch(undone.contextValue, /undoable/);
    assert.match(step(nodes, 'E1').description, /^succeeded/);
    assert.equal(root(planTreeModel(englishText, { plan, source, run, executing: true })).contextValue, 'plan:succeeded', 'a run carried on is no longer undone');
  });

  it('builds the contextValue grammar from the status and what can be done', () => {
    const context = (status: Parameters<typeof stepRun>[0], extra: Partial<ReturnType<typeof stepRun>> = {}, executing = false, approvals?: Map<string, 'fileChanges' | 'command'>) =>
      step(planTreeModel(englishText, { plan, source, run: runView(plan, { E2: stepRun(status, extra) }), executing, ...(approvals ? { approvals } : {}) }), 'E2').contextValue;
    assert.equal(context('awaitingApproval', {}, true, new Map([['E2', 'fileChanges']])), 'step:awaitingApproval:asking:diff:editable:files');
    assert.equal(context('awaitingApproval', {}, true, new Map([['E2', 'command']])), 'step:awaitingApproval:asking:editable:files');
    assert.equal(context('awaitingApproval'), 'step:awaitingApproval:editable:files');
    assert.equal(context('failed'), 'step:failed:editable:files:retryable:skippable');
    assert.equal(context('failed', {}, true), 'step:failed:editable:files');
    assert.equal(context('failed', { before: [{ path: 'src/cli.ts', content: 'x' }], output: { text: 'out' } }), 'step:failed:editable:files:output:retryable:skippable:undoable');
    assert.equal(context('succeeded', { before: [{ path: 'src/cli.ts', content: 'x' }] }), 'step:succeeded:undoable');
    assert.equal(context('running', {}, true), 'step:running');
    assert.equal(context('skipped'), 'step:skipped:retryable');
    assert.equal(context('invalidated'), 'step:invalidated:editable:files:retryable:skippable');
    assert.equal(step(planTreeModel(englishText, { plan, source }), 'E3').contextValue, 'step:pending:editable');
  });

  it('says a waiting step of a paused run waits for the run, not for an answer, and says it asks while a question is open', () => {
    const run = runView(plan, { E2: stepRun('awaitingApproval') });
    const paused = step(planTreeModel(englishText, { plan, source, run, executing: false }), 'E2');
    assert.equal(paused.description, 'waiting (run paused)');
    assert.equal(paused.accessibilityLabel, '2 Add the flag, E2, waiting (run paused)');
    const asking = step(planTreeModel(englishText, { plan, source, run, executing: true, approvals: new Map([['E2', 'fileChanges']]) }), 'E2');
    assert.equal(asking.description, 'waiting for your approval');
    assert.equal(asking.accessibilityLabel, '2 Add the flag, E2, waiting for your approval');
  });

  it('lists the failed check once, with what it found, then the output (one line, cut), under a step that ran', () => {
    const run = runView(plan, {
      E2: stepRun('failed', {
        output: { text: `first line\n${'x'.repeat(300)}` },
        checkDetail: NOT_FOUND,
        failure: { kind: 'definite', reason: 'postcondition', message: `postcondition failed: ${NOT_FOUND}` },
      }),
    });
    const edit = step(planTreeModel(englishText, { plan, source, run }), 'E2');
    const labels = edit.children.map((child) => child.label);
    assert.equal(labels[0], 'src/cli.ts contains "--verbose": not found (file has 12 lines)');
    assert.equal(edit.children[0]?.iconId, 'error');
    assert.equal(labels[1]?.length, 'Output: '.length + 120);
    assert.ok(labels[1]?.startsWith('Output: first line xxx'));
    assert.ok(labels[1]?.endsWith('…'));
    assert.equal(labels[2], 'After: 1 Read the CLI entry point');
    assert.ok(labels.every((label) => !/fileContains|Postcondition|Error/.test(label)), `no check twice, none in its own terms: ${labels.join(' | ')}`);
    assert.equal(edit.expanded, true);
    assert.match(edit.tooltip, /^Why: src\/cli\.ts contains "--verbose": not found \(file has 12 lines\)$/m);
    assert.doesNotMatch(edit.tooltip, /postcondition failed|fileContains/);
  });

  it('says what a check found once it held, and keeps the error row for a tool that failed before any check', () => {
    const held = runView(plan, { E2: stepRun('succeeded', { checkDetail: 'fileContains src/cli.ts "--verbose": found on line 3' }) });
    const done = step(planTreeModel(englishText, { plan, source, run: held }), 'E2').children[0]!;
    assert.equal(done.label, 'src/cli.ts contains "--verbose": found on line 3');
    assert.equal(done.iconId, 'pass');
    const broke = runView(plan, { E2: stepRun('failed', { failure: { kind: 'definite', reason: 'tool', message: 'find text not found' } }) });
    assert.deepEqual(step(planTreeModel(englishText, { plan, source, run: broke }), 'E2').children.map((child) => child.label), [
      'Error: find text not found',
      'Checks that src/cli.ts contains "--verbose"',
      'After: 1 Read the CLI entry point',
    ]);
  });

  it('marks the steps a re-plan added with their revision, and groups the replaced ones before them', () => {
    const { run } = replannedRun();
    const nodes = planTreeModel(englishText, { plan, source, run, executing: true });
    assert.deepEqual(
      root(nodes).children.map((child) => `${child.kind} ${child.label} | ${child.description}`),
      [
        'step 1 Read the CLI entry point | succeeded',
        'group Replaced in rev 2 | 2 Add the flag failed: the postcondition failed',
        'step 2 (rev 2) Add the flag again | pending',
        'step 3 (rev 2) Run the tests | pending',
      ],
    );
    const group = root(nodes).children[1]!;
    assert.equal(group.expanded, true);
    assert.deepEqual(group.children.map((child) => `${child.label} | ${child.description}`), ['Add the flag | failed before the re-plan', 'Run the tests | invalidated before the re-plan']);
    assert.equal(group.children[0]?.contextValue, 'replaced:output');
    assert.equal(group.children[0]?.replacedInRevision, 2);
  });

  it('keeps the error, check and output of a replaced step under it, and the group, collapsed, after the run ends', () => {
    const { run } = replannedRun();
    const ended = root(planTreeModel(englishText, { plan, source, run: { ...run, status: 'succeeded' } }));
    const group = ended.children.find((child) => child.kind === 'group')!;
    assert.equal(group.expanded, false);
    assert.notEqual(group.id, root(planTreeModel(englishText, { plan, source, run, executing: true })).children[1]!.id, 'a new id, so VS Code closes it');
    const replaced = group.children[0]!;
    assert.deepEqual(replaced.children.map((child) => child.label), [
      'src/cli.ts contains "--verbose": not found (file has 12 lines)',
      'Output: npm ERR! test failed',
      'After: 1 Read the CLI entry point',
    ]);
  });

  it('says on the goal row which revision it is and why each revision exists', () => {
    const { run } = replannedRun();
    const goal = root(planTreeModel(englishText, { plan, source, run, executing: true }));
    assert.equal(goal.label, '(rev 2) Add a --verbose flag to the CLI');
    assert.match(goal.tooltip, /^- Revision 2: re-planned after 2 Add the flag failed: the postcondition failed$/m);
  });

  it('says while the re-planner works which step broke and why', () => {
    const run = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('failed') }, { recovering: { stepId: 'E2', reason: '2 Add the flag failed: exit code 1' } });
    const first = root(planTreeModel(englishText, { plan, source, run, executing: true })).children[0]!;
    assert.equal(first.label, 'Re-planning after 2 Add the flag failed: exit code 1');
    assert.equal(first.iconId, 'loading~spin');
    assert.equal(root(planTreeModel(englishText, { plan, source, run, executing: false })).children[0]?.kind, 'step');
  });

  it('says while a one-step repair works that it is repairing, not re-planning', () => {
    const run = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('failed') }, { recovering: { stepId: 'E2', reason: '2 Add the flag failed: exit code 1', kind: 'repair' } });
    const first = root(planTreeModel(englishText, { plan, source, run, executing: true })).children[0]!;
    assert.equal(first.label, 'Repairing 2 Add the flag failed: exit code 1');
  });

  it('says while a streamed plan is still being written that more steps are coming, after the steps so far', () => {
    const run = runView(plan, { E1: stepRun('succeeded') }, { planOpen: true });
    const children = root(planTreeModel(englishText, { plan, source, run, executing: true })).children;
    assert.equal(children.at(-1)?.label, 'Planning: steps appear as the planner writes them');
    assert.equal(children.at(-1)?.iconId, 'loading~spin');
    assert.ok(!root(planTreeModel(englishText, { plan, source, run, executing: false })).children.some((child) => child.label.startsWith('Planning')));
    assert.ok(!root(planTreeModel(englishText, { plan, source, run: runView(plan), executing: true })).children.some((child) => child.label.startsWith('Planning')));
  });

  it('opens a step that broke with a new row id for each broken attempt, so VS Code does not keep it closed', () => {
    const failed = step(planTreeModel(englishText, { plan, source, run: runView(plan, { E2: stepRun('failed') }) }), 'E2');
    assert.equal(failed.expanded, true);
    assert.equal(failed.id, 'plan:p.plan.json/step:E2@failed1');
    const again = step(planTreeModel(englishText, { plan, source, run: runView(plan, { E2: stepRun('failed', { attempts: 2 }) }) }), 'E2');
    assert.equal(again.id, 'plan:p.plan.json/step:E2@failed2');
    assert.equal(step(planTreeModel(englishText, { plan, source, run: runView(plan, { E2: stepRun('succeeded') }) }), 'E2').id, 'plan:p.plan.json/step:E2');
  });
});

/** Revision 2 of the three steps: E2 failed (with its evidence) and was replaced by R1; E3 changed to follow R1. */
function replannedRun() {
  const revised = validPlan(
    [
      plan.steps[0],
      { id: 'R1', title: 'Add the flag again', tool: 'writeFile', args: { path: 'src/cli.ts', content: 'x' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'src/cli.ts' } },
      { ...plan.steps[2], dependsOn: ['R1'] },
    ],
    { goal: plan.goal, revision: 2 },
  );
  const evidence = stepRun('failed', {
    checkDetail: NOT_FOUND,
    failure: { kind: 'definite', reason: 'postcondition', message: `postcondition failed: ${NOT_FOUND}`, outputTail: 'npm ERR! test failed' },
  });
  const run = runView(
    revised,
    { E1: stepRun('succeeded'), R1: stepRun('pending', { revision: 2 }), E3: stepRun('pending', { revision: 2 }) },
    {
      revision: 2,
      replanReasons: ['2 Add the flag failed: the postcondition failed'],
      replaced: [
        { step: plan.steps[1]!, status: 'failed', replacedInRevision: 2, run: evidence },
        { step: plan.steps[2]!, status: 'invalidated', replacedInRevision: 2 },
      ],
    },
  );
  return { revised, run };
}

describe('planTreeModel with 1,000 steps', () => {
  const big = longPlan(1_000);

  it('builds one row per step, each with a stable, distinct id', () => {
    const nodes = planTreeModel(englishText, { plan: big, source, run: runView(big), executing: true });
    const rows = root(nodes).children;
    assert.equal(rows.length, 1_000);
    assert.equal(new Set(rows.map((row) => row.id)).size, 1_000);
    assert.equal(rows[999]?.label, '1000 Read file 1000');
  });

  it('refreshes exactly the row (and goal row) that changed when one step changes', () => {
    const before = planTreeModel(englishText, { plan: big, source, run: runView(big), executing: true });
    const run = runView(big, { S500: stepRun('running') });
    const after = planTreeModel(englishText, { plan: big, source, run, executing: true });
    assert.deepEqual(treeChanges(before, after), { all: false, ids: ['plan:p.plan.json/step:S500'] });
    const done = planTreeModel(englishText, { plan: big, source, run: runView(big, { S500: stepRun('succeeded') }), executing: true });
    assert.deepEqual(treeChanges(after, done), { all: false, ids: ['plan:p.plan.json/step:S500'] });
  });
});

describe('planTreeModel row reuse', () => {
  it('reuses the row of every step whose run did not change, so a refresh rebuilds one row', () => {
    const big = longPlan(1_000);
    const first = runView(big);
    const steps = new Map(first.steps);
    steps.set('S7', stepRun('running'));
    const before = root(planTreeModel(englishText, { plan: big, source, run: first, executing: true })).children;
    const after = root(planTreeModel(englishText, { plan: big, source, run: { ...first, steps }, executing: true })).children;
    assert.equal(after.filter((row, index) => row !== before[index]).length, 1);
    assert.equal(after[6]?.iconId, 'loading~spin');
  });
});

describe('summarizeArgs', () => {
  it('collapses whitespace and shortens long arguments', () => {
    const summary = summarizeArgs({ args: { instruction: `Write\n a ${'very '.repeat(30)}long draft` } });
    assert.equal(summary.length, 60);
    assert.ok(summary.startsWith('Write a very'));
    assert.ok(summary.endsWith('…'));
  });

  it('is empty when no known argument is a string', () => {
    assert.equal(summarizeArgs({ args: { edits: [] } }), '');
  });
});
