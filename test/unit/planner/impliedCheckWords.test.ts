// The prompts tell a model which check each call implies; the words must match the check the gate adds
// (impliedCheck.ts), or a model leaves out a check it thinks is implied and is not.
import * as assert from 'node:assert/strict';
import { impliedPostcondition } from '../../../src/core/plan/impliedCheck';
import { plannerSystemMessage } from '../../../src/core/planner/plannerPrefix';
import { STEP_LINE_FORM } from '../../../src/core/replanner/replanPrompt';

describe('the implied checks as the prompts word them', () => {
  it('a write implies that the file exists, as the planner and the repairer are told', () => {
    assert.deepEqual(impliedPostcondition('writeFile', { path: 'notes.txt', content: 'hello' }), { kind: 'fileExists', path: 'notes.txt' });
    assert.match(plannerSystemMessage().content, /writeFile → the file exists;/);
    assert.match(STEP_LINE_FORM, /a write: the file exists;/);
  });

  it('claims no check the gate does not add', () => {
    for (const text of [plannerSystemMessage().content, STEP_LINE_FORM]) assert.doesNotMatch(text, /holds the content/);
  });
});
