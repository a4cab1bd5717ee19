// The cost cap's guard: it admits a call while the spend so far, the calls still answering and the call's
// estimate stay within the cap, refuses it (not made) otherwise and every call after, until the cap is raised.
import * as assert from 'node:assert/strict';
import { CostGuard, unpricedModels } from '../../../src/core/cost/costCap';
import { CostCapReachedError } from '../../../src/core/errors';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../src/core/ports';

/** A thousand tokens a dollar; every prompt counts as 100 tokens. */
const PRICES = { m: { input: 1000, output: 1000 } };
const COUNT = () => 100;

/** A model whose replies wait until `release` is called, and that counts the calls it was asked. */
function heldModel(): { model: ChatModel; asked: () => number; release: () => void } {
  let asked = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const model: ChatModel = {
    chat: async (): Promise<ChatResponse> => {
      asked++;
      await held;
      return { content: 'ok', toolCalls: [], model: 'm', usage: { promptTokens: 100, completionTokens: 100, cachedTokens: 0, estimated: false }, latencyMs: 1 };
    },
  };
  return { model, asked: () => asked, release: () => release() };
}

const WORKER: ChatRequest = { role: 'worker', messages: [{ role: 'user', content: 'go' }] };

describe('CostGuard', () => {
  it('estimates a call from its prompt and the role typical reply, then from the replies the run has seen', async () => {
    const guard = new CostGuard(10, PRICES, COUNT);
    assert.equal(guard.estimate(WORKER, 'm'), (100 + 800) / 1000);
    const { model, release } = heldModel();
    release();
    await guard.limit(model, () => 'm').chat(WORKER);
    assert.equal(guard.spent, 0.2);
    assert.equal(guard.estimate(WORKER, 'm'), (100 + 100) / 1000);
    assert.equal(guard.estimate(WORKER, 'unpriced'), 0);
  });

  it('counts the calls still answering, so calls side by side cannot pass the cap together', async () => {
    const guard = new CostGuard(1.5, PRICES, COUNT);
    const { model, asked, release } = heldModel();
    const capped = guard.limit(model, () => 'm');
    const first = capped.chat(WORKER);
    await assert.rejects(capped.chat(WORKER), CostCapReachedError);
    assert.equal(asked(), 1, 'the second call was not made');
    assert.ok(guard.reached);
    release();
    await first;
  });

  it('refuses every call once one was refused, until the cap is raised', async () => {
    const guard = new CostGuard(0.5, PRICES, COUNT);
    const { model, asked, release } = heldModel();
    release();
    const capped = guard.limit(model, () => 'm');
    await assert.rejects(capped.chat(WORKER), /the cost cap of \$0\.500 is reached: \$0\.0000 spent, and the next worker call \(about \$0\.900\) would pass it, so it was not made/);
    await assert.rejects(capped.chat({ role: 'solver', messages: [] }), CostCapReachedError);
    guard.raise(5);
    assert.equal(guard.reached, undefined);
    await capped.chat(WORKER);
    assert.equal(asked(), 1);
  });

  it('starts from what a resumed run spent', () => {
    const guard = new CostGuard(1, PRICES, COUNT, [{ role: 'worker', model: 'm', promptTokens: 300, completionTokens: 200, cachedTokens: 0, estimated: false, ms: 1 }]);
    assert.equal(guard.spent, 0.5);
  });

  it('names the models without a price, each once', () => {
    assert.deepEqual(unpricedModels({ 'gpt-4o': { input: 1, output: 1 } }, ['gpt-4o-2024-08-06', 'qwen', 'qwen']), ['qwen']);
  });
});
