// The "N steps wait" notice: at most one notification open at a time, whatever the number of steps that start
// waiting, with Show as its only button (never a step's Approve or Reject); Show opens the view; the next notice,
// once the first is closed, gives the count then; none while the view is visible or nothing waits.
import * as assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../src/core/ports';
import { englishText } from '../../../src/core/text/englishText';
import { WaitingNotice, type NoticeWindow } from '../../../src/vscode/approvals/waitingNotice';

/** A notification as the fake window shows it, answered (closed, or a button clicked) by the test. */
interface Shown {
  readonly message: string;
  readonly buttons: readonly string[];
  readonly answer: (button: string | undefined) => void;
}

class FakeWindow implements NoticeWindow {
  readonly shown: Shown[] = [];
  showInformationMessage(message: string, ...buttons: string[]): Thenable<string | undefined> {
    return new Promise((resolve) => this.shown.push({ message, buttons, answer: resolve }));
  }
}

function waiting(...stepIds: string[]): ApprovalRequest[] {
  return stepIds.map((stepId) => ({ stepId }) as ApprovalRequest);
}

function setup(options: { readonly viewVisible?: boolean } = {}) {
  const window = new FakeWindow();
  let open: ApprovalRequest[] = [];
  const reveals: string[] = [];
  const notice = new WaitingNotice({ all: () => open }, () => options.viewVisible ?? false, async () => reveals.push('view'), window, englishText);
  /** A step starts waiting: the gate adds it and tells the notice, as PendingApprovals does. */
  const ask = (...stepIds: string[]) => {
    open = [...open, ...waiting(...stepIds)];
    return stepIds.map(() => notice.notify());
  };
  /** Every waiting step is answered (in the tree, the diff, in bulk) and the gate tells the notice again. */
  const answerAll = () => {
    open = [];
    return notice.notify();
  };
  return { window, reveals, ask, answerAll };
}

describe('WaitingNotice', () => {
  it('shows one notification for steps that start waiting one after another, with Show as its only button', async () => {
    const { window, ask } = setup();
    ask('E2');
    ask('E3');
    ask('E4');
    assert.deepEqual(
      window.shown.map((shown) => [shown.message, shown.buttons]),
      [['Planwright: 1 step waits for your approval.', ['Show']]],
    );
  });

  it('reveals the Planwright view on Show, and shows nothing else', async () => {
    const { window, reveals, ask } = setup();
    const [notified] = ask('E2');
    window.shown[0]!.answer('Show');
    await notified;
    assert.deepEqual(reveals, ['view']);
    assert.equal(window.shown.length, 1);
  });

  it('says how many steps wait then in the next notification, once the first was closed', async () => {
    const { window, reveals, ask } = setup();
    const [first] = ask('E2');
    ask('E3', 'E4');
    window.shown[0]!.answer(undefined);
    await first;
    ask('E5');
    assert.deepEqual(window.shown.map((shown) => shown.message), ['Planwright: 1 step waits for your approval.', 'Planwright: 4 steps wait for your approval.']);
    assert.deepEqual(reveals, [], 'closing the notification opens nothing');
  });

  it('shows nothing while the view is visible, where the steps are listed', () => {
    const { window, ask } = setup({ viewVisible: true });
    ask('E2', 'E3');
    assert.deepEqual(window.shown, []);
  });

  it('shows nothing when the steps were answered before it could say so', async () => {
    const { window, ask, answerAll } = setup();
    const [first] = ask('E2');
    window.shown[0]!.answer(undefined);
    await first;
    await answerAll();
    assert.equal(window.shown.length, 1);
  });
});
