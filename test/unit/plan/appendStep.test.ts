// The gate for one more step of a plan still being written must give the verdict the whole grown plan
// gets: checked against validatePlan over a seeded corpus of growing plans (duplicate ids, forward
// references that close cycles, `#tokens` that become references when their step arrives, broken steps),
// and for the same step appended twice to one plan (the run gates it, then its journal) or two different ones.
import * as assert from 'node:assert/strict';
import { gateAppendedStep } from '../../../src/core/plan/appendStep';
import { PLAN_LIMITS } from '../../../src/core/planLimits';
import type { ValidPlan } from '../../../src/core/plan/planSchema';
import { validatePlan, type PlanValidation } from '../../../src/core/plan/validatePlan';

const OPEN = { openReferences: true } as const;

function first(step: unknown): ValidPlan {
  const verdict = validatePlan({ version: 1, goal: 'g', revision: 1, steps: [step] }, OPEN);
  assert.ok(verdict.ok);
  return verdict.plan;
}

const read = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Read ${id}`, tool: 'readFile', args: { path: `${id}.txt` }, ...extra });
const write = (id: string, content: string, extra: Record<string, unknown> = {}) => ({ id, title: `Write ${id}`, tool: 'writeFile', args: { path: `${id}.out`, content }, postcondition: { kind: 'fileExists', path: `${id}.out` }, ...extra });

/** A seeded stream of steps, some of them wrong in each of the ways a growing plan can be. */
function corpus(seed: number, length: number): unknown[] {
  let state = seed;
  const random = (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
  const id = () => `E${1 + random(length + 2)}`;
  return Array.from({ length }, (_, index) => {
    const own = `E${index + 1}`;
    switch (random(9)) {
      case 0:
        return read(id());
      case 1:
        return read(own, { dependsOn: [...new Set([`E${index}`, id()])] });
      case 2:
        return write(own, `from #${id()}`);
      case 3:
        return write(own, `#note${random(3)} and #E${index + 2}`);
      case 4:
        return read(random(2) === 0 ? `note${random(3)}` : own);
      case 5:
        return { id: own, title: 'bad', tool: 'readFil', args: { path: 'a' } };
      case 6:
        return read(own, { dependsOn: [own] });
      case 7:
        return { id: own, tool: 'readFile', args: { path: 'a' } };
      default:
        return read(own);
    }
  });
}

function sameVerdict(actual: PlanValidation, expected: PlanValidation, where: string): void {
  assert.equal(actual.ok, expected.ok, where);
  if (actual.ok && expected.ok) assert.deepEqual(actual.plan, expected.plan, where);
  if (!actual.ok && !expected.ok) assert.deepEqual(actual.problems, expected.problems, where);
}

describe('gateAppendedStep', () => {
  it('gives the verdict validatePlan gives the whole grown plan, over a seeded corpus of growing plans', () => {
    let compared = 0;
    let refused = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const steps = corpus(seed, 25);
      let plan = first(read('E0'));
      for (const [index, step] of steps.entries()) {
        const where = `seed ${seed}, step ${index}`;
        const expected = validatePlan({ ...plan, steps: [...plan.steps, step] }, OPEN);
        const actual = gateAppendedStep(plan, step, OPEN);
        sameVerdict(actual, expected, where);
        compared++;
        if (actual.ok) {
          assert.ok(Object.isFrozen(actual.plan) && Object.isFrozen(actual.plan.steps), where);
          plan = actual.plan;
        } else refused++;
      }
    }
    assert.ok(refused > 100 && refused < compared - 100, `the corpus has both outcomes (${refused} of ${compared} refused)`);
  });

  it('at the step limit, accepts the last step and refuses one more, as the whole gate does', () => {
    const steps = Array.from({ length: PLAN_LIMITS.steps - 1 }, (_, index) => read(`E${index + 1}`));
    const full = validatePlan({ version: 1, goal: 'g', revision: 1, steps }, OPEN);
    assert.ok(full.ok);
    const last = read(`E${PLAN_LIMITS.steps}`);
    const atLimit = gateAppendedStep(full.plan, last, OPEN);
    sameVerdict(atLimit, validatePlan({ ...full.plan, steps: [...full.plan.steps, last] }, OPEN), 'the last step the limit allows');
    assert.ok(atLimit.ok);
    const over = read(`E${PLAN_LIMITS.steps + 1}`);
    const refused = gateAppendedStep(atLimit.plan, over, OPEN);
    sameVerdict(refused, validatePlan({ ...atLimit.plan, steps: [...atLimit.plan.steps, over] }, OPEN), 'one step past the limit');
    assert.equal(refused.ok, false, 'one step past the limit is refused');
    const patched = gateAppendedStep(atLimit.plan, over, OPEN, 2);
    assert.equal(patched.ok, false, "a patch's line past the limit is refused");
  });

  it('refuses a step whose id an earlier step waits for when it closes a cycle, as the whole gate does', () => {
    const plan = first(read('E1', { dependsOn: ['E2'] }));
    const verdict = gateAppendedStep(plan, read('E2', { dependsOn: ['E1'] }), OPEN);
    assert.ok(!verdict.ok);
    assert.match(verdict.problems[0]!.message, /dependency cycle: E1 → E2 → E1|dependency cycle: E2 → E1 → E2/);
  });

  it('refuses an id the plan has, and a non-conventional token that becomes a reference closing a cycle', () => {
    const plan = first(write('E1', 'see #notes'));
    const duplicate = gateAppendedStep(plan, read('E1'), OPEN);
    assert.ok(!duplicate.ok);
    assert.match(duplicate.problems[0]!.message, /duplicate step id "E1"/);
    const cycle = gateAppendedStep(plan, read('notes', { dependsOn: ['E1'] }), OPEN);
    assert.ok(!cycle.ok);
    assert.match(cycle.problems[0]!.message, /dependency cycle/);
  });

  it('gives the same verdicts when one plan is grown twice by the same step, or by two different steps', () => {
    const base = first(read('E1'));
    const once = gateAppendedStep(base, read('E2'), OPEN);
    const again = gateAppendedStep(base, read('E2'), OPEN);
    const other = gateAppendedStep(base, read('E3', { dependsOn: ['E5'] }), OPEN);
    assert.ok(once.ok && again.ok && other.ok);
    assert.deepEqual(once.plan, again.plan);
    // Each grown plan keeps what its own steps hold: E3 is known only to `other`, E5 awaited only by it.
    sameVerdict(gateAppendedStep(again.plan, read('E3'), OPEN), validatePlan({ ...again.plan, steps: [...again.plan.steps, read('E3')] }, OPEN), 'E3 after E2');
    sameVerdict(gateAppendedStep(other.plan, read('E3'), OPEN), validatePlan({ ...other.plan, steps: [...other.plan.steps, read('E3')] }, OPEN), 'E3 after E3');
    sameVerdict(gateAppendedStep(other.plan, read('E5', { dependsOn: ['E3'] }), OPEN), validatePlan({ ...other.plan, steps: [...other.plan.steps, read('E5', { dependsOn: ['E3'] })] }, OPEN), 'E5 closing a cycle');
    sameVerdict(gateAppendedStep(once.plan, read('E5', { dependsOn: ['E2'] }), OPEN), validatePlan({ ...once.plan, steps: [...once.plan.steps, read('E5', { dependsOn: ['E2'] })] }, OPEN), 'E5 after E2');
  });

  it('gates a closed plan whole, where every reference must resolve', () => {
    const verdict = validatePlan({ version: 1, goal: 'g', steps: [read('E1')] });
    assert.ok(verdict.ok);
    const grown = gateAppendedStep(verdict.plan, read('E2', { dependsOn: ['E9'] }));
    assert.ok(!grown.ok);
    assert.match(grown.problems[0]!.message, /"E9" names no step of this plan/);
  });
});
