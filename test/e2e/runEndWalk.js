// @ts-check
// The end of the UI test's first run, as a user meets it: one notification in the notification centre saying the
// run succeeded and which files it changed, with Keep / Undo Run / Show Files / Show Summary; the summary and the
// trace as read-only documents that close without asking to be saved, the trace a timeline with times from the
// run's start and the raw JSON lines a Ctrl+click on its header's link away. (Show Files and its Undo Run are
// walked on the second plan's run, editedPlanWalk.js: a notification's button closes it.)
'use strict';
const assert = require('node:assert/strict');
const prompts = require('./workbenchPrompts');

/** The "Files changed" notice's text, however it words the rest. */
const FILES_CHANGED = /changed (1 file|\d+ files)/;

/**
 * Registers the stages, in order, through `stage`; they read the walk's state from `walk` when they run.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, shotBothThemes: (name: string) => Promise<void> }} walk
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function runEndStages(walk, stage) {
  stage('ends the run on one notification that it succeeded and which files it changed, with Keep / Undo Run / Show Files / Show Summary; the summary opens read-only and closes without asking', async () => {
    const { ui, ui: { page } } = walk;
    const end = await prompts.notice(ui, FILES_CHANGED);
    for (const file of ['src/cli.js', 'test/quiet.test.js', 'README.md']) assert.ok(end.message.includes(file), `the notice "${end.message}" names ${file}`);
    for (const button of ['Keep', 'Undo Run', prompts.showFilesButton(end), 'Show Summary']) assert.ok(end.buttons.includes(button), `the notice offers "${button}": ${JSON.stringify(end)}`);
    await prompts.answerNotice(ui, FILES_CHANGED, 'Show Summary');
    const summaryTab = await prompts.readOnlyTab(ui, 'Run summary.md');
    const editorLines = page.locator('.editor-instance .view-lines');
    await ui.shows(editorLines.filter({ hasText: 'Outcome: succeeded' }), 'the summary\'s "Outcome: succeeded"', { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(editorLines.filter({ hasText: 'Leave out the file name when quiet' }), 'the summary naming the re-planned step by its title', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('10c-summary');
    await prompts.closeReadOnlyTab(ui, summaryTab, 'the summary');
  });

  stage('shows the run\'s trace from the palette as a read-only timeline, with the raw JSON lines one click away', async () => {
    const { ui, ui: { page } } = walk;
    const editorLines = page.locator('.editor-instance .view-lines');
    await ui.runCommand('Planwright: Show Trace');
    await prompts.readOnlyTab(ui, 'Run trace.md');
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
