// A step of this run that waits for another run's step to finish with a file it writes says so on its row,
// "waits for run R's step 3 on src/a.js", and says its status again once it goes on (the row is rebuilt).
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';
import { planTreeModel } from '../../../src/core/view/planTreeModel';
import type { PlanTreeNode } from '../../../src/core/view/planTreeNode';
import { runView, stepRun, threeSteps } from './viewFixtures';

const plan = threeSteps();

function row(nodes: readonly PlanTreeNode[], stepId: string): PlanTreeNode {
  const found = nodes[0]?.children.find((node) => node.kind === 'step' && node.stepId === stepId);
  assert.ok(found, `no row for ${stepId}`);
  return found;
}

describe('planTreeModel: a step waiting for another run', () => {
  it('says whom it waits for, on which file, and its status again once it goes on', () => {
    const run = runView(plan, { E1: stepRun('approved') });
    const input = { plan, source: 'p.plan.json', run, executing: true };
    const holder = { runId: '20261207-104200-b7c1', stepId: 'E3', step: '3', path: 'src/a.js' };
    const waiting = row(planTreeModel(englishText, { ...input, claimWaits: new Map([['E1', holder]]) }), 'E1');
    assert.equal(waiting.description, "waits for run 20261207-104200-b7c1's step 3 on src/a.js");
    assert.match(waiting.accessibilityLabel, /waits for run 20261207-104200-b7c1's step 3 on src\/a\.js$/);
    const going = row(planTreeModel(englishText, input), 'E1');
    assert.doesNotMatch(going.description, /waits for run/);
  });
});
