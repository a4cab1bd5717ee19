// The frontier a run schedules from, kept up to date change by change, agrees with a pass over every step
// after any sequence of status changes: the ready steps to ask about, the approved ones in each pool, the
// running ones and the first broken one, each in plan order. Seeded, so a failure repeats.
import * as assert from 'node:assert/strict';
import { generatePlan } from '../../../bench/generatedPlan';
import { ReadyFrontier } from '../../../src/core/executor/readyFrontier';
import { readySteps } from '../../../src/core/plan/planGraph';
import type { Step, ValidPlan } from '../../../src/core/plan/planSchema';
import { StepStatusSchema, type StepStatus } from '../../../src/core/plan/stepStatus';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { validPlan } from '../support/executorFakes';

const STATUSES = StepStatusSchema.options;
const callsModel = (step: Step) => step.tool === 'generate';
const ids = (steps: readonly Step[]) => steps.map((step) => step.id);

/** What a pass over every step finds, as the frontier names it. */
function byPass(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>) {
  const ready = readySteps(plan, statuses);
  const status = (step: Step) => statuses.get(step.id) ?? 'pending';
  return {
    asking: ids(ready.filter((step) => status(step) === 'pending')),
    local: ids(ready.filter((step) => status(step) === 'approved' && !callsModel(step))),
    model: ids(ready.filter((step) => status(step) === 'approved' && callsModel(step))),
    running: ids(plan.steps.filter((step) => status(step) === 'running')),
    broken: plan.steps.find((step) => status(step) === 'failed' || status(step) === 'unknown')?.id,
  };
}

function byFrontier(frontier: ReadyFrontier) {
  return { asking: ids(frontier.asking()), local: ids(frontier.local), model: ids(frontier.model), running: ids(frontier.running), broken: frontier.firstBroken()?.id };
}

function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

describe('ReadyFrontier', () => {
  it('agrees with a pass over every step after each of 3,000 random status changes to a 200-step plan', () => {
    const verdict = validatePlan(generatePlan(200, 7));
    assert.ok(verdict.ok);
    const plan = verdict.plan;
    const random = seeded(11);
    const statuses = new Map<string, StepStatus>();
    const frontier = new ReadyFrontier({ plan, statuses }, callsModel);
    assert.deepEqual(byFrontier(frontier), byPass(plan, statuses));
    for (let change = 0; change < 3_000; change++) {
      // Mostly forward, as a run goes, with some steps going back (a retry, a reset, an undo).
      const id = plan.steps[random(plan.steps.length)]!.id;
      const to = random(4) === 0 ? STATUSES[random(STATUSES.length)]! : (['approved', 'running', 'succeeded'] as const)[random(3)]!;
      statuses.set(id, to);
      frontier.follow({ plan, statuses }, [id]);
      assert.deepEqual(byFrontier(frontier), byPass(plan, statuses), `after change ${change}: ${id} → ${to}`);
    }
  });

  it('builds itself again for a new plan or a change it was not told the steps of', () => {
    const first = validPlan([{ id: 'A', title: 'A', tool: 'readFile', args: { path: 'a' } }, { id: 'B', title: 'B', tool: 'readFile', args: { path: 'b' }, dependsOn: ['A'] }]);
    const statuses = new Map<string, StepStatus>([['A', 'succeeded']]);
    const frontier = new ReadyFrontier({ plan: first, statuses }, callsModel);
    assert.deepEqual(ids(frontier.asking()), ['B']);
    statuses.set('B', 'approved');
    frontier.follow({ plan: first, statuses }, 'all');
    assert.deepEqual([ids(frontier.asking()), ids(frontier.local)], [[], ['B']]);
    const second = validPlan([...first.steps, { id: 'C', title: 'C', tool: 'readFile', args: { path: 'c' }, dependsOn: ['B'] }, { id: 'D', title: 'D', tool: 'readFile', args: { path: 'd' } }]);
    frontier.follow({ plan: second, statuses }, ['A']);
    assert.deepEqual(byFrontier(frontier), byPass(second, statuses));
    assert.deepEqual(ids(frontier.asking()), ['D']);
  });

  it('keeps a step that names a step the plan does not have yet off the ready lists until it has it', () => {
    const open = validatePlan({ version: 1, goal: 'g', steps: [{ id: 'A', title: 'A', tool: 'readFile', args: { path: 'a' } }, { id: 'B', title: 'B', tool: 'readFile', args: { path: '#E9' } }] }, { openReferences: true });
    assert.ok(open.ok);
    const frontier = new ReadyFrontier({ plan: open.plan, statuses: new Map() }, callsModel);
    assert.deepEqual(ids(frontier.asking()), ['A']);
  });
});
