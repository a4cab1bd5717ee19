// The goal's acceptance checks in the plan language and at the gate: `done C` lines are read into the
// plan's `acceptance` without taking a step number (whole replies and streamed ones alike), a `done`
// line that does not read is a problem at its line, and the gate refuses checks that read a step's result.
import * as assert from 'node:assert/strict';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { checkPlanReply } from '../../../src/core/planner/planTask';
import { PlanReplyReader } from '../../../src/core/planner/planReplyReader';

const reply = ['done run "npm test"', 'done not contains src/a.ts "oldFetch("', 'E1 editFile {"path":"src/a.ts","edits":[{"find":"oldFetch(","replace":"fetch("}]}'].join('\n');

describe('acceptance checks', () => {
  it('reads done lines into the plan, the step after them still E1', () => {
    const checked = checkPlanReply(reply, 'drop oldFetch');
    assert.ok(checked.ok, checked.ok ? '' : checked.problems.join('\n'));
    assert.deepEqual(checked.value.acceptance, [
      { kind: 'commandSucceeds', command: 'npm test' },
      { kind: 'not', check: { kind: 'fileContains', path: 'src/a.ts', text: 'oldFetch(' } },
    ]);
    assert.deepEqual(checked.value.steps.map((step) => step.id), ['E1']);
  });

  it('reports a done line that does not read at its line', () => {
    const checked = checkPlanReply(['done contains', 'E1 readFile {"path":"a.ts"}'].join('\n'), 'g');
    assert.ok(!checked.ok);
    assert.match(checked.problems.join('\n'), /line 1: done: column \d+: /);
  });

  it('hands a streamed reply\'s done lines on as acceptance lines', () => {
    const reader = new PlanReplyReader();
    const lines = [...reader.push(reply.slice(0, 40)), ...reader.push(reply.slice(40)), ...reader.finish()];
    assert.deepEqual(lines.map((line) => (line.acceptance ? `done ${line.acceptance.kind}` : line.step ? 'step' : 'problem')), ['done commandSucceeds', 'done not', 'step']);
  });

  it('refuses an acceptance check that reads a step\'s own result, located in acceptance', () => {
    const verdict = validatePlan({
      version: 1,
      goal: 'g',
      acceptance: [{ kind: 'fileExists', path: 'a.ts' }, { kind: 'all', checks: [{ kind: 'exitCode', equals: 0 }] }],
      steps: [{ id: 'E1', title: 't', tool: 'readFile', args: { path: 'a.ts' } }],
    });
    assert.ok(!verdict.ok);
    assert.deepEqual(verdict.problems.map(formatProblem), ['acceptance[1].checks[0]: "exitCode" reads a step\'s own result, and an acceptance check belongs to no step: use a command check (run "…") or a file check']);
  });
});
