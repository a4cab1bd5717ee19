// PLANWRIGHT_PLAN_FORMAT: the form the CLI's planner is asked to write plans in, as planwright.planFormat
// is in the editor; a value it does not know is an error naming the variable, never a silent default.
import * as assert from 'node:assert/strict';
import { readEnvSettings, type EnvSettings } from '../../../src/cli/envInput';
import { modelsFromEnv } from '../../../src/cli/modelsFromEnv';

const planFormatOf = (env: Readonly<Record<string, string | undefined>>) => (readEnvSettings(env) as { settings: EnvSettings }).settings.planFormat;

describe('PLANWRIGHT_PLAN_FORMAT', () => {
  it('is the compact plan language when unset, and takes compact or json in any case', () => {
    assert.equal(planFormatOf({}), 'compact');
    assert.equal(planFormatOf({ PLANWRIGHT_PLAN_FORMAT: 'json' }), 'json');
    assert.equal(planFormatOf({ PLANWRIGHT_PLAN_FORMAT: ' JSON ' }), 'json');
    assert.equal(planFormatOf({ PLANWRIGHT_PLAN_FORMAT: 'compact' }), 'compact');
  });

  it('refuses any other value, naming the variable and what it may be', () => {
    assert.deepEqual(readEnvSettings({ PLANWRIGHT_PLAN_FORMAT: 'yaml' }), { error: 'PLANWRIGHT_PLAN_FORMAT must be compact or json, not "yaml"' });
    assert.deepEqual(readEnvSettings({ PLANWRIGHT_PLAN_FORMAT: ' ' }), { error: 'PLANWRIGHT_PLAN_FORMAT is set but empty: give compact or json, or unset it' });
  });

  it('reaches the model every role plans with', () => {
    const models = modelsFromEnv({ PLANWRIGHT_BASE_URL: 'http://127.0.0.1:9/v1', PLANWRIGHT_MODEL: 'm', PLANWRIGHT_PLAN_FORMAT: 'json' });
    assert.equal(models.plannerModel?.planFormat, 'json');
    assert.equal(modelsFromEnv({ PLANWRIGHT_BASE_URL: 'http://127.0.0.1:9/v1', PLANWRIGHT_MODEL: 'm' }).plannerModel?.planFormat, 'compact');
  });
});
