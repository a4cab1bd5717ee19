// The titles an error message names a failed command by come from the manifest, for every command.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { commandTitles } from '../../../src/vscode/commandTitles';
import { COMMANDS } from '../../../src/vscode/ids';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

describe('commandTitles', () => {
  it('names every command by its title in package.json', () => {
    const titles = commandTitles(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')));
    assert.equal(titles.get(COMMANDS.runPlan), 'Run Plan');
    for (const id of Object.values(COMMANDS)) assert.ok(titles.get(id), id);
  });

  it('is empty for a manifest it cannot read', () => {
    assert.equal(commandTitles(undefined).size, 0);
    assert.equal(commandTitles({ contributes: { commands: 'no' } }).size, 0);
  });
});
