// @ts-check
// The end of the UI test's first run, as a user meets it: the "Files changed" notice in the notification centre
// with Keep / Undo Run / Show, its Show listing each file the run changed (what happened to it, which steps did
// it) and opening the one picked; the run's summary and its trace as read-only documents that close without
// asking to be saved, the trace a timeline with times from the run's start and the raw JSON lines a Ctrl+click on
// its header's link away.
'use strict';
const assert = require('node:assert/strict');
const prompts = require('./workbenchPrompts');
const screenshots = require('./screenshots');

/** The "Files changed" notice's text, however it words the rest. */
const FILES_CHANGED = /changed (1 file|\d+ files)/;

/**
 * Registers the stages, in order, through `stage`; they read the walk's state from `walk` when they run.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, shotBothThemes: (name: string) => Promise<void> }} walk
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function runEndStages(walk, stage) {
  stage('ends the run on a "Files changed" notice with Keep / Undo Run / Show, whose Show lists each file and opens it', async () => {
    const { ui, ui: { page } } = walk;
    const changed = await prompts.notice(ui, FILES_CHANGED);
    for (const file of ['src/cli.js', 'test/quiet.test.js', 'README.md']) assert.ok(changed.message.includes(file), `the notice "${changed.message}" names ${file}`);
    for (const button of ['Keep', 'Undo Run', 'Show']) assert.ok(changed.buttons.includes(button), `the notice offers "${button}": ${JSON.stringify(changed)}`);
    await prompts.answerNotice(ui, FILES_CHANGED, 'Show');
    await ui.shows(page.locator('.quick-input-widget .quick-input-title', { hasText: FILES_CHANGED }), 'the quick pick titled like the notice', { seen: 'quickInput' });
    for (const [file, kind] of [['src/cli.js', 'changed'], ['test/quiet.test.js', 'created'], ['README.md', 'changed']]) {
      await ui.shows(prompts.pickRow(ui, file, kind), `"${file}" marked "${kind}" in the quick pick`, { nominalMs: 5_000, seen: 'quickInput' });
    }
    await ui.shows(prompts.pickRow(ui, 'Undo Run', 'put every file back'), 'the quick pick\'s "Undo Run" entry', { nominalMs: 5_000, seen: 'quickInput' });
    await walk.shotBothThemes('10c-files-changed');
    // The README's picture of the notice's Show (committed as docs/files-changed.png).
    await screenshots.saveTopCrop(page, 'files-changed', page.locator('.quick-input-widget'));
    await prompts.pickRow(ui, 'test/quiet.test.js').click();
    await ui.shows(page.locator('.tabs-container .tab', { hasText: 'quiet.test.js' }), 'the file picked, test/quiet.test.js, in an editor tab', { seen: 'tabs' });
    await ui.shows(page.locator('.editor-instance .view-lines', { hasText: '--quiet prints the counts' }), 'the file the run created, in the editor', { nominalMs: 15_000, seen: 'tabs' });
  });

  stage('shows the run\'s summary and its trace as read-only documents that close without asking; the trace a timeline, with the raw JSON lines one click away', async () => {
    const { ui, ui: { page } } = walk;
    const editorLines = page.locator('.editor-instance .view-lines');
    // Neither is an untitled document: no "Untitled" tab, no unsaved mark, and closing it asks nothing.
    const readOnlyTab = async (/** @type {string} */ name) => {
      const tab = page.locator('.tabs-container .tab', { hasText: name });
      await ui.shows(tab, `the tab "${name}"`, { seen: 'tabs' });
      assert.equal(await tab.filter({ hasText: 'Untitled' }).count(), 0, `${name} is not an untitled document`);
      assert.equal(await page.locator('.tabs-container .tab.dirty', { hasText: name }).count(), 0, `${name} has no unsaved changes`);
      return tab;
    };
    await prompts.answerNotice(ui, undefined, 'Show Summary');
    const summaryTab = await readOnlyTab('Run summary.md');
    await ui.shows(editorLines.filter({ hasText: 'Outcome: succeeded' }), 'the summary\'s "Outcome: succeeded"', { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(editorLines.filter({ hasText: 'Leave out the file name when quiet' }), 'the summary naming the re-planned step by its title', { nominalMs: 5_000, seen: 'tabs' });
    await summaryTab.first().click();
    await ui.runCommand('View: Close Editor');
    await ui.leaves(summaryTab, 'the summary\'s tab to close');
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'closing the summary asked nothing');
    await ui.runCommand('Planwright: Show Trace');
    await readOnlyTab('Run trace.md');
    // The editor draws spaces as no-break spaces, which a pattern matches as \s.
    await ui.shows(editorLines.filter({ hasText: /\d+\sevents\s·\s\[raw\sJSON\slines\]/ }), 'the trace\'s header: its events and the raw JSON lines\' link', { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(editorLines.filter({ hasText: /\+\d+\.\d\d\ss`/ }), 'times relative to the run\'s start ("+1.20 s")', { nominalMs: 5_000, seen: 'tabs' });
    await ui.shows(editorLines.filter({ hasText: 'calls `readFile`' }), 'a readable event: "… calls `readFile`"', { nominalMs: 5_000, seen: 'tabs' });
    await ui.findInEditor('revision 2 after');
    await ui.shows(editorLines.filter({ hasText: 'revision 2 after' }), 'the re-plan in the timeline: "revision 2 after …"', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('10d-trace');
    await page.keyboard.press('ControlOrMeta+Home');
    // The header links the raw file: the editor underlines the link's target, which Ctrl+click opens.
    await ui.openLinkInEditor('.trace.jsonl', page.locator('.tabs-container .tab', { hasText: '.trace.jsonl' }), 'the raw trace, *.trace.jsonl, in a tab');
    await ui.shows(editorLines.filter({ hasText: '"type":"intent"' }), 'the raw JSON lines of the trace', { nominalMs: 15_000, seen: 'tabs' });
  });
}

module.exports = { runEndStages };
