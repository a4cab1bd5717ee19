// Unit tests of englishText, the Localize port in English: it fills placeholders as VS Code's l10n.t does when no
// translation is loaded, so the CLI and the tests read exactly the words the editor shows in English.
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';

describe('englishText', () => {
  it('fills {0}, {1} … with the arguments, in any order and as often as they appear', () => {
    assert.equal(englishText.t('Revision {0} · {1}', 2, 'running'), 'Revision 2 · running');
    assert.equal(englishText.t('{1} after {0}, then {1} again', 'a', true), 'true after a, then true again');
  });

  it('keeps a message without arguments, and a placeholder it has no argument for, as written', () => {
    assert.equal(englishText.t('Waiting for you'), 'Waiting for you');
    assert.equal(englishText.t('key {…} and {0} and {2}', 'x'), 'key {…} and x and {2}');
  });

  it('fills in one pass: braces inside an argument stay as they are', () => {
    assert.equal(englishText.t('Error: {0} in {1}', 'missing {1}', 'a.ts'), 'Error: missing {1} in a.ts');
  });
});
