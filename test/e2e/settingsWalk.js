// @ts-check
// Planwright's settings as the Settings editor shows them, reached the way a user finds them: Configure Model…'s
// "Open Settings", which filters the editor to the extension. Its table of contents lists the four categories
// (Model, Approvals, Runs, Integrations) under Planwright, each with its number of settings, and picking one lists
// its settings and no other category's. The stage closes the Settings tab again, so the stages after it find the
// editor as they left it.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('../../scripts/e2e/codeServer');
const prompts = require('./workbenchPrompts');

/** The manifest's categories as the editor titles them, each with the title of its first setting (as VS Code derives it). */
const CATEGORIES = [
  { id: 'planwright.model', title: 'Model', first: 'Provider' },
  { id: 'planwright.approvals', title: 'Approvals', first: 'Auto Approve' },
  { id: 'planwright.runs', title: 'Runs', first: 'Mode' },
  { id: 'planwright.integrations', title: 'Integrations', first: 'Mcp Servers' },
];

/**
 * How many settings the manifest puts in the category `id` that the editor shows: an old name kept for a renamed
 * setting (deprecated) shows only where it is set, and the test sets none. @param {string} id
 */
function settingsIn(id) {
  /** @type {{ id: string, properties: Record<string, { markdownDeprecationMessage?: string }> }[]} */
  const categories = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).contributes.configuration;
  return Object.values(categories.find((category) => category.id === id)?.properties ?? {}).filter((setting) => !setting.markdownDeprecationMessage).length;
}

/**
 * Registers the stage through `stage`; it reads the walk's state from `walk` when it runs.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, shotBothThemes: (name: string) => Promise<void> }} walk
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function settingsStages(walk, stage) {
  stage('opens the Settings editor from "Configure Model…" on Planwright\'s settings, grouped under Model, Approvals, Runs and Integrations', async () => {
    const { ui, ui: { page } } = walk;
    await ui.runCommand('Planwright: Configure Model…');
    const openSettings = prompts.pickRow(ui, 'Open Settings');
    await ui.shows(openSettings, 'Configure Model\'s "Open Settings"', { nominalMs: 15_000, seen: 'quickInput' });
    await openSettings.click();
    const tab = await prompts.readOnlyTab(ui, 'Settings');
    const editor = page.locator('.settings-editor');
    await ui.shows(editor.locator('.settings-header .view-lines', { hasText: '@ext:planwright.planwright' }), 'the Settings editor filtered to "@ext:planwright.planwright"', { nominalMs: 15_000, seen: 'tabs' });
    // The table of contents: Planwright, and under it its four categories in order, each with its number of settings.
    const toc = editor.locator('.settings-toc-container .monaco-list-row');
    const entry = (/** @type {string} */ title) => toc.filter({ has: page.locator('.settings-toc-entry', { hasText: new RegExp(`^${title}$`) }) }).first();
    await ui.shows(entry('Planwright'), 'Planwright in the table of contents', { nominalMs: 15_000, seen: 'tabs' });
    for (const { id, title } of CATEGORIES) {
      await ui.shows(entry(title).filter({ hasText: new RegExp(`\\(${settingsIn(id)}\\)`) }), `"${title} (${settingsIn(id)})" under Planwright in the table of contents`, { nominalMs: 5_000, seen: 'tabs' });
    }
    const listed = await toc.locator('.settings-toc-entry').allTextContents();
    const at = CATEGORIES.map(({ title }) => listed.indexOf(title));
    assert.ok(at.every((index, i) => index > listed.indexOf('Planwright') && (i === 0 || index > at[i - 1])), `the table of contents lists ${JSON.stringify(listed)}`);
    // Each entry shows its own settings and none of another category's.
    const setting = (/** @type {string} */ title) => editor.locator('.settings-tree-container .setting-item-label', { hasText: new RegExp(`^${title}$`) });
    for (const { title, first } of CATEGORIES) {
      await entry(title).click();
      await ui.shows(setting(first), `"${first}" in the list once "${title}" is picked`, { nominalMs: 15_000, seen: 'tabs' });
      for (const other of CATEGORIES.filter((category) => category.title !== title)) await ui.leaves(setting(other.first), `"${other.first}" to leave the list of ${title}`, 15_000);
    }
    await entry('Model').click();
    await ui.shows(editor.locator('.setting-item-contents', { hasText: 'Endpoint URL' }), 'Base Url described as "Endpoint URL"', { nominalMs: 15_000, seen: 'tabs' });
    await walk.shotBothThemes('4b-settings');
    await prompts.closeReadOnlyTab(ui, tab, 'the Settings editor');
  });
}

module.exports = { settingsStages };
