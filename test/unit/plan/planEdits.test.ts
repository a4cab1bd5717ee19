// Edits to a plan from the editor, as pure functions; every result is then put through the real gate.
import * as assert from 'node:assert/strict';
import { exampleFile, insertStepAfter, moveInExecutionOrder, moveStep, newStep, problemsByStep, removeStep, replaceStep, unusedStepId } from '../../../src/core/plan/planEdits';
import { TOOL_NAMES } from '../../../src/core/tools/toolCatalog';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { examplePlan } from './planFixtures';

const ids = (plan: { steps: readonly { id: string }[] }) => plan.steps.map((step) => step.id);

describe('planEdits', () => {
  it('replaces a step in place, possibly under a new id', () => {
    const plan = examplePlan();
    const edited = replaceStep(plan, 'E1', { ...plan.steps[0]!, id: 'R1', title: 'Read it' });
    assert.deepEqual(ids(edited), ['R1', 'E2', 'E3']);
    assert.equal(ids(plan)[0], 'E1');
  });

  it('inserts a step after another, or at the end', () => {
    const plan = examplePlan();
    const step = newStep(plan, 'readFile', 'E1');
    assert.deepEqual(ids(insertStepAfter(plan, 'E1', step)), ['E1', 'E4', 'E2', 'E3']);
    assert.deepEqual(ids(insertStepAfter(plan, undefined, step)), ['E1', 'E2', 'E3', 'E4']);
  });

  it('fills a new step\'s template with a file the plan works on, never a file of another language', () => {
    const plan = { steps: [{ id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'src/cli.js' } }, { id: 'E2', title: 'Note', tool: 'writeFile', args: { path: 'NOTES.md', content: '' } }] };
    assert.equal(exampleFile(plan, 'E2'), 'NOTES.md');
    assert.equal(exampleFile(plan), 'src/cli.js');
    assert.equal(exampleFile({ steps: [] }), 'README.md');
    assert.deepEqual(newStep(plan, 'editFile', 'E1').args, { path: 'src/cli.js', edits: [{ find: 'old text', replace: 'new text' }] });
    assert.deepEqual(newStep(plan, 'listFiles', 'E1').args, { glob: 'src/**/*.js' });
    assert.ok(!JSON.stringify(newStep({ steps: [] }, 'editFile')).includes('src/index.ts'));
  });

  it('removes a step, and steps that waited for it wait for what it waited for', () => {
    const edited = removeStep(examplePlan(), 'E2');
    assert.deepEqual(ids(edited), ['E1', 'E3']);
    assert.deepEqual(edited.steps[1]?.dependsOn, ['E1']);
    assert.equal(validatePlan(edited).ok, true);
    assert.equal(removeStep(examplePlan(), 'E1').steps[0]?.dependsOn, undefined);
  });

  it('moves a step up or down, and leaves the plan as it is at either end', () => {
    const plan = examplePlan();
    assert.deepEqual(ids(moveStep(plan, 'E2', -1)), ['E2', 'E1', 'E3']);
    assert.deepEqual(ids(moveStep(plan, 'E2', 1)), ['E1', 'E3', 'E2']);
    assert.equal(moveStep(plan, 'E1', -1), plan);
    assert.equal(moveStep(plan, 'E3', 1), plan);
  });

  it('picks the first unused id', () => {
    assert.equal(unusedStepId(examplePlan()), 'E4');
    assert.equal(unusedStepId({ steps: [] }), 'E1');
  });

  it('offers a new step for every tool that passes the gate as it is', () => {
    for (const tool of TOOL_NAMES) {
      const plan = insertStepAfter(examplePlan(), 'E3', newStep(examplePlan(), tool, 'E3'));
      const verdict = validatePlan(plan);
      assert.ok(verdict.ok, `${tool}: ${verdict.ok ? '' : verdict.problems.map((problem) => problem.message).join('; ')}`);
    }
  });

  it('groups the gate problems by step', () => {
    const verdict = validatePlan({ ...examplePlan(), goal: '', steps: [{ ...examplePlan().steps[0], args: {} }] });
    assert.ok(!verdict.ok);
    const byStep = problemsByStep(verdict.problems);
    assert.deepEqual([...byStep.keys()].sort(), ['', 'E1']);
    assert.match(byStep.get('E1')?.[0] ?? '', /^E1\.args/);
  });
});

describe('moveInExecutionOrder', () => {
  const chain = {
    version: 1 as const,
    goal: 'g',
    steps: [
      { id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'a' } },
      { id: 'E2', title: 'List', tool: 'listFiles', args: { glob: '*' } },
      { id: 'E3', title: 'Test the flag', tool: 'readFile', args: { path: 'b' }, dependsOn: ['E1'] },
    ],
  };

  it('swaps a step with its neighbour in execution order when neither depends on the other', () => {
    const moved = moveInExecutionOrder(chain, 'E3', -1);
    assert.ok(moved.ok);
    assert.deepEqual(moved.plan.steps.map((step) => step.id), ['E1', 'E3', 'E2']);
  });

  it('refuses to put a step above one it depends on, saying why', () => {
    const first = moveInExecutionOrder(chain, 'E3', -1);
    assert.ok(first.ok);
    const refused = moveInExecutionOrder(first.plan, 'E3', -1);
    assert.deepEqual(refused, { ok: false, reason: '2 Test the flag cannot move above 1 Read: 2 Test the flag runs after 1 Read, which it depends on.' });
    assert.deepEqual(moveInExecutionOrder(first.plan, 'E1', 1), { ok: false, reason: '1 Read cannot move below 2 Test the flag: 2 Test the flag runs after 1 Read, which it depends on.' });
    assert.deepEqual(moveInExecutionOrder(chain, 'E1', -1), { ok: false, reason: '1 Read is already first.' });
  });
});
