// @ts-check
// Planwright's settings as the Settings editor shows them, reached the way a user finds them: Configure Model…'s
// "Open Settings", which filters the editor to the extension. Its table of contents lists the four categories
// (Model, Approvals, Runs, Integrations) under Planwright, and each one opens on its own heading in the list. The
// stage closes the Settings tab again, so the stages after it find the editor as they left it.
'use strict';
const prompts = require('./workbenchPrompts');

/** The categories of package.json's contributes.configuration, in the order the editor lists them. */
const CATEGORIES = ['Model', 'Approvals', 'Runs', 'Integrations'];

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
    // The table of contents: Planwright, and under it its four categories in order.
    const toc = editor.locator('.settings-toc-container .monaco-list-row');
    await ui.shows(toc.filter({ hasText: /^Planwright/ }), 'Planwright in the table of contents', { nominalMs: 15_000, seen: 'tabs' });
    for (const title of CATEGORIES) await ui.shows(toc.filter({ hasText: new RegExp(`^${title}`) }), `"${title}" under Planwright in the table of contents`, { nominalMs: 5_000, seen: 'tabs' });
    const listed = await toc.evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s*\(\d+\)\s*$/, '').trim()));
    const order = CATEGORIES.map((title) => listed.findIndex((text) => text.startsWith(title)));
    if (order.some((at, i) => i > 0 && at <= order[i - 1])) throw new Error(`the table of contents lists ${JSON.stringify(listed)}, not ${CATEGORIES.join(', ')} in that order`);
    // Each category's heading in the list of settings, reached from its entry in the table of contents.
    const heading = (/** @type {string} */ title) => editor.locator('.settings-tree-container .settings-group-title-label', { hasText: new RegExp(`^${title}$`) });
    for (const title of [...CATEGORIES].reverse()) {
      await toc.filter({ hasText: new RegExp(`^${title}`) }).first().click();
      await ui.shows(heading(title), `the heading "${title}" in the list of settings`, { nominalMs: 15_000, seen: 'tabs' });
    }
    await ui.shows(editor.locator('.setting-item-contents', { hasText: 'Endpoint URL' }), 'Base Url described as "Endpoint URL"', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('4b-settings');
    await prompts.closeReadOnlyTab(ui, tab, 'the Settings editor');
  });
}

module.exports = { settingsStages };
