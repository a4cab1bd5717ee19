// A run's models through its cost cap: no cap leaves them as they are; a model without a price refuses the run,
// named, unless the cap lets unpriced calls through; a resumed run's spend counts against the cap from the start.
import * as assert from 'node:assert/strict';
import { UnpricedModelsError } from '../../../src/core/cost/costCap';
import { defaultHostSettings } from '../../../src/core/hostSettings';
import type { ChatModel } from '../../../src/core/ports';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { cappedRunModels } from '../../../src/vscode/run/cappedRunModels';
import { CAP_PRICES } from '../../support/costCapScenario';

const model: ChatModel = {
  chat: async () => ({ content: 'A note.', toolCalls: [], model: 'scripted', usage: { promptTokens: 50, completionTokens: 700, cachedTokens: 0, estimated: false }, latencyMs: 1 }),
};
const models = { planner: model, worker: model };
const settings = { ...defaultHostSettings(), plannerModel: 'scripted', workerModel: 'scripted', prices: CAP_PRICES };
const capped = { ...DEFAULT_RUN_OPTIONS, costCap: { maxCost: 1 } };
const spentBefore = { role: 'worker' as const, model: 'scripted', promptTokens: 50, completionTokens: 700, cachedTokens: 0, estimated: false, ms: 1 };

describe('cappedRunModels', () => {
  it('leaves the models as they are when the run has no cap', () => {
    const result = cappedRunModels(models, DEFAULT_RUN_OPTIONS, settings, []);
    assert.equal(result.models, models);
    assert.equal(result.guard, undefined);
  });

  it('refuses a capped run whose worker model has no price, naming it, unless unpriced calls are allowed', () => {
    const unpriced = { ...settings, workerModel: 'unpriced-worker' };
    assert.throws(() => cappedRunModels(models, capped, unpriced, []), (error: unknown) => error instanceof UnpricedModelsError && error.models.join() === 'unpriced-worker' && error.maxCost === 1);
    const allowed = cappedRunModels(models, { ...capped, costCap: { maxCost: 1, allowUnpriced: true } }, unpriced, []);
    assert.ok(allowed.guard);
  });

  it('counts what a resumed run spent: the call that would pass the cap is refused before it is made', async () => {
    const { models: limited, guard } = cappedRunModels(models, capped, settings, [spentBefore]);
    assert.equal(guard?.spent, 0.75);
    await assert.rejects(limited.worker.chat({ role: 'worker', messages: [{ role: 'user', content: 'Write the second note.' }] }), /the cost cap of \$1\.00 is reached/);
    assert.equal(guard?.reached?.cap, 1);
  });
});
