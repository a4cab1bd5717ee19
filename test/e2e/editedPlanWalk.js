// @ts-check
// The UI test's second plan, after the first run was undone: the demo's add-verbose-flag.plan.json opened from
// the palette, Move Up and Move Down refused (with the reason) where the graph forbids them and Move Up allowed
// where it does not, renumbering the steps' ids and leaving the plan unsaved; Edit Step… then opens the moved step
// as JSON in a tab named for it, its test file as lines; Plan a Task… (before it asks for the goal) and Open Plan File…
// then ask Save / Discard / Cancel before replacing it, and Save writes the edited plan to a file of the user's
// choosing; the demo plan then runs with "Approve Read-Only Steps for the Rest of This Run", which leaves its file
// edits asking: the first is approved through Approve All Edits…'s list, the others one by one; its npm test always
// allowed by the first run; and its notification's Show Files lists what it changed and undoes it, saying what it
// restored, with the files back on disk as they were.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { waitUntil } = require('../../out/scripts/testing/timeBudget');
const prompts = require('./workbenchPrompts');
const screenshots = require('./screenshots');

const DEMO_GOAL = 'Add a --verbose flag to tally that reports each file it reads';
const PLAN_FILE = 'add-verbose-flag.plan.json';
/** Where Save writes the edited plan: a file of its own, so the demo plan the runs open stays as it is. */
const SAVED_FILE = 'verbose-tests-first.plan.json';

/**
 * Registers the stages, in order, through `stage`; they read the walk's state from `walk` when they run.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, workspace: string, original: string, model: { requests: unknown[] }, shotBothThemes: (name: string) => Promise<void> }} walk
 *   the workbench, the workspace folder, the folder it was copied from and the scripted model
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function editedPlanStages(walk, stage) {
  const tree = () => walk.ui.page.locator('.part.sidebar .monaco-list-row');
  const goalRow = () => walk.ui.rowWithText(DEMO_GOAL);
  const read = (/** @type {string} */ root, /** @type {string} */ file) => fs.readFileSync(path.join(root, file), 'utf8');

  /** Opens the demo plan from the palette's file picker (after `answer` to the unsaved-edits question, when given). @param {string} [answer] */
  async function openDemoPlan(answer) {
    const { ui } = walk;
    await ui.runCommand('Planwright: Open Plan File…');
    if (answer) {
      const ask = await prompts.expectDialog(ui, 'has unsaved edits', [answer], 'Open Plan File…\'s question about the unsaved edits');
      await prompts.dialogButton(ask, answer).click();
    }
    const pick = ui.page.locator('.quick-input-list .monaco-list-row', { hasText: PLAN_FILE }).first();
    await ui.shows(pick, `${PLAN_FILE} in the file picker`, { seen: 'quickInput' });
    await pick.click();
    await ui.showsUncut(ui.row('Report each file when verbose, E3'), '3 Report each file when verbose', 'E3\'s row, third as in the file');
  }

  stage('refuses Move Up above a step it depends on and Move Down below one that depends on it, saying why; a move the graph allows renumbers the steps and leaves the plan unsaved', async () => {
    const { ui } = walk;
    await openDemoPlan();
    await ui.shows(goalRow(), 'the demo plan\'s goal in the tree');
    await prompts.contextMenu(ui, 'Accept --verbose, E2', 'Move Up');
    const refusal = prompts.notification(ui, '2 Accept --verbose cannot move above', 'Read the CLI entry point', 'depends on');
    await ui.shows(refusal, 'the refusal "2 Accept --verbose cannot move above 1 Read the CLI entry point: … depends on."', { seen: 'nothing' });
    await ui.showsUncut(ui.row('Accept --verbose, E2'), '2 Accept --verbose', 'E2\'s row, still second');
    await prompts.contextMenu(ui, 'Read the CLI entry point, E1', 'Move Down');
    const below = prompts.notification(ui, '1 Read the CLI entry point cannot move below 2 Accept --verbose', 'which it depends on');
    await ui.shows(below, 'the refusal "1 Read the CLI entry point cannot move below 2 Accept --verbose: 2 Accept --verbose runs after 1 Read the CLI entry point, which it depends on."', { seen: 'nothing' });
    await prompts.expandNotification(ui, below, 'the Move Down refusal');
    await ui.showsUncut(ui.row('Read the CLI entry point, E1'), '1 Read the CLI entry point', 'E1\'s row, still first');
    await walk.shotBothThemes('15-moves-refused');
    // "Test the flag" depends only on "Accept --verbose", so it may run before "Report each file when verbose".
    // The plan has not run, so the ids follow the new order: the moved step is E3 now, the one it passed E4.
    await prompts.contextMenu(ui, 'Test the flag, E4', 'Move Up');
    await ui.showsUncut(ui.row('Test the flag, E3'), '3 Test the flag', 'the moved step, now third and E3');
    await ui.showsUncut(ui.row('Report each file when verbose, E4'), '4 Report each file when verbose', 'the step it passed, now fourth and E4');
    await ui.shows(tree().filter({ hasText: DEMO_GOAL }).filter({ hasText: 'unsaved' }), 'the goal row to say "unsaved"', { nominalMs: 5_000 });
    await walk.shotBothThemes('16-moved-unsaved');
    const onDisk = JSON.parse(read(walk.workspace, PLAN_FILE)).steps.map((/** @type {{ id: string, title: string }} */ step) => `${step.id} ${step.title}`);
    assert.deepEqual(onDisk.slice(2, 4), ['E3 Report each file when verbose', 'E4 Test the flag'], 'an unsaved edit leaves the plan file as it was');
  });

  stage('opens Edit Step… as JSON in a tab named for the moved step, its breadcrumb free of storage folders, the test file it writes as lines', async () => {
    const { ui, ui: { page } } = walk;
    await prompts.contextMenu(ui, 'Test the flag, E3', 'Edit Step…');
    const asJson = prompts.pickRow(ui, 'Edit as JSON…');
    await ui.shows(asJson, 'Edit Step…\'s choice "Edit as JSON…"', { seen: 'quickInput' });
    await asJson.click();
    const name = 'Step 3 Test the flag.json';
    const tab = page.locator('.tabs-container .tab', { hasText: name });
    await ui.shows(tab, `the tab "${name}"`, { seen: 'tabs' });
    const editor = page.locator('.part.editor .editor-group-container.active');
    const breadcrumbs = editor.locator('.breadcrumbs-control');
    await ui.shows(breadcrumbs.filter({ hasText: name }), 'the breadcrumb naming the step', { seen: 'tabs' });
    assert.doesNotMatch(await breadcrumbs.first().innerText(), /workspaceStorage|edits|planwright-step/, 'the breadcrumb shows no storage folders');
    // The test file the step writes, one JSON string per line, not one line of \n.
    const lines = editor.locator('.view-lines');
    await ui.shows(lines.filter({ hasText: /"content":\s\[/ }), 'the step\'s content as an array of lines', { seen: 'tabs' });
    await waitUntil('the test file\'s first line on a line of its own', async () => /^\s*"'use\sstrict';",$/m.test(await lines.first().innerText()), { nominalMs: 15_000, intervalMs: 200, lastSeen: () => lines.first().innerText() });
    assert.doesNotMatch(await lines.first().innerText(), /\\n/, 'no argument shows \\n');
    await walk.shotBothThemes('16b-edit-step');
    await ui.runCommand('View: Close Editor');
    await ui.leaves(tab, 'the step document\'s tab to close');
  });

  stage('asks Save / Discard / Cancel before Plan a Task… asks for the goal or Open Plan File… replaces the edited plan: Cancel keeps it, Discard drops it', async () => {
    const { ui } = walk;
    const requests = walk.model.requests.length;
    const goalInput = ui.page.locator('.quick-input-widget', { hasText: 'Plan a Task' }).locator('input');
    /** Runs Plan a Task… and waits for its question about the unsaved edits, asked before the goal. */
    const askFirst = async () => {
      await ui.runCommand('Planwright: Plan a Task…');
      const ask = await prompts.expectDialog(ui, 'has unsaved edits', ['Save', 'Discard', 'Cancel'], 'Plan a Task…\'s question "… has unsaved edits. Save them before planning a new task?"');
      assert.equal(await goalInput.isVisible(), false, 'the question comes before the goal\'s input box');
      return ask;
    };
    const ask = await askFirst();
    await ui.shows(prompts.dialog(ui, DEMO_GOAL), 'the question naming the plan', { nominalMs: 5_000, seen: 'nothing' });
    await walk.shotBothThemes('17-unsaved-ask');
    await prompts.dialogButton(ask, 'Cancel').click();
    await ui.leaves(prompts.dialog(ui, 'has unsaved edits'), 'the question to close on Cancel');
    assert.equal(await goalInput.isVisible(), false, 'Cancel asks for no goal');
    await ui.showsUncut(ui.row('Test the flag, E3'), '3 Test the flag', 'the edited plan, kept after Cancel');
    await ui.shows(tree().filter({ hasText: DEMO_GOAL }).filter({ hasText: 'unsaved' }), 'the goal row to still say "unsaved"', { nominalMs: 5_000 });
    // Discard goes on to the goal; leaving its input box plans nothing and keeps the plan as it was.
    await prompts.dialogButton(await askFirst(), 'Discard').click();
    await ui.shows(goalInput, 'the goal\'s input box once Discard answered the question', { nominalMs: 15_000, seen: 'nothing' });
    await goalInput.press('Escape');
    // A closed quick input stays in the page, hidden.
    await waitUntil('the goal\'s input box to close on Escape', async () => !(await goalInput.isVisible()), { nominalMs: 15_000, intervalMs: 200 });
    await ui.showsUncut(ui.row('Test the flag, E3'), '3 Test the flag', 'the edited plan, kept when no goal was given');
    assert.equal(walk.model.requests.length, requests, 'nothing was planned: no model was called');
    await openDemoPlan('Discard');
    await ui.showsUncut(ui.row('Test the flag, E4'), '4 Test the flag', 'E4 back in fourth place once the edit is dropped');
    assert.equal(await tree().filter({ hasText: DEMO_GOAL }).filter({ hasText: 'unsaved' }).count(), 0, 'the reopened plan has no unsaved edits');
  });

  stage('answers Save to Open Plan File…\'s question: the edited plan is written where the user says and becomes the open plan, and the picker lists it', async () => {
    const { ui, ui: { page } } = walk;
    await prompts.contextMenu(ui, 'Test the flag, E4', 'Move Up');
    await ui.shows(tree().filter({ hasText: DEMO_GOAL }).filter({ hasText: 'unsaved' }), 'the goal row to say "unsaved" after the move', { nominalMs: 5_000 });
    await ui.runCommand('Planwright: Open Plan File…');
    const ask = await prompts.expectDialog(ui, 'has unsaved edits', ['Save'], 'Open Plan File…\'s question about the unsaved edits');
    await prompts.dialogButton(ask, 'Save').click();
    // VS Code's own save dialog, as code-server shows it: a path box that a person edits.
    const saveAs = page.locator('.quick-input-widget', { hasText: 'Save Plan As' });
    await ui.shows(saveAs, 'the "Save Plan As" dialog', { nominalMs: 15_000, seen: 'quickInput' });
    // The dialog puts the plan's own path in the box once it has read the folder, over anything typed before that.
    const input = saveAs.locator('input');
    const target = path.join(walk.workspace, SAVED_FILE);
    await waitUntil(`the save dialog to offer ${PLAN_FILE}'s own path`, async () => (await input.inputValue()).endsWith(PLAN_FILE), { nominalMs: 15_000, intervalMs: 200, lastSeen: () => input.inputValue() });
    await waitUntil(`the save dialog's path to read ${target}`, async () => {
      if ((await input.inputValue()) !== target) await input.fill(target);
      return (await input.inputValue()) === target;
    }, { nominalMs: 15_000, intervalMs: 200, lastSeen: () => input.inputValue() });
    await input.press('Enter');
    await ui.shows(tree().filter({ hasText: DEMO_GOAL }).filter({ hasText: SAVED_FILE }), `the goal row to name ${SAVED_FILE}, the plan's file now`);
    assert.equal(await tree().filter({ hasText: DEMO_GOAL }).filter({ hasText: 'unsaved' }).count(), 0, 'the saved plan has no unsaved edits');
    await ui.showsUncut(ui.row('Test the flag, E3'), '3 Test the flag', 'the moved step still third and E3, as saved');
    await walk.shotBothThemes('17b-saved');
    const saved = JSON.parse(read(walk.workspace, SAVED_FILE)).steps.map((/** @type {{ id: string, title: string }} */ step) => `${step.id} ${step.title}`);
    assert.deepEqual(saved.slice(2, 4), ['E3 Test the flag', 'E4 Report each file when verbose'], `${SAVED_FILE} holds the plan as edited, renumbered`);
    // The runs that follow are of the demo plan as it is, picked in the picker that follows the save. A quick pick
    // closes when it loses focus, and on a loaded machine it can lose it to the tree redrawn for the saved plan
    // before the click lands: then it is opened again, as a person would.
    const demo = prompts.pickRow(ui, PLAN_FILE);
    let listed = false;
    await waitUntil(`${PLAN_FILE} picked in Open Plan File…'s picker`, async () => {
      if (!(await demo.isVisible())) {
        if (!(await page.locator('.quick-input-widget').isVisible())) await ui.runCommand('Planwright: Open Plan File…');
        return false;
      }
      listed ||= await prompts.pickRow(ui, SAVED_FILE).isVisible();
      return demo.click({ timeout: 5_000 }).then(() => true, () => false);
    }, { nominalMs: 30_000, intervalMs: 200, lastSeen: () => ui.describe('quickInput') });
    assert.ok(listed, `the picker lists ${SAVED_FILE} beside ${PLAN_FILE}`);
    await ui.showsUncut(ui.row('Test the flag, E4'), '4 Test the flag', 'E4 fourth in the demo plan, opened again');
  });

  stage('runs the plan with "Approve Read-Only Steps for the Rest of This Run", which leaves the file edits asking: Approve All Edits… lists the first, the rest are approved one by one; npm test, always allowed since the first run, runs without asking', async () => {
    const { ui } = walk;
    await ui.runCommand('Planwright: Run Plan');
    await ui.shows(ui.row('Accept --verbose, E2, waiting for your approval'), 'E2 to wait for approval', { nominalMs: 60_000 });
    await ui.runCommand('Planwright: Approve Read-Only Steps for the Rest of This Run');
    await ui.shows(ui.waitingRow('Accept --verbose', 'E2'), 'E2, a file edit, still in "Waiting for you" after approving the read-only steps', { nominalMs: 5_000 });
    await ui.runCommand('Planwright: Approve All Edits…');
    const listed = await prompts.expectDialog(walk.ui, 'Approve this edit without its own look?', ['Approve 1 Edit'], 'Approve All Edits…\'s list');
    await ui.shows(prompts.dialog(ui, '2 Accept --verbose: changes src/cli.js'), 'the list naming 2 Accept --verbose and src/cli.js', { nominalMs: 5_000, seen: 'nothing' });
    ui.markApproved('E2');
    await prompts.dialogButton(listed, 'Approve 1 Edit').click();
    for (const [title, stepId] of [['Report each file when verbose', 'E3'], ['Test the flag', 'E4'], ['Document the flag', 'E5']]) await ui.approveInline(title, stepId);
    await ui.shows(ui.row('Run the tests, E6, succeeded'), 'E6 (npm test) to succeed without asking', { nominalMs: 90_000 });
    // A plan opened from a file runs as revision 1, as a planned one does.
    await ui.shows(tree().filter({ hasText: DEMO_GOAL }).filter({ hasText: 'rev 1 · succeeded' }), 'the goal row to say "rev 1 · succeeded"', { nominalMs: 15_000 });
    for (const title of ['Report each file when verbose, E3', 'Test the flag, E4', 'Document the flag, E5']) await ui.shows(ui.row(`${title}, succeeded`), `${title} to succeed`, { nominalMs: 5_000 });
    assert.equal(await ui.row('Waiting for you').count(), 0, 'nothing waited for approval');
    assert.match(read(walk.workspace, 'src/cli.js'), /options\.verbose/);
    await walk.shotBothThemes('18-second-run-succeeded');
  });

  stage('lists what the run changed from its notification\'s Show Files, whose Undo Run puts the files back on disk and says what it restored', async () => {
    const { ui, ui: { page } } = walk;
    const changed = /changed 3 files.*test\/verbose\.test\.js/;
    const end = await prompts.notice(ui, changed);
    assert.match(end.message, /^Planwright: the plan succeeded \(revision 1\) and changed 3 files: /);
    for (const button of ['Keep', 'Undo Run']) assert.ok(end.buttons.includes(button), `the notice offers "${button}": ${JSON.stringify(end)}`);
    await prompts.answerNotice(ui, changed, prompts.showFilesButton(end));
    await ui.shows(page.locator('.quick-input-widget .quick-input-title', { hasText: 'changed 3 files' }), 'the quick pick titled with the files changed', { seen: 'quickInput' });
    for (const [file, kind, step] of [['src/cli.js', 'changed', 'Report each file when verbose'], ['test/verbose.test.js', 'created', 'Test the flag'], ['README.md', 'changed', 'Document the flag']]) {
      await ui.shows(prompts.pickRow(ui, file, kind, step), `"${file}" marked "${kind}", by "${step}", in the quick pick`, { nominalMs: 5_000, seen: 'quickInput' });
    }
    const undo = prompts.pickRow(ui, 'Undo Run', 'put every file back');
    await ui.shows(undo, 'the quick pick\'s "Undo Run" entry', { nominalMs: 5_000, seen: 'quickInput' });
    await walk.shotBothThemes('19-files-changed');
    // The README's picture of Undo a run (committed as docs/files-changed.png).
    await screenshots.saveTopCrop(page, 'files-changed', page.locator('.quick-input-widget'));
    await undo.click();
    const restored = prompts.notification(ui, 'Restored src/cli.js, README.md.', 'Removed test/verbose.test.js, which the run created.');
    await ui.shows(restored, 'a notification "Restored src/cli.js, README.md. Removed test/verbose.test.js, which the run created."', { seen: 'nothing' });
    await walk.shotBothThemes('20-undone-from-notice');
    for (const file of ['src/cli.js', 'README.md']) assert.equal(read(walk.workspace, file), read(walk.original, file), `${file} is as it was before the run`);
    assert.equal(fs.existsSync(path.join(walk.workspace, 'test/verbose.test.js')), false, 'the test file the run created is deleted');
  });
}

module.exports = { editedPlanStages };
