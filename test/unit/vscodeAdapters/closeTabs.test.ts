// Closing a step's preview tabs: what the workbench refuses is looked up again and closed on the next try; tabs
// of other steps stay; a close that keeps failing gives up after three tries.
import * as assert from 'node:assert/strict';
import { closeTabs, type TabsPort } from '../../../src/vscode/approvals/closeTabs';

/** Tabs named by the step they show; `refusals` closes are rejected (the workbench's tab list changed). */
class FakeTabs implements TabsPort<string> {
  closeCalls = 0;
  constructor(
    public open: string[],
    private refusals: number,
  ) {}
  all(): readonly string[] {
    return this.open;
  }
  close(tabs: readonly string[]): Thenable<unknown> {
    this.closeCalls++;
    if (this.refusals > 0) {
      this.refusals--;
      return Promise.reject(new Error('Tab close: Invalid tab not found!'));
    }
    this.open = this.open.filter((tab) => !tabs.includes(tab));
    return Promise.resolve(true);
  }
}

const ofE3 = (tab: string) => tab.startsWith('E3:');

describe('closeTabs', () => {
  it('closes the step\'s tabs and leaves the others', async () => {
    const tabs = new FakeTabs(['E3: diff', 'E4: diff', 'E3: command.sh'], 0);
    await closeTabs(tabs, ofE3);
    assert.deepEqual(tabs.open, ['E4: diff']);
    assert.equal(tabs.closeCalls, 1);
  });

  it('looks again and closes what a refused close left open', async () => {
    const tabs = new FakeTabs(['E3: diff', 'E4: diff'], 1);
    await closeTabs(tabs, ofE3);
    assert.deepEqual(tabs.open, ['E4: diff']);
    assert.equal(tabs.closeCalls, 2);
  });

  it('asks nothing of the workbench when the step has no tab', async () => {
    const tabs = new FakeTabs(['E4: diff'], 0);
    await closeTabs(tabs, ofE3);
    assert.equal(tabs.closeCalls, 0);
  });

  it('gives up after three refused tries, the tab left open', async () => {
    const tabs = new FakeTabs(['E3: diff'], 10);
    await closeTabs(tabs, ofE3);
    assert.equal(tabs.closeCalls, 3);
    assert.deepEqual(tabs.open, ['E3: diff']);
  });
});
