// The pinned "Done when" group under the goal row: a row per acceptance check in plain words with its state
// (not yet run, holds, fails with its evidence, already true: proves nothing), read the way the evidence report
// reads the run, and the row ids the edit commands act on.
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';
import { doneWhenCheckIndex, doneWhenRows } from '../../../src/core/view/doneWhenRows';
import { acceptanceEvidence } from '../../../src/core/view/evidenceReport';
import { planNodeId, planTreeModel } from '../../../src/core/view/planTreeModel';
import type { PlanTreeNode } from '../../../src/core/view/planTreeNode';
import { validPlan } from '../support/executorFakes';
import { runView, stepRun, threeSteps } from './viewFixtures';

const acceptance = [
  { kind: 'commandSucceeds' as const, command: 'npm test' },
  { kind: 'fileContains' as const, path: 'src/cli.ts', text: '--verbose' },
  { kind: 'fileExists' as const, path: 'README.md' },
];
const plan = validPlan(threeSteps().steps, { goal: 'Add a --verbose flag to the CLI', revision: 1, acceptance });
const planId = planNodeId('p.plan.json');

function group(nodes: readonly PlanTreeNode[]): PlanTreeNode {
  assert.equal(nodes.length, 1);
  return nodes[0]!;
}

describe('doneWhenRows', () => {
  it('pins the group first under the goal, one row per check in plain words, every one not yet run before a run', () => {
    const goal = planTreeModel(englishText, { plan, source: 'p.plan.json' })[0]!;
    const doneWhen = goal.children[0]!;
    assert.equal(doneWhen.kind, 'doneWhen');
    assert.equal(doneWhen.label, 'Done when');
    assert.equal(doneWhen.description, '3 checks');
    assert.equal(doneWhen.contextValue, 'doneWhen');
    assert.deepEqual(
      doneWhen.children.map((row) => [row.label, row.description, row.contextValue, row.iconId]),
      [
        ['"npm test" succeeds', 'not yet run', 'doneWhenCheck:notRun', 'circle-large-outline'],
        ['src/cli.ts contains "--verbose"', 'not yet run', 'doneWhenCheck:notRun', 'circle-large-outline'],
        ['README.md exists', 'not yet run', 'doneWhenCheck:notRun', 'circle-large-outline'],
      ],
    );
    assert.match(doneWhen.children[0]!.tooltip, /In the plan: `run "npm test"`/);
  });

  it('shows no group for a plan without acceptance checks', () => {
    assert.deepEqual(doneWhenRows(englishText, planId, threeSteps(), undefined), []);
    assert.equal(planTreeModel(englishText, { plan: threeSteps(), source: 'p.plan.json' })[0]!.children[0]!.kind, 'step');
  });

  it('says which checks hold, which fail with their evidence, and flags one that held before the run as proving nothing', () => {
    const run = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('succeeded'), E3: stepRun('succeeded') }, {
      status: 'failed',
      acceptance: {
        before: { revision: 1, results: [{ index: 0, ok: false, skipped: true, detail: 'runs a command' }, { index: 1, ok: false, detail: 'src/cli.ts does not contain "--verbose"' }, { index: 2, ok: true, detail: 'README.md exists' }] },
        after: { revision: 1, results: [{ index: 0, ok: false, detail: 'exit code 1\n1 failing test' }, { index: 1, ok: true, detail: 'src/cli.ts contains "--verbose" (line 3)' }, { index: 2, ok: true, detail: 'README.md exists' }] },
      },
    });
    const doneWhen = group(doneWhenRows(englishText, planId, plan, run));
    assert.equal(doneWhen.description, '2 of 3 hold');
    assert.deepEqual(
      doneWhen.children.map((row) => [row.description, row.contextValue, row.iconColor]),
      [
        ['fails: exit code 1 1 failing test', 'doneWhenCheck:failed', 'testing.iconFailed'],
        ['holds', 'doneWhenCheck:held', 'testing.iconPassed'],
        ['already true: proves nothing', 'doneWhenCheck:alreadyTrue', 'problemsWarningIcon.foreground'],
      ],
    );
    assert.match(doneWhen.children[0]!.tooltip, /exit code 1/);
    assert.match(doneWhen.children[1]!.tooltip, /line 3/);
    assert.equal(doneWhen.children[2]!.accessibilityLabel, 'Done when README.md exists, already true: proves nothing');
  });

  it('reads an evaluation of an earlier revision as not yet run: an edit or a re-plan made the checks since', () => {
    const run = runView(plan, {}, { revision: 2, acceptance: { after: { revision: 1, results: [{ index: 0, ok: false, detail: 'exit code 1' }] } } });
    const rows = group(doneWhenRows(englishText, planId, plan, run)).children;
    assert.equal(rows[0]!.description, 'not yet run');
    const [first] = acceptanceEvidence({ plan, revision: 2, acceptance: { after: { revision: 1, results: [{ index: 0, ok: false, detail: 'exit code 1' }] } } });
    assert.equal(first!.result, 'notEvaluated');
    assert.equal(first!.evidence, 'not evaluated: the run has not reached the end of revision 2');
  });

  it('gives each check row an id that names its place in the plan, and no other row one', () => {
    const rows = group(doneWhenRows(englishText, planId, plan, undefined)).children;
    assert.deepEqual(rows.map((row) => doneWhenCheckIndex(row.id)), [0, 1, 2]);
    assert.equal(doneWhenCheckIndex(`${planId}/doneWhen`), undefined);
    assert.equal(doneWhenCheckIndex(`${planId}/step:E1`), undefined);
  });
});
