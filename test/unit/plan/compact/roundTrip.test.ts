// encodeCompactPlan and the reader are inverses on the example plans and on the benchmark's generated
// plans: encoding, then reading the text back, gives the same steps.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { generateTasks } from '../../../../bench/tasks/generateTasks';
import { readCompactPlan } from '../../../../src/core/plan/compact/compactPlanReader';
import { encodeCompactPlan } from '../../../../src/core/plan/compact/encodeCompactPlan';
import { formatProblem } from '../../../../src/core/plan/planProblem';
import type { Step } from '../../../../src/core/plan/planSchema';

const EXAMPLES = path.resolve(__dirname, '..', '..', '..', '..', '..', 'examples', 'demo-workspace');

function roundTrip(steps: readonly Step[]): Step[] {
  const text = encodeCompactPlan(steps);
  const reader = readCompactPlan(text);
  assert.deepEqual(reader.problems.map(formatProblem), [], text);
  return reader.steps;
}

/** Every step `id` waits for, directly or through others. */
function ancestors(steps: readonly Step[], id: string): Set<string> {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const found = new Set<string>();
  const stack = [...(byId.get(id)?.dependsOn ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(byId.get(next)?.dependsOn ?? []));
  }
  return found;
}

describe('encodeCompactPlan round trip', () => {
  for (const name of ['add-verbose-flag.plan.json', 'failing-step.plan.json']) {
    it(`gives back the steps of ${name}`, () => {
      const plan = JSON.parse(readFileSync(path.join(EXAMPLES, name), 'utf8')) as { steps: Step[] };
      assert.deepEqual(roundTrip(plan.steps), plan.steps);
    });
  }

  it('gives back the steps of every generated benchmark plan, adding only the order a hazard implies', () => {
    const withoutDeps = (steps: readonly Step[]) => steps.map(({ dependsOn: _deps, ...rest }) => rest);
    for (const task of generateTasks({ count: 64, seed: 1, faultRate: 0.5 })) {
      const fixed = task.plan.steps.map((step) => (task.fault?.stepId === step.id ? task.fault.fixed : step));
      for (const steps of [task.plan.steps, fixed]) {
        const read = roundTrip(steps);
        assert.deepEqual(withoutDeps(read), withoutDeps(steps), task.id);
        read.forEach((step, index) => {
          for (const id of steps[index]!.dependsOn ?? []) assert.ok(ancestors(read, step.id).has(id), `${task.id} ${step.id} no longer waits for ${id}`);
        });
        assert.deepEqual(roundTrip(read), read, `${task.id}: a plan read from the compact form reads back exactly`);
      }
    }
  });
});
