// PLANWRIGHT_MODEL_TIMEOUT: how long the CLI's endpoint may stay silent, in whole seconds as
// planwright.modelTimeoutSeconds is in the editor; 120 s when unset; a value out of range, not a whole
// number or empty is an error naming the variable, never a silent default.
import * as assert from 'node:assert/strict';
import { readEnvSettings, type EnvSettings } from '../../../src/cli/envInput';

const modelTimeoutMsOf = (env: Readonly<Record<string, string | undefined>>) => (readEnvSettings(env) as { settings: EnvSettings }).settings.timeoutMs;

describe('PLANWRIGHT_MODEL_TIMEOUT', () => {
  it('is 120 s when unset, and takes whole seconds from 10 to 3600', () => {
    assert.equal(modelTimeoutMsOf({}), 120_000);
    assert.equal(modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: '600' }), 600_000);
    assert.equal(modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: ' 10 ' }), 10_000);
    assert.equal(modelTimeoutMsOf({ PLANWRIGHT_MODEL_TIMEOUT: '3600' }), 3_600_000);
  });

  it('refuses a value out of range or not whole seconds, naming the variable and the range', () => {
    for (const value of ['9', '3601', '1.5', '2m', '-30', 'soon']) {
      assert.deepEqual(readEnvSettings({ PLANWRIGHT_MODEL_TIMEOUT: value }), { error: `PLANWRIGHT_MODEL_TIMEOUT must be whole seconds from 10 to 3600, not ${JSON.stringify(value)}` }, value);
    }
  });
});
