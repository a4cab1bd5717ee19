// Unit tests of renumbering a plan's step ids to follow execution order, and of moves that renumber.
import * as assert from 'node:assert/strict';
import { moveInExecutionOrder } from '../../../src/core/plan/planEdits';
import type { Plan } from '../../../src/core/plan/planSchema';
import { renumberSteps } from '../../../src/core/plan/renumberSteps';
import { idDisagrees, stepNumber } from '../../../src/core/plan/stepNumbers';
import { validatePlan } from '../../../src/core/plan/validatePlan';

/** E1 reads, E2 lists, E3 writes what E1 read and E4 checks E3's file; E3 waits for E1. */
function plan(): Plan {
  return {
    version: 1,
    goal: 'Copy #E1 into out.txt',
    acceptance: [{ kind: 'fileContains', path: 'out.txt', text: '#E3 wrote it' }],
    steps: [
      { id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'a.txt' } },
      { id: 'E2', title: 'List', tool: 'listFiles', args: { glob: '*' } },
      {
        id: 'E3',
        title: 'Write #E1',
        tool: 'writeFile',
        args: { path: 'out.txt', content: 'from #E1, not #E1x\n' },
        dependsOn: ['E1'],
        postcondition: { kind: 'fileContains', path: 'out.txt', text: '#E1' },
        compensation: { tool: 'deleteFile', args: { path: 'out.txt' } },
      },
      { id: 'E4', title: 'Check', tool: 'readFile', args: { path: 'out.txt' }, dependsOn: ['E3', 'E2'] },
    ],
  };
}

const ids = (edited: Plan) => edited.steps.map((step) => step.id);

describe('renumberSteps', () => {
  it('leaves a plan whose ids follow execution order as it is', () => {
    const original = plan();
    const renumbered = renumberSteps(original);
    assert.equal(renumbered.plan, original);
    assert.equal(renumbered.renames.size, 0);
  });

  it('gives each E<n> id its place in execution order and rewrites dependsOn and every #<id> reference in one pass', () => {
    const original = plan();
    original.steps = [original.steps[0]!, original.steps[2]!, original.steps[1]!, original.steps[3]!];
    const { plan: renumbered, renames } = renumberSteps(original);
    assert.deepEqual([...renames], [['E3', 'E2'], ['E2', 'E3']]);
    assert.deepEqual(ids(renumbered), ['E1', 'E2', 'E3', 'E4']);
    const write = renumbered.steps[1]!;
    assert.equal(write.title, 'Write #E1');
    assert.deepEqual(write.dependsOn, ['E1']);
    assert.deepEqual(renumbered.steps[3]!.dependsOn, ['E2', 'E3']);
    assert.equal(renumbered.acceptance?.[0]?.kind === 'fileContains' && renumbered.acceptance[0].text, '#E2 wrote it');
    // A longer token (#E1x) is another name, not #E1 followed by text.
    assert.equal(write.args.content, 'from #E1, not #E1x\n');
    assert.ok(validatePlan(renumbered).ok);
    for (const [index, step] of renumbered.steps.entries()) assert.equal(stepNumber(renumbered, step.id), index + 1);
  });

  it('rewrites references in arguments, checks and compensations, keeping each field in its place', () => {
    const original = plan();
    original.steps = [original.steps[1]!, original.steps[0]!, original.steps[2]!, original.steps[3]!];
    original.steps[2]!.compensation = { tool: 'writeFile', args: { path: 'out.txt', content: '#E2' } };
    const { plan: renumbered } = renumberSteps(original);
    assert.deepEqual(ids(renumbered), ['E1', 'E2', 'E3', 'E4']);
    assert.equal(renumbered.steps[0]!.title, 'List');
    const write = renumbered.steps[2]!;
    assert.deepEqual(Object.keys(write), ['id', 'title', 'tool', 'args', 'dependsOn', 'postcondition', 'compensation']);
    assert.equal(write.args.content, 'from #E2, not #E1x\n');
    assert.deepEqual(write.dependsOn, ['E2']);
    assert.deepEqual(write.postcondition, { kind: 'fileContains', path: 'out.txt', text: '#E2' });
    assert.deepEqual(write.compensation, { tool: 'writeFile', args: { path: 'out.txt', content: '#E1' } });
    assert.equal(renumbered.goal, 'Copy #E2 into out.txt');
  });

  it('keeps ids a person named, renumbering only the E<n> ones around them', () => {
    const original = plan();
    original.steps[1] = { ...original.steps[1]!, id: 'list-all' };
    original.steps[3] = { ...original.steps[3]!, dependsOn: ['E3', 'list-all'] };
    original.steps = [original.steps[1]!, original.steps[0]!, original.steps[2]!, original.steps[3]!];
    const { plan: renumbered, renames } = renumberSteps(original);
    assert.deepEqual(ids(renumbered), ['list-all', 'E2', 'E3', 'E4']);
    assert.deepEqual([...renames], [['E1', 'E2']]);
    assert.deepEqual(renumbered.steps[2]!.dependsOn, ['E2']);
  });
});

describe('moveInExecutionOrder with renumbering', () => {
  it('moves a step up and gives it the id of its new place, so row 2 is E2', () => {
    const moved = moveInExecutionOrder(plan(), 'E3', -1, true);
    assert.ok(moved.ok);
    assert.deepEqual(moved.plan.steps.map((step) => `${step.id} ${step.title}`), ['E1 Read', 'E2 Write #E1', 'E3 List', 'E4 Check']);
    assert.deepEqual([...moved.renames], [['E3', 'E2'], ['E2', 'E3']]);
    assert.deepEqual(moved.plan.steps[3]!.dependsOn, ['E2', 'E3']);
  });

  it('moves the last step up and the first down', () => {
    const up = moveInExecutionOrder(plan(), 'E4', -1, true);
    assert.equal(up.ok, false, 'E4 waits for E3, which is just above it');
    const first = moveInExecutionOrder(plan(), 'E1', 1, true);
    assert.ok(first.ok);
    assert.deepEqual(first.plan.steps.map((step) => step.title), ['List', 'Read', 'Write #E2', 'Check']);
    assert.deepEqual(first.plan.steps[2]!.args.content, 'from #E2, not #E1x\n');
  });

  it('refuses at either end and across a dependency, naming the steps by their numbers', () => {
    assert.deepEqual(moveInExecutionOrder(plan(), 'E1', -1, true), { ok: false, reason: '1 Read is already first.' });
    assert.deepEqual(moveInExecutionOrder(plan(), 'E4', 1, true), { ok: false, reason: '4 Check is already last.' });
    assert.deepEqual(moveInExecutionOrder(plan(), 'E4', -1, true), { ok: false, reason: '4 Check cannot move above 3 Write #E1: 4 Check runs after 3 Write #E1, which it depends on.' });
  });

  it('keeps the ids without renumbering, as a plan that has run must', () => {
    const moved = moveInExecutionOrder(plan(), 'E3', -1);
    assert.ok(moved.ok);
    assert.deepEqual(ids(moved.plan), ['E1', 'E3', 'E2', 'E4']);
    assert.equal(moved.renames.size, 0);
  });
});

describe('idDisagrees', () => {
  it('says whether an E<n> id reads as another number than the step\'s place', () => {
    assert.equal(idDisagrees('E2', 2), false);
    assert.equal(idDisagrees('E3', 2), true);
    assert.equal(idDisagrees('read-cli', 1), false, 'a name is no number');
    assert.equal(idDisagrees('E3', undefined), false);
  });
});
