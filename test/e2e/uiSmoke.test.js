// @ts-check
// End-to-end: installs the packaged .vsix into code-server (a real VS Code 1.100.3), opens a copy of
// examples/demo-workspace in headless Chromium and uses Planwright the way a person does: the activity bar, the
// welcome view with no model set up, Plan a Task… asking for one and Configure Model… setting up a scripted
// OpenAI-compatible model on 127.0.0.1 (firstUseWalk.js), the command palette, the plan tree, the Markdown export,
// the log and the settings (settingsWalk.js); then Plan a Task…, approvals through the "Waiting for you" section, the
// diff editor's title bar and banner, and the keyboard alone; the stage groups then take over: the test command
// allowed for good, its failure, the tree saying it re-plans and the re-planned steps (replanWalk.js), the end of
// the run (runEndWalk.js), the files on disk, the run after a window reload and Undo Run (reloadWalk.js), a second
// plan edited, asked about and run (editedPlanWalk.js), and a third run's previews, Cancel and resume, answers in a
// diff's title bar, and Undo Back to Before This Step (recoveryWalk.js), a plan's "Done when" checks edited in the
// tree and its evidence report at the run's end (doneWhenWalk.js), and the Runs view listing them all
// (runsViewWalk.js). After an answer, Cancel or Pause it checks that no Approve for the step is left anywhere
// (staleApprovals.js). It runs at VS Code's default 300 px side bar and checks that each row's number, status icon
// and revision show there uncut. Every stage is screenshot in a light and a dark theme under test-results/. The
// driver (workbenchDriver.js) waits on conditions with budgets scaled to the machine, and each stage ends by
// checking that the run's journal records no approval the test did not give. Needs PLANWRIGHT_VSIX (scripts/test.js
// sets it) or a planwright-<version>.vsix in the root, and the compiled tests in out/ (the scripted model server,
// the budgets).
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const cs = require('../../scripts/e2e/codeServer');
const { ScriptedModelServer } = require('../../out/test/support/scriptedModelServer');
const { QUIET_GOAL, quietFlagReplies } = require('../../out/test/support/quietFlagScenario');
const { budgetMs, waitUntil } = require('../../out/scripts/testing/timeBudget');
const { WorkbenchDriver } = require('./workbenchDriver');
const screenshots = require('./screenshots');
const { assertNoLiveApprove } = require('./staleApprovals');
const { editedPlanStages } = require('./editedPlanWalk');
const { runEndStages } = require('./runEndWalk');
const { heldReply, replanStages } = require('./replanWalk');
const { reloadStages } = require('./reloadWalk');
const { recoveryStages } = require('./recoveryWalk');
const { doneWhenStages } = require('./doneWhenWalk');
const { firstUseStages } = require('./firstUseWalk');
const { runsViewStages } = require('./runsViewWalk');
const { settingsStages } = require('./settingsWalk');

const ROOT = cs.ROOT;
const RESULTS = screenshots.RESULTS;
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const VSIX = process.env.PLANWRIGHT_VSIX || path.join(ROOT, `${manifest.name}-${manifest.version}.vsix`);
const EXTENSION_FOLDER = `${manifest.publisher}.${manifest.name}-${manifest.version}`;
const DEMO_GOAL = 'Add a --verbose flag to tally that reports each file it reads';

describe('the packaged extension in VS Code (code-server)', function () {
  // No mocha timeout (scripts/test.js passes --timeout 0): every wait has its own budget scaled to this machine,
  // so a stage ends only when its own code does, never abandoned while it still drives the page.
  /** @type {string} */ let stateDir;
  /** @type {string} */ let userDataDir;
  /** @type {string} */ let extensionsDir;
  /** @type {string} */ let workspace;
  /** @type {Awaited<ReturnType<typeof cs.startCodeServer>> | undefined} */ let server;
  /** @type {import('playwright-core').Browser | undefined} */ let browser;
  /** @type {import('playwright-core').Page} */ let page;
  /** @type {WorkbenchDriver} */ let ui;
  /** @type {any} */ let model;
  let anyFailed = false;

  /**
   * A stage of the walk through the UI; when it ends, the run's journal must record no approval by the user
   * that the test did not give. @param {string} title @param {() => Promise<void> | void} body
   */
  function stage(title, body) {
    it(title, async () => {
      await body();
      ui?.assertOnlyTestApprovals();
    });
  }

  /** VS Code's default side bar width: the tree must read at it without widening. */
  const SIDE_BAR_PX = 300;

  /** The re-planner's reply, held until the walk has seen the tree say it re-plans (replanWalk.js lets it go). */
  const replan = heldReply();

  /** What the stage groups (replanWalk.js, runEndWalk.js, editedPlanWalk.js, recoveryWalk.js) work with, filled in by `before`. */
  const walk = {
    get ui() { return ui; },
    get workspace() { return workspace; },
    get model() { return model; },
    original: path.join(ROOT, 'examples', 'demo-workspace'),
    replan,
    userSetting: (/** @type {string} */ key) => userSetting(key),
    shotBothThemes: (/** @type {string} */ name) => shotBothThemes(name),
    sideBarPx: SIDE_BAR_PX,
  };

  /** @param {string} name */
  const shot = (name) => screenshots.shot(page, name);
  /** @param {string} name */
  const shotBothThemes = (name) => screenshots.shotBothThemes(ui, name);

  /** The value of `key` in the user settings file, as VS Code wrote it. @param {string} key @returns {any} */
  const userSetting = (key) => JSON.parse(fs.readFileSync(path.join(userDataDir, 'User', 'settings.json'), 'utf8'))[key];

  before(async function () {
    assert.ok(fs.existsSync(VSIX), `no packaged extension at ${VSIX}; run npm run package first`);
    fs.mkdirSync(RESULTS, { recursive: true });
    stateDir = cs.makeStateDir('planwright-e2e-');
    userDataDir = path.join(stateDir, 'user-data');
    extensionsDir = path.join(stateDir, 'extensions');
    cs.writeUserSettings(userDataDir);
    model = await ScriptedModelServer.start(quietFlagReplies({ replanHeld: replan.until }));
    writeMoreUserSettings(userDataDir, {
      'window.autoDetectColorScheme': true,
      'workbench.colorTheme': 'Default Light Modern',
      'workbench.preferredLightColorTheme': 'Default Light Modern',
      'workbench.preferredDarkColorTheme': 'Default Dark Modern',
      'planwright.autoApprove': 'readOnly',
    });
    cs.installVsix({ stateDir, userDataDir, extensionsDir, vsix: VSIX });
    workspace = cs.copyToTemp(walk.original, 'planwright-e2e-ws-');
    server = await cs.startCodeServer({ stateDir, userDataDir, extensionsDir, port: await cs.freePort(), readyBudgetMs: budgetMs(60_000) });
    browser = await cs.launchChromium(stateDir);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (error) => console.log('    [pageerror]', error.message));
    ui = new WorkbenchDriver(page, userDataDir);
  });

  beforeEach(() => ui.rescale());

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      anyFailed = true;
      const name = (this.currentTest.title || 'test').replace(/[^\w]+/g, '-').slice(0, 60);
      await shot(`failed-${name}`).catch(() => {});
    }
  });

  after(async function () {
    replan.release();
    await model?.close();
    await browser?.close().catch(() => {});
    await server?.stop();
    if (!anyFailed) fs.rmSync(stateDir, { recursive: true, force: true });
    else console.log(`    state kept for inspection: ${stateDir}`);
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  it('installs from the .vsix with every file the manifest names, and no sources', () => {
    const installed = path.join(extensionsDir, EXTENSION_FOLDER);
    assert.ok(fs.existsSync(installed), `not installed: ${installed}`);
    const referenced = [
      manifest.main,
      ...Object.values(manifest.contributes.viewsContainers ?? {}).flat().map((/** @type {{icon: string}} */ c) => c.icon),
      ...(manifest.contributes.jsonValidation ?? []).map((/** @type {{url: string}} */ v) => v.url).filter((/** @type {string} */ url) => !/^https?:/.test(url)),
      manifest.icon,
      manifest.bin.planwright,
    ];
    for (const file of referenced) assert.ok(fs.existsSync(path.join(installed, file)), `${file} is missing from the package`);
    for (const unwanted of ['src', 'test', 'out', 'scripts', 'node_modules', 'examples', 'dist/extension.js.map', 'dist/cli.js.map']) {
      assert.ok(!fs.existsSync(path.join(installed, unwanted)), `${unwanted} should not be packaged`);
    }
  });

  it('shows the Planwright container in the activity bar of the workbench', async () => {
    await ui.load(`${server?.url}/?folder=${encodeURIComponent(workspace)}`);
    await ui.shows(page.locator('.activitybar [aria-label^="Planwright"]'), 'the Planwright icon in the activity bar', { nominalMs: 60_000, seen: 'nothing' });
  });

  firstUseStages(walk, it);

  it('runs "Planwright: Open Plan File…" from the palette and shows the plan\'s steps in the tree', async () => {
    await ui.runCommand('Planwright: Open Plan File…');
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'add-verbose-flag.plan.json' }).first();
    await ui.shows(pick, 'add-verbose-flag.plan.json in the file picker', { seen: 'quickInput' });
    await pick.click();
    await ui.shows(ui.rowWithText(DEMO_GOAL), 'the plan\'s goal in the tree');
    for (const step of ['Read the CLI entry point', 'Accept --verbose', 'Run the tests']) await ui.shows(ui.rowWithText(step), `step "${step}" in the tree`, { nominalMs: 5_000 });
    await shotBothThemes('2-plan-tree');
  });

  it('runs "Planwright: Show Plan as Markdown" and opens the plan in a Markdown editor', async () => {
    await ui.runCommand('Planwright: Show Plan as Markdown');
    await ui.shows(page.locator('.tabs-container .tab', { hasText: 'Untitled-1' }), 'the Markdown export\'s tab "Untitled-1"', { seen: 'tabs' });
    await ui.shows(page.locator('.statusbar-item', { hasText: 'Markdown' }), 'the "Markdown" language in the status bar', { nominalMs: 15_000, seen: 'nothing' });
    await ui.shows(page.locator('.editor-instance .view-lines', { hasText: 'verbose' }), 'the plan\'s Markdown in the editor', { nominalMs: 15_000, seen: 'tabs' });
    await shotBothThemes('3-markdown');
  });

  it('runs "Planwright: Show Log" and shows what the extension did', async () => {
    await ui.runCommand('Planwright: Show Log');
    await ui.shows(page.locator('.panel .view-lines', { hasText: 'Opened add-verbose-flag.plan.json' }), 'the log line "Opened add-verbose-flag.plan.json" in the panel', { seen: 'nothing' });
    await shotBothThemes('4-log');
  });

  settingsStages(walk, stage);

  stage('plans a task from the palette: "Planwright: Plan a Task…", a goal, and the steps appear in the tree', async () => {
    await ui.runCommand('Planwright: Plan a Task…');
    const input = page.locator('.quick-input-widget input');
    await ui.shows(input, 'the goal input', { nominalMs: 15_000, seen: 'nothing' });
    await input.fill(QUIET_GOAL);
    await input.press('Enter');
    await ui.shows(ui.rowWithText(QUIET_GOAL), 'the planned goal in the tree');
    for (const title of ['Read the CLI entry point', 'Accept --quiet', 'Run the tests', 'Document --quiet']) await ui.shows(ui.row(`${title}, `), `step "${title}" in the tree`, { nominalMs: 5_000 });
    // The plan runs as it arrives: the read starts at once, the first change waits for approval.
    await ui.shows(ui.rowWithText('rev 1 · waiting for approval · unsaved'), 'the goal row to say "rev 1 · waiting for approval · unsaved"', { nominalMs: 15_000 });
    // The titles are the scripted planner's, written in its plan-language reply as a model writes them (quietFlagScenario.ts).
    // At 300 px each step reads by its number and title, its status by its icon; the description says the status alone.
    await ui.showsUncut(ui.row('Read the CLI entry point, E1, succeeded'), '1 Read the CLI entry point', 'E1\'s row at 300 px');
    await ui.showsIcon(ui.row('Read the CLI entry point, E1, succeeded'), 'pass-filled', 'the succeeded E1');
    await ui.showsUncut(ui.row('Accept --quiet, E2, waiting for your approval'), '2 Accept --quiet', 'E2\'s row at 300 px');
    await ui.showsIcon(ui.row('Accept --quiet, E2, waiting for your approval'), 'question', 'the waiting E2');
    await ui.showsIcon(ui.rowWithText(QUIET_GOAL), 'question', 'the goal row of a run that waits for approval');
    await shotBothThemes('5-planned');
  });

  stage('a file-changing step of the running plan waits with inline Approve / Reject and shows its diff', async () => {
    const label = 'Accept --quiet, E2, waiting for your approval';
    await ui.shows(ui.row(label), 'E2 to wait for approval');
    await ui.shows(ui.row('Read the CLI entry point, E1, succeeded'), 'E1 to succeed', { nominalMs: 5_000 });
    // Selecting the row expands it (its postcondition and dependencies) and keeps its inline buttons shown.
    await ui.row(label).locator('.label-name').click();
    for (const action of ['Approve', 'Reject / Skip', 'Preview Step']) await ui.shows(ui.row(label).locator(`.actions .action-label[aria-label="${action}"]`), `E2's inline "${action}" button`, { nominalMs: 5_000 });
    await ui.shows(ui.rowWithText('Checks that src/cli.js contains'), 'E2\'s check row, in words: "Checks that src/cli.js contains …"', { nominalMs: 5_000 });
    await ui.shows(ui.rowWithText('After: 1 Read the CLI entry point'), 'E2\'s dependency row naming the step by number and title, "After: 1 Read the CLI entry point"', { nominalMs: 5_000 });
    // The pinned section at the top lists E2 with what approving it does.
    await ui.shows(ui.row('Waiting for you: 1 step'), 'the "Waiting for you" section at the top of the view', { nominalMs: 5_000 });
    await ui.shows(ui.waitingRow('Accept --quiet', 'E2'), 'E2 in "Waiting for you"', { nominalMs: 5_000 });
    await ui.shows(ui.rowWithText('changes src/cli.js · E2'), 'E2\'s waiting row to say "changes src/cli.js"', { nominalMs: 5_000 });
    await ui.showsUncut(ui.row('Waiting for you: 1 step'), 'Waiting for you', 'the section\'s row at 300 px');
    await ui.showsUncut(ui.waitingRow('Accept --quiet', 'E2'), '2 Accept --quiet', 'E2\'s waiting row at 300 px, numbered as in the plan');
    // The activity-bar badge counts the waiting step; the status bar says it in words.
    const badge = page.locator('.activitybar .action-item[aria-label^="Planwright"] .badge-content, .activitybar .action-item:has([aria-label^="Planwright"]) .badge-content');
    await ui.shows(badge.filter({ hasText: /^1$/ }), 'the activity-bar badge "1" on the Planwright icon', { nominalMs: 5_000, seen: 'nothing' });
    await ui.shows(page.locator('.statusbar-item', { hasText: 'Planwright: 1 step waits for approval' }), 'the status bar saying "Planwright: 1 step waits for approval"', { nominalMs: 5_000, seen: 'nothing' });
    await shotBothThemes('6-awaiting-approval');
    // A click on the waiting row opens the diff, named by step and file, whose title bar offers Approve, Reject and
    // Approve All Edits…, and whose top says that the step waits, with its answers labelled.
    await ui.waitingRow('Accept --quiet', 'E2').locator('.label-name').click();
    await ui.shows(page.locator('.tabs-container .tab', { hasText: 'Step 2: src/cli.js (proposed)' }), 'the diff tab "Step 2: src/cli.js (proposed)"', { nominalMs: 15_000, seen: 'tabs' });
    // The diff editor shows no CodeLens by default: the banner is drawn after the proposed side's first line.
    const bannerText = () => page.locator('.monaco-diff-editor .editor.modified .view-lines span').evaluateAll((spans) => spans.map((span) => getComputedStyle(span, '::after').content).filter((content) => content.includes('waits:')));
    await waitUntil('the diff\'s banner "Step 2 waits: Approve · Reject · Edit Step…"', async () => (await bannerText()).some((content) => /Step 2 waits: Approve · Reject · Edit Step….*Ctrl\+K A approves/.test(content)), { nominalMs: 15_000, intervalMs: 300, lastSeen: async () => JSON.stringify(await bannerText()) });
    await ui.shows(page.locator('.monaco-diff-editor .modified .view-lines', { hasText: "'--quiet'" }), 'the proposed \'--quiet\' line in the diff', { nominalMs: 15_000, seen: 'tabs' });
    for (const action of ['Approve', 'Reject / Skip', 'Approve All Edits…']) await ui.shows(ui.editorTitleAction(action), `the diff editor's title action "${action}"`, { nominalMs: 15_000, seen: 'tabs' });
    await shotBothThemes('7-diff');
    await ui.shows(ui.row(label), 'E2 to still wait for approval after opening its diff', { nominalMs: 5_000 });
  });

  stage('approves a step from the diff editor\'s title bar (its tab closes, no Approve for it is left) and one with the keyboard alone; the test command then waits, with no Preview Step on its plan row', async () => {
    await ui.approveInEditorTitle('Accept --quiet', 'E2');
    await ui.shows(ui.row('Accept --quiet, E2, succeeded'), 'E2 to succeed');
    await assertNoLiveApprove(ui, { title: 'Accept --quiet', stepId: 'E2', number: 2 });
    await ui.approveWithKeyboard('Test that --quiet leaves out the file name', 'E3');
    await ui.shows(ui.row('Test that --quiet leaves out the file name, E3, succeeded'), 'E3 to succeed once approved with Ctrl+K A', { nominalMs: 30_000 });
    // No setting approves npm test yet, so the command waits too, with its exact command line and no diff.
    const label = 'Run the tests, E4, waiting for your approval';
    await ui.shows(ui.waitingRow('Run the tests', 'E4'), 'E4 (npm test) in "Waiting for you"', { nominalMs: 60_000 });
    await ui.shows(ui.rowWithText('runs `npm test` in the workspace folder'), 'E4\'s waiting row to say "runs `npm test` in the workspace folder"', { nominalMs: 5_000 });
    await ui.hoverRow(label);
    await ui.shows(ui.row(label).locator('.actions .action-label[aria-label="Approve"]'), 'E4\'s inline "Approve" button', { nominalMs: 5_000 });
    assert.equal(await ui.row(label).locator('.actions .action-label[aria-label="Preview Step"]').count(), 0, 'a command step\'s plan row offers no inline Preview Step');
    await walk.shotBothThemes('7b-approved-in-diff-title');
  });

  replanStages(walk, stage);

  runEndStages(walk, stage);

  reloadStages(walk, stage);

  editedPlanStages(walk, stage);

  recoveryStages(walk, stage);

  doneWhenStages(walk, stage);

  runsViewStages(walk, stage);

  it('recorded no approval by the user in the journal that the test did not give, and every one it gave', () => {
    const recorded = ui.userApprovals();
    assert.ok(recorded.length > 0, 'no journal with user approvals was found; the check would prove nothing');
    ui.assertOnlyTestApprovals();
    assert.deepEqual([...new Set(recorded.map((approval) => approval.stepId))].sort(), [...ui.approved.keys()].sort());
  });
});

/** Adds `settings` to the user settings file written by writeUserSettings. @param {string} userDataDir @param {Record<string, unknown>} settings */
function writeMoreUserSettings(userDataDir, settings) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  const current = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...current, ...settings }, null, 2));
}
