// @ts-check
// The UI test's "Done when" stages, after the other runs: a plan file with two acceptance checks opened from the
// palette shows them pinned under the goal as not yet run; Add Done-When Check… on the goal row refuses a check
// the plan would refuse (saying what is wrong while it is typed) and adds a valid one, which reaches the plan
// file; the run's end then says which checks hold and which was already true (proving nothing), and opens the
// evidence report as a rendered page whose Copy as Markdown button puts it on the clipboard. Both are screenshot
// at the 300 px side bar; the light crop is the README's picture (media/done-when-evidence.png).
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const prompts = require('./workbenchPrompts');
const screenshots = require('./screenshots');

const GOAL = 'Leave a note that proves the task done';
const PLAN_FILE = 'done-when.plan.json';
const PLAN = {
  version: 1,
  goal: GOAL,
  acceptance: [
    { kind: 'fileContains', path: 'done-note.txt', text: 'proven' },
    { kind: 'fileExists', path: 'README.md' },
  ],
  steps: [{ id: 'D1', title: 'Write the note', tool: 'writeFile', args: { path: 'done-note.txt', content: 'proven\n' }, postcondition: { kind: 'fileExists', path: 'done-note.txt' } }],
};

/**
 * Registers the stages, in order, through `stage`; they read the walk's state from `walk` when they run.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, workspace: string, shotBothThemes: (name: string) => Promise<void> }} walk
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function doneWhenStages(walk, stage) {
  /** The "Done when" row of check `words`, once it says `state`. @param {string} words @param {string} state */
  const checkRow = (words, state) => walk.ui.row(`Done when ${words}, ${state}`);

  stage('pins a plan\'s "Done when" checks under its goal in plain words; Add Done-When Check… refuses a check the plan would refuse, saying why, and adds one to the plan file', async () => {
    const { ui } = walk;
    fs.writeFileSync(path.join(walk.workspace, PLAN_FILE), `${JSON.stringify(PLAN, null, 2)}\n`);
    await ui.runCommand('Planwright: Open Plan File…');
    const pick = ui.page.locator('.quick-input-list .monaco-list-row', { hasText: PLAN_FILE }).first();
    await ui.shows(pick, `${PLAN_FILE} in the file picker`, { seen: 'quickInput' });
    await pick.click();
    await ui.shows(ui.row('Done when: 2 checks'), 'the "Done when" group under the goal');
    await ui.shows(checkRow('done-note.txt contains "proven"', 'not yet run'), 'the first check, not yet run', { nominalMs: 5_000 });
    await ui.shows(checkRow('README.md exists', 'not yet run'), 'the second check, not yet run', { nominalMs: 5_000 });
    await prompts.contextMenu(ui, `Plan: ${GOAL}`, 'Add Done-When Check…');
    const input = ui.page.locator('.quick-input-widget input');
    await ui.shows(input, 'the check\'s input box', { seen: 'nothing' });
    await input.fill('exit 0');
    await ui.shows(ui.page.locator('.quick-input-message', { hasText: 'reads a step\'s own result' }), 'the input box refusing "exit 0": it reads a step\'s own result', { seen: 'quickInput' });
    await input.fill('json package.json');
    await input.press('Enter');
    await ui.shows(checkRow('package.json is valid JSON', 'not yet run'), 'the added check in the tree');
    const saved = JSON.parse(fs.readFileSync(path.join(walk.workspace, PLAN_FILE), 'utf8'));
    assert.deepEqual(saved.acceptance[2], { kind: 'jsonValid', path: 'package.json' }, 'the plan file holds the added check');
  });

  stage('says at the run\'s end which checks hold and which held before the run (proving nothing), and opens the evidence report as a page with Copy as Markdown', async () => {
    const { ui, ui: { page } } = walk;
    await ui.runCommand('Planwright: Run Plan');
    await ui.approveInline('Write the note', 'D1');
    await ui.shows(ui.row('Done when: 3 of 3 hold'), 'the group to say all three hold', { nominalMs: 60_000 });
    await ui.shows(checkRow('done-note.txt contains "proven"', 'holds'), 'the note\'s check to hold', { nominalMs: 5_000 });
    await ui.shows(checkRow('README.md exists', 'already true: proves nothing'), 'the README check flagged as already true', { nominalMs: 5_000 });
    await ui.showsUncut(checkRow('done-note.txt contains "proven"', 'holds'), 'done-note.txt contains "proven"', 'the check\'s words at 300 px');
    await ui.shows(page.locator('.tabs-container .tab', { hasText: 'Evidence report' }), 'the evidence report\'s tab, opened by the run\'s end', { seen: 'tabs' });
    const report = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await ui.shows(report.locator('h2', { hasText: `Evidence: ${GOAL}` }), 'the report\'s heading, rendered', { seen: 'tabs' });
    await ui.shows(report.locator('li', { hasText: 'already true before the run: proves nothing' }), 'the README check flagged in the report', { nominalMs: 5_000, seen: 'tabs' });
    await ui.shows(report.locator('li', { hasText: 'done-note.txt' }), 'the changed file in the report', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('30-done-when-evidence');
    await screenshots.saveWorkbenchCrop(page, 'done-when-evidence');
    // The browser lets the workbench write the clipboard, as a person's browser asks them to.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await report.locator('button', { hasText: 'Copy as Markdown' }).click();
    await ui.shows(page.locator('.statusbar-item', { hasText: 'the evidence report is on the clipboard as Markdown' }), 'the status bar saying the report is on the clipboard', { nominalMs: 10_000, seen: 'nothing' });
  });
}

module.exports = { doneWhenStages };
