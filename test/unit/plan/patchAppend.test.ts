// A streamed patch's `add` lines are applied at the cost of their own step (patchAppend.ts); the verdict
// must be the one the whole patch rules and gate give: checked over a seeded corpus of patch streams
// (hazards on one file and on others, commands, searches, `after` the last step and after another,
// duplicate ids, references back and forward, broken steps, steps finishing between lines), each line
// applied twice as a run does (as it arrives, then as its journal record, a JSON copy, replays), and the
// run state each line makes compared with the state the whole rebuild makes.
import * as assert from 'node:assert/strict';
import { withPatchHazards } from '../../../src/core/plan/patchHazards';
import { applyPatch, type PatchOp } from '../../../src/core/plan/planPatch';
import type { Step, ValidPlan } from '../../../src/core/plan/planSchema';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validatePlan, type PlanValidation } from '../../../src/core/plan/validatePlan';
import { applyPatchLines } from '../../../src/core/run/revisionState';
import { applyRecord, statusById, type RunState } from '../../../src/core/run/runState';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';

const OPEN = { openReferences: true } as const;

const read = (id: string, path: string, extra: Partial<Step> = {}): Step => ({ id, title: `read ${path}`, tool: 'readFile', args: { path }, ...extra });
const write = (id: string, path: string, content = 'x', extra: Partial<Step> = {}): Step => ({ id, title: `write ${path}`, tool: 'writeFile', args: { path, content }, postcondition: { kind: 'fileExists', path }, ...extra });
const command = (id: string, extra: Partial<Step> = {}): Step => ({ id, title: 'test', tool: 'runCommand', args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 }, ...extra });

/** The run a patch streams into: E1 done, E2 failed, E3 waiting. */
function base(): ValidPlan {
  const verdict = validatePlan({ version: 1, goal: 'g', revision: 1, steps: [read('E1', 'a.ts'), write('E2', 'a.ts', 'x', { dependsOn: ['E1'] }), command('E3', { dependsOn: ['E2'] })] });
  assert.ok(verdict.ok);
  return verdict.plan;
}

/** What the whole patch rules and gate give one `add` line (the definition the line-by-line verdict must match). */
function wholeAdd(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>, op: Extract<PatchOp, { op: 'add' }>, revision: number): PlanValidation {
  const refused = (message: string): PlanValidation => ({ ok: false, problems: [{ stepId: op.step.id, path: 'patch[0]', message }] });
  if (plan.steps.some((step) => step.id === op.step.id)) return refused(`${op.step.id} is already a step of the plan; a new step needs a new id`);
  const steps = [...plan.steps];
  if (op.after === undefined) steps.push(op.step);
  else {
    const anchor = steps.findIndex((step) => step.id === op.after);
    if (anchor < 0) return refused(`"after ${op.after}": there is no step ${op.after}`);
    steps.splice(anchor + 1, 0, { ...op.step, dependsOn: [...new Set([...(op.step.dependsOn ?? []), op.after])] });
  }
  return validatePlan({ ...plan, revision, steps: withPatchHazards(steps, new Set([op.step.id]), statuses) }, OPEN);
}

/** A seeded stream of add lines, some wrong in each of the ways a streamed patch can be. */
function corpus(seed: number, length: number): Extract<PatchOp, { op: 'add' }>[] {
  let state = seed;
  const random = (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65536) % below;
  };
  const file = () => ['a.ts', 'b.ts', 'src/c.ts'][random(3)]!;
  const earlier = (index: number) => `E${1 + random(index + 4)}`;
  return Array.from({ length }, (_, index) => {
    const id = random(15) === 0 ? earlier(index) : `E${index + 10}`;
    const after = random(4) === 0 ? { after: random(2) === 0 ? `E${index + 9}` : earlier(index) } : {};
    let step: Step;
    switch (random(10)) {
      case 0:
        step = write(id, file(), `from #${earlier(index)}`);
        break;
      case 1:
        step = write(id, file());
        break;
      case 2:
        step = command(id, random(2) === 0 ? { dependsOn: [earlier(index)] } : {});
        break;
      case 3:
        step = { id, title: 'search', tool: 'searchText', args: { query: 'x' } };
        break;
      case 4:
        step = read(id, file(), { dependsOn: [`E${index + 11}`] });
        break;
      case 5:
        step = { id, title: 'bad', tool: 'readFil', args: { path: 'a' } };
        break;
      case 6:
        step = write(id, file(), `#E${index + 12} later`);
        break;
      case 7:
        step = read(id, file(), { dependsOn: [id] });
        break;
      default:
        step = read(id, file());
    }
    return { op: 'add', step, ...after };
  });
}

function sameVerdict(actual: PlanValidation, expected: PlanValidation, where: string): void {
  assert.equal(actual.ok, expected.ok, where);
  if (actual.ok && expected.ok) assert.deepEqual(actual.plan, expected.plan, where);
  if (!actual.ok && !expected.ok) assert.deepEqual(actual.problems, expected.problems, where);
}

/** A run state's parts that a patch line changes, in comparable form. */
function comparable(state: RunState): unknown {
  return { plan: state.plan, revision: state.revision, steps: [...state.steps], replaced: state.replaced };
}

describe('a streamed patch, line by line', () => {
  it('gives each add line the verdict of the whole patch rules and gate, as it arrives and as it replays', () => {
    let compared = 0;
    let refused = 0;
    for (let seed = 1; seed <= 30; seed++) {
      let plan = base();
      const statuses = new Map<string, StepStatus>([['E1', 'succeeded'], ['E2', 'failed'], ['E3', 'invalidated']]);
      for (const [index, op] of corpus(seed, 40).entries()) {
        const where = `seed ${seed}, line ${index}`;
        // Steps finish between lines, so the order a line gets leaves out more of them.
        if (index % 7 === 3) statuses.set(plan.steps[plan.steps.length - 1]!.id, 'succeeded');
        const expected = wholeAdd(plan, statuses, op, 2);
        const actual = applyPatch(plan, statuses, [op], { openReferences: true, revision: 2 });
        sameVerdict(actual, expected, where);
        const replayed = applyPatch(plan, statuses, [JSON.parse(JSON.stringify(op)) as PatchOp], { openReferences: true, revision: 2 });
        sameVerdict(replayed, expected, `${where}, replayed`);
        compared++;
        if (actual.ok) {
          assert.ok(Object.isFrozen(actual.plan) && Object.isFrozen(actual.plan.steps), where);
          plan = replayed.ok ? replayed.plan : plan;
        } else refused++;
      }
    }
    assert.ok(refused > 100 && refused < compared - 100, `the corpus has both outcomes (${refused} of ${compared} refused)`);
  });

  it('gives a line applied again after a step finished the order the statuses have then', () => {
    const plan = base();
    const op: PatchOp = { op: 'add', step: read('E10', 'a.ts') };
    const running = new Map<string, StepStatus>([['E1', 'succeeded'], ['E2', 'failed'], ['E3', 'invalidated']]);
    const finished = new Map<string, StepStatus>([...running, ['E3', 'succeeded']]);
    const first = applyPatch(plan, running, [op], { openReferences: true, revision: 2 });
    const again = applyPatch(plan, finished, [op], { openReferences: true, revision: 2 });
    sameVerdict(first, wholeAdd(plan, running, op, 2), 'while E3 waits');
    sameVerdict(again, wholeAdd(plan, finished, op, 2), 'after E3 finished');
    assert.ok(first.ok && again.ok);
    assert.notDeepEqual(first.plan.steps[3]!.dependsOn, again.plan.steps[3]!.dependsOn);
  });

  it('makes the same run state per line as rebuilding every step does', () => {
    const plan = base();
    let state = applyRecord(undefined, { type: 'runStarted', runId: 'r', at: 0, plan, options: DEFAULT_RUN_OPTIONS });
    const opening = applyPatch(state.plan, statusById(state), [{ op: 'add', step: read('E10', 'a.ts') }], { openReferences: true, revision: 2 });
    assert.ok(opening.ok);
    state = applyRecord(state, { type: 'revised', at: 1, revision: 2, failedStepId: 'E2', reason: 'r', plan: opening.plan, planOpen: true, patched: ['E10'] });
    for (const [index, op] of corpus(7, 60).entries()) {
      const verdict = applyPatch(state.plan, statusById(state), [op], { openReferences: true, revision: 2 });
      if (!verdict.ok) continue;
      const rebuilt = validatePlan(verdict.plan, OPEN);
      assert.ok(rebuilt.ok);
      const next = applyPatchLines(state, verdict.plan, [op]);
      assert.deepEqual(comparable(next), comparable(applyPatchLines(state, rebuilt.plan, [op])), `line ${index}`);
      assert.deepEqual(comparable(applyRecord(state, { type: 'patchLines', at: 2, ops: [op] })), comparable(next), `line ${index}, replayed`);
      state = next;
    }
    assert.ok(state.plan.steps.length > 30, `most lines applied (${state.plan.steps.length} steps)`);
  });
});
