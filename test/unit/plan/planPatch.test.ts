// Patches applied to a plan in a run: replace, add and drop on steps that have not started, frozen
// steps refused, unknown ids and id clashes reported, added steps placed and waiting for their anchor.
import * as assert from 'node:assert/strict';
import { applyPatch, type PlanPatch } from '../../../src/core/plan/planPatch';
import { formatProblem } from '../../../src/core/plan/planProblem';
import type { Step } from '../../../src/core/plan/planSchema';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validPlan } from '../support/executorFakes';

const read = (id: string, path: string, dependsOn?: string[]): Step => ({ id, title: `read ${path}`, tool: 'readFile', args: { path }, ...(dependsOn ? { dependsOn } : {}) });
const PLAN = validPlan([read('E1', 'a.ts'), read('E2', 'b.ts', ['E1']), read('E3', 'c.ts', ['E2']), read('E4', 'd.ts')], { revision: 1 });
const statuses = (entries: Record<string, StepStatus>) => new Map(Object.entries(entries));
const RUN = statuses({ E1: 'succeeded', E2: 'failed', E3: 'invalidated', E4: 'running' });

function problems(patch: PlanPatch, status = RUN): string[] {
  const verdict = applyPatch(PLAN, status, patch);
  return verdict.ok ? [] : verdict.problems.map(formatProblem);
}

describe('applyPatch', () => {
  it('replaces and drops steps that have not started or broke, as the next revision', () => {
    const verdict = applyPatch(PLAN, RUN, [{ op: 'replace', id: 'E2', step: read('E2', 'b2.ts', ['E1']) }, { op: 'drop', id: 'E3' }]);
    assert.ok(verdict.ok);
    assert.equal(verdict.plan.revision, 2);
    assert.deepEqual(verdict.plan.steps.map((step) => `${step.id}:${String(step.args.path)}`), ['E1:a.ts', 'E2:b2.ts', 'E4:d.ts']);
  });

  it('places an added step after its anchor, waiting for it, and one without an anchor at the end', () => {
    const verdict = applyPatch(PLAN, RUN, [{ op: 'add', step: read('E9', 'z.ts') }, { op: 'add', after: 'E2', step: read('E5', 'e.ts') }, { op: 'add', after: 'E5', step: read('E6', 'f.ts') }]);
    assert.ok(verdict.ok);
    assert.deepEqual(verdict.plan.steps.map((step) => step.id), ['E1', 'E2', 'E5', 'E6', 'E3', 'E4', 'E9']);
    assert.deepEqual(verdict.plan.steps.find((step) => step.id === 'E6')!.dependsOn, ['E5']);
  });

  it('places a chain of 9,990 adds, each after the one before, in order and without running out of stack', () => {
    const chain: PlanPatch = Array.from({ length: 9_990 }, (_, index) => ({ op: 'add', after: index === 0 ? 'E2' : `N${index}`, step: read(`N${index + 1}`, `n${index + 1}.ts`) }));
    const verdict = applyPatch(PLAN, RUN, chain);
    assert.ok(verdict.ok, verdict.ok ? '' : verdict.problems.map(formatProblem).join('\n'));
    const ids = verdict.plan.steps.map((step) => step.id);
    assert.deepEqual([ids.slice(0, 3), ids.slice(-3)], [['E1', 'E2', 'N1'], ['N9990', 'E3', 'E4']]);
    assert.deepEqual(verdict.plan.steps[9_991], read('N9990', 'n9990.ts', ['N9989']));
  });

  it('adds several steps at the end in the order the patch gives them', () => {
    const verdict = applyPatch(PLAN, RUN, [{ op: 'add', step: read('E9', 'z.ts') }, { op: 'add', step: read('E7', 'y.ts') }, { op: 'add', step: read('E8', 'x.ts') }]);
    assert.ok(verdict.ok);
    assert.deepEqual(verdict.plan.steps.map((step) => step.id).slice(-3), ['E9', 'E7', 'E8']);
  });

  it('refuses to touch a step that succeeded or started, naming it', () => {
    assert.deepEqual(problems([{ op: 'replace', id: 'E1', step: read('E1', 'x.ts') }, { op: 'drop', id: 'E4' }]), [
      'patch[0]: E1 has succeeded, so it is frozen and cannot be replaced',
      'patch[1]: E4 has started, so it is frozen and cannot be dropped',
    ]);
  });

  it('reports unknown ids, an added id that is taken, a replacement that changes its id, and a step changed twice', () => {
    assert.deepEqual(
      problems([
        { op: 'drop', id: 'E7' },
        { op: 'add', step: read('E3', 'x.ts') },
        { op: 'add', after: 'E8', step: read('E10', 'x.ts') },
        { op: 'replace', id: 'E2', step: read('E11', 'x.ts') },
        { op: 'drop', id: 'E2' },
      ]),
      [
        'patch[0]: there is no step E7 to drop',
        'patch[1]: E3 is already a step of the plan; a new step needs a new id',
        'patch[2]: "after E8": there is no step E8',
        'patch[3]: the step replacing E2 must keep the id E2',
        'patch[4]: E2 is already changed by an earlier line of this patch',
      ],
    );
  });

  it('puts the patched plan through the gate: dropping a step others need is a problem', () => {
    const verdict = applyPatch(PLAN, RUN, [{ op: 'drop', id: 'E2' }]);
    assert.equal(verdict.ok, false);
    assert.match(!verdict.ok ? formatProblem(verdict.problems[0]!) : '', /E3\.dependsOn\[0\]: "E2" names no step/);
  });
});
