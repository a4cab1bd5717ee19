// Unit tests of the run's status bar words and tooltip: counts only open questions, and no internal status names.
import * as assert from 'node:assert/strict';
import { statusBarText, statusBarTooltip } from '../../../src/core/view/statusBarText';

describe('statusBarText', () => {
  it('counts the steps whose questions are open', () => {
    assert.equal(statusBarText('awaitingApproval', 1, true, 'step 2 of 3'), '1 step waits for approval · step 2 of 3');
    assert.equal(statusBarText('awaitingApproval', 2, true, 'step 2 of 3'), '2 steps wait for approval · step 2 of 3');
  });

  it('says a replayed waiting run asks again, instead of inventing a count', () => {
    assert.equal(statusBarText('awaitingApproval', 0, false, 'step 2 of 3'), 'waiting for approval (Run Plan asks again) · step 2 of 3');
  });

  it('puts statuses in words, never their internal names', () => {
    assert.equal(statusBarText('needsReplan', 0, false, 'step 2 of 3'), 'needs a re-plan · step 2 of 3');
    assert.equal(statusBarText('paused', 0, false, 'step 2 of 3'), 'paused · step 2 of 3');
    assert.equal(statusBarText('running', 0, true, 'step 2 of 3'), 'step 2 of 3');
  });

  it('puts the status in words in the tooltip too, with why', () => {
    assert.equal(statusBarTooltip('needsReplan', 'r1', '4 Run the tests failed: exit code 1'), 'needs a re-plan: 4 Run the tests failed: exit code 1');
    assert.equal(statusBarTooltip('awaitingApproval', 'r1', undefined), 'Run r1: waiting for approval');
  });
});
