// @ts-check
// The UI test's third run of the demo plan, where things go wrong and are put right: while 2 Accept --verbose
// waits, the diff of the later 3 Report each file when verbose (same file) is built on top of it; the user changes
// src/cli.js under the waiting edit and its preview says the find text is not found instead of showing a diff;
// with the file back, the edit is approved and the run cancelled while the next step's diff is open, which
// leaves no Approve for it anywhere (staleApprovals.js); Run Plan then offers to resume it from where it stopped,
// and resuming does not run the applied step again; Pause while a step waits leaves no Approve for it anywhere
// and Resume Run carries on; Reject / Skip in the title bar of 5 Document the flag's diff skips it, Retry asks again
// and Approve All Edits… in the same title bar lists it and approves it, each leaving no Approve behind; the run ends, and
// "Undo Back to Before This Step" on 4 Test the flag puts back the files changed from step 4 on and keeps what
// steps 2 and 3 did to src/cli.js.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const prompts = require('./workbenchPrompts');
const { latestJournal } = require('./runJournals');
const { assertNoLiveApprove, diffTabs } = require('./staleApprovals');

const DEMO_GOAL = 'Add a --verbose flag to tally that reports each file it reads';
const FLAGS_LINE = "const FLAGS = ['--lines', '--words', '--chars'];";
/** E2's preview once its edit cannot apply: named by step and file, the file's slash drawn as ∕ so the tab shows it whole. */
const CANNOT_APPLY_TAB = 'Step 2: src∕cli.js (cannot apply)';

/**
 * Registers the stages, in order, through `stage`; they read the walk's state from `walk` when they run.
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, workspace: string, original: string, shotBothThemes: (name: string) => Promise<void> }} walk
 *   the workbench, the workspace folder and the folder it was copied from
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function recoveryStages(walk, stage) {
  const file = (/** @type {string} */ root, /** @type {string} */ name) => path.join(root, name);
  const read = (/** @type {string} */ root, /** @type {string} */ name) => fs.readFileSync(file(root, name), 'utf8');
  const goalRow = (/** @type {string} */ status) => walk.ui.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: DEMO_GOAL }).filter({ hasText: status });
  const editorText = (/** @type {string} */ side, /** @type {string} */ text) => walk.ui.page.locator(`.part.editor .editor-group-container.active ${side} .view-lines`, { hasText: text });
  const E3 = { title: 'Report each file when verbose', stepId: 'E3', number: 3 };
  const E5 = { title: 'Document the flag', stepId: 'E5', number: 5 };
  /** Opens the waiting `step`'s diff from its row in "Waiting for you", and waits for the Approve in its title bar. @param {{ title: string, stepId: string, number: number }} step */
  const openWaitingDiff = async (step) => {
    const { ui } = walk;
    await ui.shows(ui.waitingRow(step.title, step.stepId), `${step.stepId} in "Waiting for you"`, { nominalMs: 30_000 });
    await ui.waitingRow(step.title, step.stepId).locator('.label-name').click();
    await ui.shows(diffTabs(ui, step), `the diff tab of ${step.number} ${step.title}`, { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(ui.editorTitleAction('Approve'), `the editor title's "Approve" on ${step.number} ${step.title}'s diff`, { nominalMs: 15_000, seen: 'tabs' });
  };
  /** How many times E2 started in the run's journal. */
  const startsOfE2 = () => latestJournal(walk.ui.userDataDir).records.filter((record) => record.type === 'step' && record.stepId === 'E2' && record.event === 'start').length;

  stage('while 2 Accept --verbose waits, the diff of 3 Report each file when verbose (the same file) is built on top of it', async () => {
    const { ui, ui: { page } } = walk;
    await ui.runCommand('Planwright: Open Plan File…');
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'add-verbose-flag.plan.json' }).first();
    await ui.shows(pick, 'add-verbose-flag.plan.json in the file picker', { seen: 'quickInput' });
    await pick.click();
    await ui.shows(ui.row('Report each file when verbose, E3, pending'), 'the reopened plan\'s E3, pending');
    await ui.runCommand('Planwright: Run Plan');
    await ui.shows(ui.row('Accept --verbose, E2, waiting for your approval'), 'E2 to wait for approval', { nominalMs: 60_000 });
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await prompts.contextMenu(ui, 'Report each file when verbose, E3', 'Preview Step');
    const tab = page.locator('.tabs-container .tab', { hasText: 'Step 3: src/cli.js (proposed, after 2 Accept --verbose)' });
    await ui.shows(tab, 'the diff tab "Step 3: src/cli.js (proposed, after 2 Accept --verbose)"', { nominalMs: 15_000, seen: 'tabs' });
    // Both sides have E2's pending '--verbose'; the proposed side adds E3's line. Nothing is on disk yet.
    await ui.shows(editorText('.modified', 'options.verbose'), 'E3\'s proposed "if (options.verbose)" on the right', { nominalMs: 15_000, seen: 'tabs' });
    // The diff opens on its change (line 34); E2's line 7 is further up, where a person scrolls to.
    // A click on the tab focuses the diff (a click in it could land on the tooltip of the row the menu was over).
    await tab.first().click();
    await page.keyboard.press('ControlOrMeta+Home');
    await ui.shows(editorText('.original', "'--verbose'"), 'E2\'s pending \'--verbose\' on the diff\'s left, what E3 starts from', { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(editorText('.modified', "'--verbose'"), 'E2\'s \'--verbose\' kept on the right', { nominalMs: 5_000, seen: 'tabs' });
    await walk.shotBothThemes('21-preview-on-earlier-edit');
    assert.equal(read(walk.workspace, 'src/cli.js'), read(walk.original, 'src/cli.js'), 'a preview changes nothing on disk');
  });

  stage('once src/cli.js changed under the waiting edit, its preview says "find text … not found in src/cli.js" instead of a diff', async () => {
    const { ui, ui: { page } } = walk;
    // The user changes the line E2 is to edit, in another program.
    fs.writeFileSync(file(walk.workspace, 'src/cli.js'), read(walk.original, 'src/cli.js').replace(FLAGS_LINE, "const FLAGS = ['--lines', '--words', '--chars', '--bytes'];"));
    await ui.clickInline('Accept --verbose, E2, waiting for your approval', 'Preview Step');
    await ui.shows(page.locator('.tabs-container .tab', { hasText: CANNOT_APPLY_TAB }), `E2's preview tab "${CANNOT_APPLY_TAB}", saying why it cannot apply`, { nominalMs: 15_000, seen: 'tabs' });
    const lines = page.locator('.part.editor .editor-group-container.active .editor-instance .view-lines');
    await ui.shows(lines.filter({ hasText: '2 Accept --verbose cannot apply to src/cli.js as it is now' }), 'the preview saying "2 Accept --verbose cannot apply to src/cli.js as it is now:"', { nominalMs: 15_000, seen: 'tabs' });
    await ui.shows(lines.filter({ hasText: 'not found in src/cli.js' }), 'the reason: find text "const FLAGS = …" not found in src/cli.js', { nominalMs: 5_000, seen: 'tabs' });
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Step 2: src/cli.js (proposed)' }).count(), 0, 'no diff of an edit that cannot apply');
    // Approving would only fail the step: its banner and its waiting row offer Edit Step… and Revise… instead.
    const banner = page.locator('.part.editor .editor-group-container.active .codelens-decoration');
    await ui.shows(banner.filter({ hasText: 'Step 2 cannot apply:' }), 'the preview\'s banner "Step 2 cannot apply: Edit Step… · Revise… · Reject"', { nominalMs: 15_000, seen: 'tabs' });
    for (const action of ['Edit Step…', 'Revise…', 'Reject']) await ui.shows(banner.locator('a', { hasText: action }), `the banner's "${action}"`, { nominalMs: 5_000, seen: 'tabs' });
    assert.equal(await banner.locator('a', { hasText: /^Approve$/ }).count(), 0, 'the banner offers no Approve for an edit that cannot apply');
    const waitingE2 = await ui.hoverRow('Accept --verbose, E2, waits for your approval');
    for (const action of ['Edit Step…', 'Revise…']) await ui.shows(waitingE2.locator(`.actions .action-label[aria-label="${action}"]`), `E2's waiting row's inline "${action}"`, { nominalMs: 5_000 });
    assert.equal(await waitingE2.locator('.actions .action-label[aria-label="Approve"]').count(), 0, 'the waiting row offers no Approve for an edit that cannot apply');
    await walk.shotBothThemes('22-preview-cannot-apply');
    // The user puts the line back: the edit applies again, and approving it closes its preview.
    fs.writeFileSync(file(walk.workspace, 'src/cli.js'), read(walk.original, 'src/cli.js'));
    await ui.approveInline('Accept --verbose', 'E2');
    await ui.shows(ui.row('Accept --verbose, E2, succeeded'), 'E2 to succeed on the file as it is again', { nominalMs: 30_000 });
    await ui.leaves(page.locator('.tabs-container .tab', { hasText: CANNOT_APPLY_TAB }), 'the answered step\'s preview tab to close');
  });

  stage('after Cancel, Run Plan offers to resume from where the run stopped; resuming does not run the applied step again', async () => {
    const { ui } = walk;
    await ui.shows(ui.row('Report each file when verbose, E3, waiting for your approval'), 'E3 to wait for approval after E2', { nominalMs: 30_000 });
    await openWaitingDiff(E3);
    await ui.runCommand('Planwright: Cancel Run');
    await ui.shows(goalRow('cancelled'), 'the goal row to say "cancelled"');
    await ui.shows(ui.row('Accept --verbose, E2, succeeded'), 'E2 still succeeded after Cancel', { nominalMs: 5_000 });
    await assertNoLiveApprove(ui, E3);
    await walk.shotBothThemes('23a-cancelled');
    await ui.runCommand('Planwright: Run Plan');
    const offer = await prompts.expectDialog(ui, 'was cancelled at', ['Resume', 'Start Over'], 'Run Plan\'s offer "The last run of … was cancelled at …. Resume it from where it stopped?"');
    await ui.shows(prompts.dialog(ui, DEMO_GOAL), 'the offer naming the plan', { nominalMs: 5_000, seen: 'nothing' });
    await walk.shotBothThemes('23-resume-offer');
    await prompts.dialogButton(offer, 'Resume').click();
    await ui.leaves(prompts.dialog(ui, 'was cancelled at'), 'the offer to close on Resume');
    await ui.shows(ui.row('Report each file when verbose, E3, waiting for your approval'), 'E3 to wait for approval again in the resumed run', { nominalMs: 30_000 });
    await ui.shows(ui.row('Accept --verbose, E2, succeeded'), 'E2 still succeeded, not run again', { nominalMs: 5_000 });
    assert.equal(startsOfE2(), 1, 'the resumed run\'s journal starts E2 once');
    assert.equal(read(walk.workspace, 'src/cli.js').split("'--verbose'").length - 1, 1, 'src/cli.js has E2\'s --verbose once');
    await walk.shotBothThemes('24-resumed');
  });

  stage('Pause while 3 Report each file when verbose waits leaves no Approve for it anywhere; Resume Run carries on and asks again', async () => {
    const { ui } = walk;
    await ui.runCommand('Planwright: Pause Run');
    await ui.shows(goalRow('paused'), 'the goal row to say "paused"');
    await ui.leaves(ui.row('Waiting for you'), 'the "Waiting for you" section to go once the run is paused');
    await ui.shows(ui.row('Report each file when verbose, E3, waiting (run paused)'), 'E3 to say it waits for the paused run, not for an answer', { nominalMs: 10_000 });
    await assertNoLiveApprove(ui, E3);
    await walk.shotBothThemes('24b-paused');
    await ui.runCommand('Planwright: Resume Run');
    await ui.shows(ui.row('Report each file when verbose, E3, waiting for your approval'), 'E3 to wait for approval again once the run carries on', { nominalMs: 30_000 });
    await ui.shows(ui.row('Waiting for you'), 'the "Waiting for you" section back with E3', { nominalMs: 10_000 });
  });

  stage('Reject / Skip in the title bar of 5 Document the flag\'s diff skips it and leaves no Approve for it anywhere; after Retry, Approve All Edits… there lists it and approves it, leaving none either', async () => {
    const { ui } = walk;
    // One at a time, so the steps start in their numbered order.
    for (const [title, stepId] of [['Report each file when verbose', 'E3'], ['Test the flag', 'E4']]) {
      await ui.approveInline(title, stepId);
      await ui.shows(ui.row(`${title}, ${stepId}, succeeded`), `${stepId} to succeed`, { nominalMs: 30_000 });
    }
    await openWaitingDiff(E5);
    await ui.editorTitleAction('Reject / Skip').click();
    await ui.shows(ui.row('Document the flag, E5, skipped'), 'E5 to be skipped once rejected', { nominalMs: 15_000 });
    await ui.shows(ui.row('Run the tests, E6, invalidated'), 'E6, which depends on E5, to be invalidated', { nominalMs: 15_000 });
    await assertNoLiveApprove(ui, E5);
    await walk.shotBothThemes('25-rejected-in-diff-title');
    await ui.clickInline('Document the flag, E5, skipped', 'Retry');
    await openWaitingDiff(E5);
    ui.markApproved('E5');
    await ui.editorTitleAction('Approve All Edits…').click();
    const listed = await prompts.expectDialog(ui, 'Approve this edit without its own look?', ['Approve 1 Edit', 'Cancel'], 'Approve All Edits…\'s list of the waiting edits');
    await ui.shows(prompts.dialog(ui, '5 Document the flag: changes README.md'), 'the list naming 5 Document the flag and the file it changes', { nominalMs: 5_000, seen: 'nothing' });
    await walk.shotBothThemes('26a-approve-all-edits-list');
    await prompts.dialogButton(listed, 'Approve 1 Edit').click();
    await ui.shows(ui.row('Document the flag, E5, succeeded'), 'E5 to succeed once Approve All Edits… approved it', { nominalMs: 30_000 });
    await assertNoLiveApprove(ui, E5);
    await walk.shotBothThemes('26-approved-all-edits-in-diff-title');
  });

  stage('"Undo Back to Before This Step" on 4 Test the flag puts back the files changed from step 4 on and keeps what steps 2 and 3 changed', async () => {
    const { ui } = walk;
    await ui.shows(goalRow('rev 1 · succeeded'), 'the resumed run to succeed at revision 1, npm test always allowed', { nominalMs: 90_000 });
    assert.equal(startsOfE2(), 1, 'E2 ran once in the whole run');
    const changedByStep3 = read(walk.workspace, 'src/cli.js');
    assert.match(changedByStep3, /options\.verbose/);
    await prompts.contextMenu(ui, 'Test the flag, E4, succeeded', 'Undo Back to Before This Step');
    const confirm = await prompts.expectDialog(ui, 'Undo back to before 4 Test the flag?', ['Undo'], 'the confirmation "Undo back to before 4 Test the flag? … will be put back as they were."');
    for (const listed of ['test/verbose.test.js (created)', 'README.md (changed)']) await ui.shows(prompts.dialog(ui, listed), `the confirmation listing "${listed}"`, { nominalMs: 5_000, seen: 'nothing' });
    assert.equal(await prompts.dialog(ui, 'src/cli.js').count(), 0, 'src/cli.js, which only steps 2 and 3 changed, is not listed');
    await walk.shotBothThemes('27-undo-back-confirm');
    await prompts.dialogButton(confirm, 'Undo').click();
    // Exactly these two: the second run's undo said "Restored src/cli.js, README.md. Removed test/verbose.test.js, …".
    const restored = ui.page.locator('.notification-list-item', { hasText: /Planwright: Restored README\.md\. Removed test\/verbose\.test\.js, which the run created\./ });
    await ui.shows(restored, 'a notification "Restored README.md. Removed test/verbose.test.js, which the run created."', { seen: 'nothing' });
    await walk.shotBothThemes('28-undone-back-to-4');
    assert.equal(fs.existsSync(file(walk.workspace, 'test/verbose.test.js')), false, 'the test file step 4 created is deleted');
    assert.equal(read(walk.workspace, 'README.md'), read(walk.original, 'README.md'), 'README.md is as it was before step 5 changed it');
    assert.equal(read(walk.workspace, 'src/cli.js'), changedByStep3, 'src/cli.js keeps what steps 2 and 3 did');
  });
}

module.exports = { recoveryStages };
