// Unit tests of the "Waiting for you" section: pinned above the goal row only while questions are open, one
// row per waiting step in execution order, numbered as in the tree, with what approving does, and a contextValue the menus can match.
import * as assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../src/core/ports';
import { englishText } from '../../../src/core/text/englishText';
import { planTreeModel } from '../../../src/core/view/planTreeModel';
import { waitingContextValue, waitingSection } from '../../../src/core/view/waitingSection';
import { runView, stepRun, threeSteps } from './viewFixtures';
import { validPlan } from '../support/executorFakes';

const plan = threeSteps();

const edit: ApprovalRequest = {
  stepId: 'E2',
  title: 'Add the flag',
  tool: 'editFile',
  args: {},
  reason: 'editFile changes the workspace',
  preview: { kind: 'fileChanges', changes: [{ path: 'src/cli.ts', before: 'a', after: 'b' }] },
};
const command: ApprovalRequest = {
  stepId: 'E3',
  title: 'Run the tests',
  tool: 'runCommand',
  args: { command: 'npm test' },
  reason: 'commands run only after approval unless listed exactly in planwright.approvedCommands',
  preview: { kind: 'command', command: 'npm test', cwd: '.' },
};

describe('waitingSection', () => {
  it('shows nothing when no step waits', () => {
    assert.deepEqual(waitingSection(englishText, plan, []), []);
    assert.equal(planTreeModel(englishText, { plan, source: 'p.plan.json', waiting: [] }).length, 1);
  });

  it('is pinned above the goal row, expanded, listing each waiting step in execution order, numbered as in the tree, with what approving does', () => {
    const rows = planTreeModel(englishText, { plan, source: 'p.plan.json', run: runView(plan, { E2: stepRun('awaitingApproval'), E3: stepRun('awaitingApproval') }), waiting: [command, edit] });
    assert.deepEqual(rows.map((row) => row.kind), ['waiting', 'plan']);
    const section = rows[0]!;
    assert.equal(section.label, 'Waiting for you');
    assert.equal(section.description, '2 steps');
    assert.equal(section.expanded, true);
    assert.deepEqual(section.children.map((row) => [row.label, row.description]), [
      ['2 Add the flag', 'changes src/cli.ts · E2'],
      ['3 Run the tests', 'runs `npm test` in the workspace folder · E3'],
    ]);
    assert.deepEqual(section.children.map((row) => row.stepId), ['E2', 'E3']);
    assert.match(section.children[1]!.tooltip, /Why it asks: commands run only after approval/);
  });

  it('says when a file change can no longer apply, instead of what it changes', () => {
    const stale: ApprovalRequest = {
      ...edit,
      preview: { kind: 'fileChanges', changes: [{ path: 'src/cli.js', before: 'a', after: 'a', problem: 'find text "x" not found in src/cli.js' }] },
    };
    const [row] = waitingSection(englishText, plan, [stale])[0]!.children;
    assert.equal(row!.description, 'cannot apply: find text "x" not found in src/cli.js · E2');
    assert.equal(row!.iconId, 'warning');
    assert.equal(row!.contextValue, 'waiting:fileChanges:cannotApply');
  });

  it('marks a plain command as one that may be always allowed, never a chained one', () => {
    assert.equal(waitingContextValue(command), 'waiting:command:allowable');
    assert.equal(waitingContextValue({ preview: { kind: 'command', command: 'npm test && rm -rf x', cwd: '.' } }), 'waiting:command');
    assert.equal(waitingContextValue(edit), 'waiting:fileChanges');
  });

  it("labels another run's question by its run, numbers it in that run's plan, and lists it after the shown run's, each with its own row id", () => {
    const other = validPlan([{ id: 'E1', title: 'Other first', tool: 'readFile', args: { path: 'a' } }, { id: 'E2', title: 'Other edit', tool: 'readFile', args: { path: 'b' } }], { goal: 'Another goal' });
    const others = { shownRunId: 'shown', runs: new Map([['second', { label: 'Another goal', plan: other }]]) };
    const [section] = waitingSection(englishText, plan, [{ ...edit, runId: 'second' }, { ...edit, runId: 'shown' }], others);
    const rows = section!.children;
    assert.equal(section!.description, '2 steps');
    assert.deepEqual(rows.map((row) => row.id), ['waiting/step:E2', 'waiting/run:second/step:E2']);
    assert.equal(rows[0]!.runId, undefined);
    assert.equal(rows[1]!.runId, 'second');
    assert.equal(rows[1]!.label, '2 Add the flag');
    assert.match(rows[1]!.description, /^run: Another goal · /);
    assert.doesNotMatch(rows[0]!.description, /^run: /);
  });
});
