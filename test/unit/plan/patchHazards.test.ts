// A patch's steps get the order their file hazards imply, as the lines of a whole plan do: a replaced or
// added step waits for unfinished earlier steps that touch its files, later unstarted steps wait for it,
// and finished or unrelated steps add no edge, so independent patch steps start at once.
import * as assert from 'node:assert/strict';
import { applyPatch } from '../../../src/core/plan/planPatch';
import type { Step } from '../../../src/core/plan/planSchema';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validPlan } from '../support/executorFakes';

const read = (id: string, path: string, dependsOn?: string[]): Step => ({ id, title: `read ${path}`, tool: 'readFile', args: { path }, ...(dependsOn ? { dependsOn } : {}) });
const write = (id: string, path: string, dependsOn?: string[]): Step => ({ id, title: `write ${path}`, tool: 'writeFile', args: { path, content: 'x' }, postcondition: { kind: 'fileExists', path }, ...(dependsOn ? { dependsOn } : {}) });
const test = (id: string, dependsOn?: string[]): Step => ({ id, title: 'test', tool: 'runCommand', args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 }, ...(dependsOn ? { dependsOn } : {}) });
const statuses = (entries: Record<string, StepStatus>) => new Map(Object.entries(entries));

function dependsOf(steps: readonly Step[]): Record<string, string[]> {
  return Object.fromEntries(steps.map((step) => [step.id, step.dependsOn ?? []]));
}

describe('applyPatch, file hazards', () => {
  it('makes an added step wait for an unfinished earlier write of the file it reads, and not for a finished one', () => {
    const plan = validPlan([write('E1', 'a.ts'), write('E2', 'b.ts'), read('E3', 'c.ts')], { revision: 1 });
    const verdict = applyPatch(plan, statuses({ E1: 'succeeded', E2: 'running', E3: 'failed' }), [{ op: 'add', step: read('E4', 'b.ts') }, { op: 'add', step: read('E5', 'a.ts') }]);
    assert.ok(verdict.ok);
    assert.deepEqual(dependsOf(verdict.plan.steps).E4, ['E2']);
    assert.deepEqual(dependsOf(verdict.plan.steps).E5, [], 'E1 finished, so nothing orders E5');
  });

  it('gives a replaced step the write-after-write order its line alone could not say', () => {
    const plan = validPlan([write('E1', 'a.ts'), read('E2', 'b.ts'), read('E3', 'c.ts')], { revision: 1 });
    const verdict = applyPatch(plan, statuses({ E1: 'running', E2: 'failed', E3: 'pending' }), [{ op: 'replace', id: 'E2', step: write('E2', 'a.ts') }]);
    assert.ok(verdict.ok);
    assert.deepEqual(dependsOf(verdict.plan.steps).E2, ['E1']);
  });

  it('makes a later unstarted step wait for a patched step it has a hazard with', () => {
    const plan = validPlan([read('E1', 'a.ts'), read('E2', 'b.ts'), test('E3')], { revision: 1 });
    const verdict = applyPatch(plan, statuses({ E1: 'failed', E2: 'pending', E3: 'pending' }), [{ op: 'replace', id: 'E1', step: write('E1', 'b.ts') }]);
    assert.ok(verdict.ok);
    const deps = dependsOf(verdict.plan.steps);
    assert.deepEqual(deps.E2, ['E1'], 'the read of b.ts now waits for the write of it');
    assert.deepEqual(deps.E3, ['E1'], 'the test run waits for every earlier change');
  });

  it('adds no edge between a patch step and steps on other files, so it may start at once', () => {
    const plan = validPlan([write('E1', 'a.ts'), read('E2', 'b.ts', ['E1']), read('E3', 'c.ts')], { revision: 1 });
    const verdict = applyPatch(plan, statuses({ E1: 'failed', E2: 'invalidated', E3: 'running' }), [{ op: 'replace', id: 'E1', step: write('E1', 'd.ts') }, { op: 'add', step: write('E4', 'e.ts') }]);
    assert.ok(verdict.ok);
    const deps = dependsOf(verdict.plan.steps);
    assert.deepEqual(deps.E1, []);
    assert.deepEqual(deps.E2, ['E1'], 'what E2 wrote itself stays');
    assert.deepEqual(deps.E4, []);
  });

  it('leaves out an edge another dependency already implies', () => {
    const plan = validPlan([write('E1', 'a.ts'), read('E2', 'a.ts', ['E1'])], { revision: 1 });
    const verdict = applyPatch(plan, statuses({ E1: 'running', E2: 'failed' }), [{ op: 'add', step: write('E3', 'a.ts') }]);
    assert.ok(verdict.ok);
    assert.deepEqual(dependsOf(verdict.plan.steps).E3, ['E2'], 'E1 is reached through E2');
  });
});
