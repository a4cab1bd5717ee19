// A step row while the step waits because it widens the scope the user approved: the row says so after the step's
// id; the same step waiting for another reason, a run that allows scope growth, and a step inside the scope do not.
import * as assert from 'node:assert/strict';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { englishText } from '../../../src/core/text/englishText';
import { planTreeModel } from '../../../src/core/view/planTreeModel';
import type { PlanTreeNode } from '../../../src/core/view/planTreeNode';
import { runView, stepRun, threeSteps } from './viewFixtures';

const plan = threeSteps();

function description(nodes: readonly PlanTreeNode[], stepId: string): string {
  const found = nodes[0]?.children.find((node) => node.kind === 'step' && node.stepId === stepId);
  assert.ok(found, `no row for ${stepId}`);
  return found.description ?? '';
}

describe('a step row that widens the approved scope', () => {
  const waiting = { E1: stepRun('succeeded'), E2: stepRun('awaitingApproval') };
  const approvedScope = { files: [], commands: ['npm test'] };

  it('says "widens the approved scope" while the step waits and changes a file no approved plan did', () => {
    const run = runView(plan, waiting, { approvedScope, options: DEFAULT_RUN_OPTIONS });
    assert.equal(description(planTreeModel(englishText, { plan, source: 'p.plan.json', run, executing: true }), 'E2'), 'waiting for your approval · widens the approved scope');
  });

  it('says nothing when the step stays inside the scope, when growth is allowed, or when the step does not wait', () => {
    const inside = runView(plan, waiting, { approvedScope: { files: ['src/cli.ts'], commands: [] }, options: DEFAULT_RUN_OPTIONS });
    const allowed = runView(plan, waiting, { approvedScope, options: { ...DEFAULT_RUN_OPTIONS, approval: { ...DEFAULT_RUN_OPTIONS.approval, allowScopeGrowth: true } } });
    const pending = runView(plan, { E1: stepRun('succeeded') }, { approvedScope, options: DEFAULT_RUN_OPTIONS });
    for (const run of [inside, allowed, pending]) {
      assert.doesNotMatch(description(planTreeModel(englishText, { plan, source: 'p.plan.json', run, executing: true }), 'E2'), /widens/);
    }
  });
});
