// Unit tests of answering approvals from the keyboard: which waiting step Approve Step / Reject Step mean
// without a clicked row, where the focus goes after an answer, and the banner over a step's preview.
import * as assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../src/core/ports';
import { englishText } from '../../../src/core/text/englishText';
import { answerTarget, nextWaiting, previewBanner } from '../../../src/core/view/keyboardApproval';
import { threeSteps } from './viewFixtures';

const plan = threeSteps();
const KEYS = { approve: 'Ctrl+Alt+Y', reject: 'Ctrl+Alt+N' };
const command: ApprovalRequest = {
  stepId: 'E3',
  title: 'Run the tests',
  tool: 'runCommand',
  args: { command: 'npm test' },
  reason: 'commands run only after approval',
  preview: { kind: 'command', command: 'npm test', cwd: '.' },
};

describe('answerTarget', () => {
  it('answers the focused row when it waits, else the step whose preview is active, else the only one waiting', () => {
    assert.equal(answerTarget(['E2', 'E3'], { focused: 'E3', preview: 'E2' }), 'E3');
    assert.equal(answerTarget(['E2', 'E3'], { focused: 'E1', preview: 'E2' }), 'E2', 'a focused row that does not wait is passed over');
    assert.equal(answerTarget(['E2'], {}), 'E2');
  });

  it('asks which when several wait and none is in view, and answers nothing when none waits', () => {
    assert.equal(answerTarget(['E2', 'E3'], { focused: 'E1' }), 'choose');
    assert.equal(answerTarget([], { focused: 'E2' }), undefined);
  });
});

describe('nextWaiting', () => {
  it('moves to the next waiting step after the answered one, wrapping to the first', () => {
    assert.equal(nextWaiting(['E1', 'E2', 'E3'], 'E2', ['E1', 'E3']), 'E3');
    assert.equal(nextWaiting(['E1', 'E2', 'E3'], 'E3', ['E1', 'E2']), 'E1');
    assert.equal(nextWaiting(['E1', 'E2'], 'E2', ['E2']), undefined, 'the answered step is never next');
  });
});

describe('previewBanner', () => {
  it('names the step by its number and offers Approve, Reject and Edit with their keys', () => {
    const banner = previewBanner(englishText, plan, command, KEYS);
    assert.equal(banner.heading, 'Step 3 waits for you:');
    assert.deepEqual(banner.actions.map((action) => action.title), ['Approve (Ctrl+Alt+Y)', 'Reject (Ctrl+Alt+N)', 'Edit Step…']);
  });

  it('offers Edit and Re-plan instead of Approve for a step known not to apply', () => {
    const stale: ApprovalRequest = { ...command, stepId: 'E2', title: 'Add the flag', preview: { kind: 'fileChanges', changes: [{ path: 'src/cli.ts', before: 'a', after: 'a', problem: 'find text "x" not found' }] } };
    const banner = previewBanner(englishText, plan, stale, KEYS);
    assert.equal(banner.heading, 'Step 2 waits for you:');
    assert.deepEqual(banner.actions.map((action) => action.action), ['edit', 'replan', 'reject']);
  });
});
