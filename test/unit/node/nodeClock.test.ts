import * as assert from 'node:assert/strict';
import { nodeClock } from '../../../src/node/nodeClock';

describe('nodeClock', () => {
  it('sleeps for about the given time', async () => {
    const started = nodeClock.now();
    await nodeClock.sleep(30);
    assert.ok(nodeClock.now() - started >= 25);
  });

  it('stops sleeping with an AbortError when the signal fires', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    await assert.rejects(nodeClock.sleep(10_000, controller.signal), { name: 'AbortError' });
  });
});
