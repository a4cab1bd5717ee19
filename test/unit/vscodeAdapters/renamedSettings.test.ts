// A renamed setting keeps a user's settings working: its old key is read where the new one is set nowhere, with a
// warning that says which name to use, and is ignored (said too) once the new one is set.
import * as assert from 'node:assert/strict';
import { HOST_SETTING_KEYS, resolveHostSettings } from '../../../src/core/hostSettings';
import { OLD_SETTING_KEYS, RENAMED_SETTINGS } from '../../../src/core/renamedSettings';

describe('renamed settings', () => {
  it('renames lmVendor and lmFamily to languageModelVendor and languageModelFamily, old names outside the schema', () => {
    assert.deepEqual(RENAMED_SETTINGS, { languageModelVendor: 'lmVendor', languageModelFamily: 'lmFamily' });
    for (const old of OLD_SETTING_KEYS) assert.ok(!(HOST_SETTING_KEYS as readonly string[]).includes(old), old);
  });

  it('reads the old key, at the level it is set, where the new one is set nowhere, and says to rename it', () => {
    const { settings, warnings } = resolveHostSettings({
      lmVendor: { user: 'copilot', effective: 'copilot' },
      lmFamily: { workspace: ' gpt-4o ', effective: ' gpt-4o ' },
    });
    assert.equal(settings.languageModelVendor, 'copilot');
    assert.equal(settings.languageModelFamily, 'gpt-4o');
    assert.deepEqual(warnings, [
      'planwright.lmVendor was renamed planwright.languageModelVendor; its value is used until you rename it in your settings.',
      'planwright.lmFamily was renamed planwright.languageModelFamily; its value is used until you rename it in your settings.',
    ]);
  });

  it('reads the new key wherever it is set, the old one ignored and said to be', () => {
    const { settings, warnings } = resolveHostSettings({
      languageModelVendor: { folder: 'openai', effective: 'openai' },
      lmVendor: { user: 'copilot', effective: 'copilot' },
    });
    assert.equal(settings.languageModelVendor, 'openai');
    assert.deepEqual(warnings, ['planwright.lmVendor is ignored: it was renamed planwright.languageModelVendor, which is set. Remove planwright.lmVendor from your settings.']);
  });

  it('says nothing when only the new key is set, or neither', () => {
    const renamed = resolveHostSettings({ languageModelFamily: { user: 'gpt-4o', effective: 'gpt-4o' } });
    assert.equal(renamed.settings.languageModelFamily, 'gpt-4o');
    assert.deepEqual(renamed.warnings, []);
    const unset = resolveHostSettings({ lmVendor: { effective: '' } });
    assert.equal(unset.settings.languageModelVendor, '');
    assert.deepEqual(unset.warnings, []);
  });
});
