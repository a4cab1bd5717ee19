// PLANWRIGHT_MODEL_TIMEOUT: how long the CLI's endpoint may stay silent, in whole seconds as
// planwright.modelTimeoutSeconds is in the editor; 120 s when unset; a value out of range or not a whole
// number is an error naming the variable, never a silent default.
import * as assert from 'node:assert/strict';
import { modelTimeoutMsOf } from '../../../src/cli/modelsFromEnv';

describe('PLANWRIGHT_MODEL_TIMEOUT', () => {
  it('is 120 s when unset or empty, and takes whole seconds from 10 to 3600', () => {
    assert.equal(modelTimeoutMsOf({}), 120_000);
    assert.equal(modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: ' ' }), 120_000);
    assert.equal(modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: '600' }), 600_000);
    assert.equal(modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: ' 10 ' }), 10_000);
    assert.equal(modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: '3600' }), 3_600_000);
  });

  it('refuses a value out of range or not whole seconds, naming the variable and the range', () => {
    for (const value of ['9', '3601', '1.5', '2m', '-30', 'soon']) {
      assert.throws(() => modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: value }), { message: `PLANWRIGHT_MODEL_TIMEOUT must be whole seconds from 10 to 3600, not ${JSON.stringify(value)}` }, value);
    }
  });
});
