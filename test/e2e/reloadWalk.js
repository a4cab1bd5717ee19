// @ts-check
// The end of the UI test's first run as it stays: the files on disk as the plan intended (one plan and one patch
// asked of the model), the run after a window reload replayed from its journal without running anything, its
// replaced step kept with its evidence and its output, the goal row's tooltip saying why revision 2 exists, and
// Undo Run putting the files back except one the user edited since, which it refuses and says so, and the run then
// reading as undone (goal row and status bar), with Run Again offered.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { QUIET_GOAL } = require('../../out/test/support/quietFlagScenario');
const prompts = require('./workbenchPrompts');

/**
 * Registers the stages, in order, through `stage`; they read the walk's state from `walk` when they run.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, workspace: string, original: string, model: { requests: any[] }, shotBothThemes: (name: string) => Promise<void> }} walk
 *   the workbench, the workspace folder, the folder it was copied from and the scripted model
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

  stage('keeps the replaced step after the run ended with its error, check and output, and Show Output on it; the goal row\'s tooltip says why revision 2 exists', async () => {
    const { ui, ui: { page } } = walk;
    const group = ui.rowWithText('Replaced in rev 2');
    await ui.shows(group, 'the "Replaced in rev 2" group after the run ended', { nominalMs: 10_000 });
    await group.locator('.label-name').click();
    const label = 'Run the tests, E4, replaced in revision 2';
    await ui.shows(ui.row(label), 'the replaced E4 in the group', { nominalMs: 5_000 });
    await ui.row(label).locator('.label-name').click();
    for (const evidence of ['exit code: expected 0, got 1', 'Output: ']) await ui.shows(ui.rowWithText(evidence), `the replaced E4's "${evidence.trim()}" row`, { nominalMs: 5_000 });
    await prompts.contextMenu(ui, label, 'Show Output');
    const output = page.locator('.part.editor .editor-group-container.active .editor-instance .view-lines');
    await ui.shows(output.filter({ hasText: 'node --test' }), 'the replaced E4\'s output in an editor: npm test running "node --test"', { seen: 'tabs' });
    await ui.findInEditor('exit code: expected 0, got 1');
    await ui.shows(output.filter({ hasText: 'exit code: expected 0, got 1' }), 'the output ending on why E4 failed, in words: "exit code: expected 0, got 1"', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('12-replaced-kept');
    const why = await prompts.tooltip(ui, ui.rowWithText(QUIET_GOAL), 'Revision 2: re-planned after 4 Run the tests failed');
    assert.match(why, /Revision 2: re-planned after 4 Run the tests failed: exit code: expected 0, got 1/, `the goal row's tooltip: ${why}`);
    assert.doesNotMatch(why, /postcondition failed|exitCode 0/, `the goal row's tooltip in words: ${why}`);
    // The output is a read-only document named after the step: closing it asks nothing (and keeps later pictures clear).
    const outputTab = await prompts.readOnlyTab(ui, 'Output of Run the tests (replaced in rev 2).log');
    await prompts.closeReadOnlyTab(ui, outputTab, 'the output');
  });

  stage('Undo Run refuses README.md, edited by the user since the run, keeps the edit, puts the other files back, and says what it restored and what it refused', async () => {
    const { ui, ui: { page } } = walk;
    const userLine = 'Edited by hand after the run.';
    fs.appendFileSync(path.join(walk.workspace, 'README.md'), `\n${userLine}\n`);
    await ui.runCommand('Planwright: Undo Run');
    const confirm = await prompts.expectDialog(ui, 'Undo the run?', ['Undo'], 'the Undo Run confirmation');
    for (const listed of ['src/cli.js (changed)', 'test/quiet.test.js (created)', 'README.md (changed)']) await ui.shows(prompts.dialog(ui, listed), `the confirmation listing "${listed}"`, { nominalMs: 5_000, seen: 'nothing' });
    await ui.shows(prompts.dialog(ui, 'A file changed since the run left it is not touched'), 'the confirmation saying a file changed since is not touched', { nominalMs: 5_000, seen: 'nothing' });
    await walk.shotBothThemes('13-undo-confirm');
    await prompts.dialogButton(confirm, 'Undo').click();
    const outcome = prompts.notification(ui, 'Restored src/cli.js. Removed test/quiet.test.js, which the run created.', 'Refused README.md: edited since', 'Document --quiet changed it', 'your changes are kept');
    await ui.shows(outcome, 'a notification "Restored src/cli.js. Removed test/quiet.test.js, which the run created. Refused README.md: edited since … Document --quiet changed it (your changes are kept)."', { seen: 'nothing' });
    await prompts.expandNotification(ui, outcome, 'the notification of what Undo Run restored and refused');
    await ui.shows(outcome.locator('.monaco-button', { hasText: 'Run Again' }), 'the undo notification offering Run Again', { nominalMs: 5_000, seen: 'nothing' });
    // The run no longer looks successful: the goal row and the status bar say undone.
    await ui.shows(ui.rowWithText(QUIET_GOAL).filter({ hasText: 'undone' }), 'the goal row saying "undone"');
    await ui.shows(page.locator('.statusbar-item', { hasText: 'Planwright: undone' }), 'the status bar saying "Planwright: undone"', { nominalMs: 5_000, seen: 'nothing' });
    await walk.shotBothThemes('14-undone');
    const read = (/** @type {string} */ file) => fs.readFileSync(path.join(walk.workspace, file), 'utf8');
    assert.doesNotMatch(read('src/cli.js'), /options\.quiet \?/);
    assert.equal(fs.existsSync(path.join(walk.workspace, 'test/quiet.test.js')), false, 'the test file the run created is deleted');
    assert.match(read('README.md'), /\[--quiet\]/, 'the refused README.md keeps what the run wrote');
    assert.ok(read('README.md').includes(userLine), 'the refused README.md keeps the user\'s edit');
    // The user puts README.md back by hand, so the next plan starts from the demo as it was.
    fs.copyFileSync(path.join(walk.original, 'README.md'), path.join(walk.workspace, 'README.md'));
  });
}

module.exports = { reloadStages };
