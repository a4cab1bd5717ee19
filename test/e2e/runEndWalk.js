// @ts-check
// The end of the UI test's first run, as a user meets it: one notification in the notification centre saying the
// run succeeded and which files it changed, with Keep / Undo Run / Show Files / Show Summary; the summary and the
// trace as rendered read-only pages that close without asking to be saved, the trace a timeline in words with times
// from the run's start and the raw JSON lines a button away. (Show Files and its Undo Run are
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
  stage('ends the run on one notification that it succeeded and which files it changed, with Keep / Undo Run / Show Files / Show Summary; the summary opens rendered, read-only, and closes without asking', async () => {
    const { ui, ui: { page } } = walk;
    const end = await prompts.notice(ui, FILES_CHANGED);
    for (const file of ['src/cli.js', 'test/quiet.test.js', 'README.md']) assert.ok(end.message.includes(file), `the notice "${end.message}" names ${file}`);
    for (const button of ['Keep', 'Undo Run', prompts.showFilesButton(end), 'Show Summary']) assert.ok(end.buttons.includes(button), `the notice offers "${button}": ${JSON.stringify(end)}`);
    await prompts.answerNotice(ui, FILES_CHANGED, 'Show Summary');
    const summaryTab = await prompts.readOnlyTab(ui, 'Run summary');
    // Rendered, not Markdown source: a page of headings and lists, no line numbers.
    const summary = renderedPage(page);
    await ui.shows(summary.locator('li, p', { hasText: 'Outcome: succeeded' }), 'the summary\'s "Outcome: succeeded", rendered', { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(summary.locator('li, p, td', { hasText: 'Leave out the file name when quiet' }), 'the summary naming the re-planned step by its title', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('10c-summary');
    await prompts.closeReadOnlyTab(ui, summaryTab, 'the summary');
  });

  stage('shows the run\'s trace from the palette as a rendered timeline in words, with the raw JSON lines one click away', async () => {
    const { ui, ui: { page } } = walk;
    await ui.runCommand('Planwright: Show Trace');
    await prompts.readOnlyTab(ui, 'Run trace');
    const trace = renderedPage(page);
    await ui.shows(trace.locator('p', { hasText: /\d+ events/ }), 'the trace\'s header: how many events', { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(trace.locator('li code', { hasText: /^\+\d+\.\d\d s$/ }), 'times relative to the run\'s start ("+1.20 s")', { nominalMs: 5_000, seen: 'tabs' });
    await ui.shows(trace.locator('li', { hasText: 'calls readFile' }), 'a readable event: "… calls readFile"', { nominalMs: 5_000, seen: 'tabs' });
    await ui.shows(trace.locator('li', { hasText: 'asks for your approval' }), 'a decision in words: "… asks for your approval"', { nominalMs: 5_000, seen: 'tabs' });
    assert.equal(await trace.locator('li', { hasText: 'askApproval' }).count(), 0, 'no decision by its internal name');
    await ui.shows(trace.locator('li', { hasText: 'revision 2 after' }), 'the re-plan in the timeline: "revision 2 after …"', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('10d-trace');
    await trace.locator('button', { hasText: 'Open Raw JSON Lines' }).click();
    const rawTab = page.locator('.tabs-container .tab', { hasText: '.trace.jsonl' });
    await ui.shows(rawTab, 'the raw trace, *.trace.jsonl, in a tab', { seen: 'tabs' });
    await ui.shows(page.locator('.editor-instance .view-lines').filter({ hasText: '"type":"intent"' }), 'the raw JSON lines of the trace', { nominalMs: 15_000, seen: 'tabs' });
    // Both close without asking (and keep later pictures clear).
    await prompts.closeReadOnlyTab(ui, rawTab, 'the raw trace');
    await prompts.closeReadOnlyTab(ui, page.locator('.tabs-container .tab', { hasText: 'Run trace' }), 'the trace');
  });
}

/** The content of the page the active editor shows (a summary, a trace): its webview's frame. @param {import('playwright-core').Page} page */
function renderedPage(page) {
  // VS Code lays a webview's frame over the editor, outside the editor's own elements; a hidden page's is not visible.
  return page.frameLocator('iframe.webview.ready:visible').first().frameLocator('#active-frame');
}

module.exports = { runEndStages };
