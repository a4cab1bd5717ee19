// The titles an error message names a failed command by come from the manifest, for every command.
import * as assert from 'node:assert/strict';
import { commandTitles } from '../../../src/vscode/commandTitles';
import { COMMANDS } from '../../../src/vscode/ids';
import { localizedManifest } from '../support/localizedManifest';

describe('commandTitles', () => {
  it('names every command by its title in package.json, as VS Code shows it in English', () => {
    const titles = commandTitles(localizedManifest());
    assert.equal(titles.get(COMMANDS.runPlan), 'Run Plan');
    for (const id of Object.values(COMMANDS)) assert.ok(titles.get(id), id);
  });

  it('is empty for a manifest it cannot read', () => {
    assert.equal(commandTitles(undefined).size, 0);
    assert.equal(commandTitles({ contributes: { commands: 'no' } }).size, 0);
  });
});
