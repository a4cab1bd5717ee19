// Unit tests of the run's status bar words and tooltip: counts only open questions, and no internal status names.
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';
import { statusBarText, statusBarTooltip } from '../../../src/core/view/statusBarText';

describe('statusBarText', () => {
  it('counts the steps whose questions are open', () => {
    assert.equal(statusBarText(englishText, 'awaitingApproval', 1, true, 'step 2 of 3'), '1 step waits for approval · step 2 of 3');
    assert.equal(statusBarText(englishText, 'awaitingApproval', 2, true, 'step 2 of 3'), '2 steps wait for approval · step 2 of 3');
  });

  it('says a replayed waiting run asks again, instead of inventing a count', () => {
    assert.equal(statusBarText(englishText, 'awaitingApproval', 0, false, 'step 2 of 3'), 'waiting for approval (Resume Run asks again) · step 2 of 3');
  });

  it('puts statuses in words, never their internal names', () => {
    assert.equal(statusBarText(englishText, 'needsReplan', 0, false, 'step 2 of 3'), 'needs a re-plan · step 2 of 3');
    assert.equal(statusBarText(englishText, 'paused', 0, false, 'step 2 of 3'), 'paused · step 2 of 3');
    assert.equal(statusBarText(englishText, 'running', 0, true, 'step 2 of 3'), 'step 2 of 3');
  });

  it('says undone alone once an undo put the files back, and re-planning while the re-planner works', () => {
    assert.equal(statusBarText(englishText, 'undone', 0, false, 'step 3 of 3'), 'undone');
    assert.equal(statusBarText(englishText, 'running', 0, true, 'step 3 of 4', undefined, 'replan'), 're-planning…');
    assert.equal(statusBarText(englishText, 'running', 0, true, 'step 3 of 4', undefined, 'repair'), 'repairing a step…');
    assert.equal(statusBarText(englishText, 'running', 1, true, 'step 3 of 4', undefined, 'replan'), '1 step waits for approval · step 3 of 4');
  });

  it('names the cost cap, with the spend and the cap, when that is why the run is paused', () => {
    const pause = { spent: 0.75, estimate: 0.75, cap: 1 };
    assert.equal(statusBarText(englishText, 'paused', 0, false, 'step 1 of 2', pause), 'paused at the cost cap ($0.750 of $1.00) · step 1 of 2');
    assert.equal(statusBarText(englishText, 'running', 0, true, 'step 1 of 2', pause), 'step 1 of 2');
  });

  it('puts the status in words in the tooltip too, with why', () => {
    assert.equal(statusBarTooltip(englishText, 'needsReplan', 'r1', '4 Run the tests failed: exit code 1'), 'needs a re-plan: 4 Run the tests failed: exit code 1');
    assert.equal(statusBarTooltip(englishText, 'awaitingApproval', 'r1', undefined), 'Run r1: waiting for approval');
  });
});
