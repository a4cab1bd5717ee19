// @ts-check
// The end of the UI test's first run as it stays: the files on disk as the plan intended (one plan and one patch
// asked of the model), the run after a window reload replayed from its journal without running anything, its
// replaced steps kept with their evidence, and Undo Run putting the files back.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const screenshots = require('./screenshots');

/**
 * Registers the stages, in order, through `stage`; they read the walk's state from `walk` when they run.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, workspace: string, model: { requests: any[] }, shotBothThemes: (name: string) => Promise<void> }} walk
 *   the workbench, the workspace folder and the scripted model
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function reloadStages(walk, stage) {
  stage('left the workspace files on disk as the plan intended', () => {
    const read = (/** @type {string} */ file) => fs.readFileSync(path.join(walk.workspace, file), 'utf8');
    assert.match(read('src/cli.js'), /'--quiet'\]/);
    assert.match(read('src/cli.js'), /options\.quiet \?/);
    assert.match(read('test/quiet.test.js'), /--quiet prints the counts without the file name/);
    assert.match(read('README.md'), /\[--quiet\] FILE/);
    const kindOf = (/** @type {string} */ task) => (task.startsWith('Task: write a plan') ? 'plan' : task.startsWith('Task: a step of a running plan broke') ? 'replan' : 'other');
    const kinds = walk.model.requests.map((/** @type {any} */ request) => kindOf(String(request.body.messages?.[1]?.content ?? '')));
    // One plan and one patch; the run ends with Planwright's own summary, without a model call.
    assert.deepEqual(kinds, ['plan', 'replan']);
  });

  stage('shows the finished run as it was after a window reload, replayed from its journal without running anything', async () => {
    const { ui, ui: { page } } = walk;
    const requests = walk.model.requests.length;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await ui.shows(page.locator('.monaco-workbench .part.activitybar'), 'the workbench to load again', { nominalMs: 60_000, seen: 'nothing' });
    await ui.shows(page.locator('.activitybar [aria-label^="Planwright"]'), 'the Planwright icon in the activity bar', { nominalMs: 60_000, seen: 'nothing' });
    await ui.showPlanwrightView();
    await ui.shows(ui.rowWithText('rev 2 · succeeded'), 'the replayed goal row to say "rev 2 · succeeded"', { nominalMs: 60_000 });
    await ui.shows(ui.row('Run the tests again, R2, succeeded'), 'R2 replayed as succeeded', { nominalMs: 10_000 });
    await ui.shows(ui.row('Accept --quiet, E2, succeeded'), 'E2 replayed as succeeded', { nominalMs: 5_000 });
    await walk.shotBothThemes('11-after-reload');
    assert.equal(walk.model.requests.length, requests, 'the reload called no model');
  });

  stage('keeps the replaced steps with their evidence after the run ended, and undoes the run', async () => {
    const { ui, ui: { page } } = walk;
    const group = ui.rowWithText('Replaced in rev 2');
    await ui.shows(group, 'the "Replaced in rev 2" group after the run ended', { nominalMs: 10_000 });
    await group.locator('.label-name').click();
    const replaced = ui.row('Run the tests, E4, replaced in revision 2');
    await ui.shows(replaced, 'the replaced E4 in the group', { nominalMs: 5_000 });
    await replaced.locator('.label-name').click();
    await ui.shows(ui.rowWithText('Error: '), 'the replaced E4\'s "Error:" row', { nominalMs: 5_000 });
    await walk.shotBothThemes('12-replaced-kept');
    await ui.runCommand('Planwright: Undo Run');
    const confirm = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Undo$/ });
    await ui.shows(confirm, 'the Undo Run confirmation listing the files', { seen: 'nothing' });
    await screenshots.shot(page, '13-undo-confirm-light');
    await confirm.first().click();
    await ui.shows(page.locator('.notifications-toasts .notification-list-item', { hasText: 'Restored' }), 'a notification saying which files were restored', { seen: 'nothing' });
    await walk.shotBothThemes('14-undone');
    const read = (/** @type {string} */ file) => fs.readFileSync(path.join(walk.workspace, file), 'utf8');
    assert.doesNotMatch(read('src/cli.js'), /options\.quiet \?/);
    assert.doesNotMatch(read('README.md'), /\[--quiet\]/);
    assert.equal(fs.existsSync(path.join(walk.workspace, 'test/quiet.test.js')), false, 'the test file the run created is deleted');
  });
}

module.exports = { reloadStages };
