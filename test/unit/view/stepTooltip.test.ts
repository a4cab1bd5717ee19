// Unit tests of a step row's tooltip text: how it names the step and the steps it waits for, and why it failed in words.
import * as assert from 'node:assert/strict';
import { stepReference } from '../../../src/core/plan/stepNumbers';
import { englishText } from '../../../src/core/text/englishText';
import { stepTooltip } from '../../../src/core/view/stepTooltip';
import { threeSteps } from './viewFixtures';

describe('stepTooltip', () => {
  const plan = threeSteps();
  const edit = plan.steps[1]!;

  it('heads the tooltip with the number and title its row shows, the id after them, as references call it when it reads as another number', () => {
    assert.match(stepTooltip(englishText, { step: edit, status: 'pending', number: 2 }), /^\*\*2 Add the flag\*\* · E2\n/);
    // A run's journal keeps its ids, so after a move row 1 may be E2: named as references call it, not as a number.
    assert.match(stepTooltip(englishText, { step: edit, status: 'pending', number: 1 }), /^\*\*1 Add the flag\*\* · referred to as `#E2`\n/);
  });

  it('names the steps it waits for by number and title', () => {
    const tooltip = stepTooltip(englishText, { step: plan.steps[2]!, status: 'pending', number: 3, name: (stepId) => stepReference(plan, stepId) });
    assert.match(tooltip, /^After: 2 Add the flag$/m);
  });

  it('escapes the Markdown in a dependency title', () => {
    const named = stepTooltip(englishText, { step: edit, status: 'pending', number: 2, name: () => '1 Read *the* CLI' });
    assert.match(named, /^After: 1 Read \\\*the\\\* CLI$/m);
  });

  it('falls back to the id, for a replaced step that has no number in the current plan', () => {
    const tooltip = stepTooltip(englishText, { step: edit, status: 'failed', replacedInRevision: 2 });
    assert.match(tooltip, /^\*\*E2 · Add the flag\*\*\n/);
    assert.match(tooltip, /^After: E1$/m);
    assert.match(tooltip, /^Status: failed; replaced in revision 2$/m);
  });

  it('says why a failed check failed in words, once, with no check internals and the output kept', () => {
    const test = { ...plan.steps[2]!, postcondition: { kind: 'exitCode', equals: 0 } } as const;
    const failure = { kind: 'definite', reason: 'postcondition', message: 'postcondition failed: exitCode 0: got 1', outputTail: 'FAIL quiet.test.js' } as const;
    const run = { status: 'failed', attempts: 1, revision: 0, retriedAfterSettle: false, reason: failure.message, checkDetail: 'exitCode 0: got 1', failure } as const;
    const tooltip = stepTooltip(englishText, { step: test, status: 'failed', number: 3, run });
    assert.match(tooltip, /^Why: exit code: expected 0, got 1$/m);
    assert.equal(tooltip.split('expected 0, got 1').length, 2, tooltip);
    assert.doesNotMatch(tooltip, /postcondition failed|exitCode 0/);
    assert.match(tooltip, /FAIL quiet\.test\.js/);
  });

  it('keeps the error of a failure that is no check\'s', () => {
    const failure = { kind: 'definite', reason: 'tool', message: 'find text not found' } as const;
    const run = { status: 'failed', attempts: 1, revision: 0, retriedAfterSettle: false, reason: 'find text not found', failure } as const;
    assert.match(stepTooltip(englishText, { step: edit, status: 'failed', number: 2, run }), /^Error: find text not found$/m);
  });
});
