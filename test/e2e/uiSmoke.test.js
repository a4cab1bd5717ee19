// @ts-check
// End-to-end: installs the packaged .vsix into code-server (a real VS Code 1.100.3), opens a copy of
// examples/demo-workspace in headless Chromium and uses Planwright the way a person does: the activity bar,
// the welcome view, the command palette, the plan tree, the Markdown export and the log; then, with a scripted
// OpenAI-compatible model on 127.0.0.1 configured through the user settings, Plan a Task…, approvals with the
// tree's inline buttons, a step's diff, a run whose test step fails its postcondition, the re-planned steps
// (revision 2) appearing in place and completing, and the files on disk. Every stage is screenshot in a light
// and a dark theme under test-results/. Needs PLANWRIGHT_VSIX (scripts/test.js sets it) or a
// planwright-<version>.vsix in the root, and the compiled tests in out/ (the scripted model server).
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const cs = require('../../scripts/e2e/codeServer');
const { ScriptedModelServer } = require('../../out/test/support/scriptedModelServer');
const { QUIET_GOAL, quietFlagReplies } = require('../../out/test/support/quietFlagScenario');

const ROOT = cs.ROOT;
const RESULTS = path.join(ROOT, 'test-results');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const VSIX = process.env.PLANWRIGHT_VSIX || path.join(ROOT, `${manifest.name}-${manifest.version}.vsix`);
const EXTENSION_FOLDER = `${manifest.publisher}.${manifest.name}-${manifest.version}`;
const DEMO_GOAL = 'Add a --verbose flag to tally that reports each file it reads';

describe('the packaged extension in VS Code (code-server)', function () {
  this.timeout(120_000);
  /** @type {string} */ let stateDir;
  /** @type {string} */ let extensionsDir;
  /** @type {string} */ let workspace;
  /** @type {Awaited<ReturnType<typeof cs.startCodeServer>> | undefined} */ let server;
  /** @type {import('playwright-core').Browser | undefined} */ let browser;
  /** @type {import('playwright-core').Page} */ let page;
  /** @type {any} */ let model;
  let anyFailed = false;

  /** Takes a screenshot with the pointer parked where it opens no hover. @param {string} name */
  async function shot(name) {
    await page.mouse.move(900, 880);
    await page.screenshot({ path: path.join(RESULTS, `e2e-${name}.png`) });
  }

  /**
   * Screenshots the workbench in the light and the dark theme: the user settings let the theme follow the
   * OS colour scheme, which the browser emulates. @param {string} name
   */
  async function shotBothThemes(name) {
    for (const scheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator(`.monaco-workbench.vs${scheme === 'dark' ? '-dark' : ''}`).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(250);
      await shot(`${name}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /** The row of the Planwright tree whose accessible label starts with `label`. @param {string} label */
  function row(label) {
    return page.locator(`.part.sidebar .monaco-list-row[aria-label^="${label}"]`).first();
  }

  /** Clicks an inline button of a tree row (shown on hover). @param {import('playwright-core').Locator} target @param {string} action */
  async function clickInline(target, action) {
    await target.hover();
    await target.locator(`.actions .action-label[aria-label="${action}"]`).click();
  }

  /**
   * Approves a waiting step with its inline button, clicking again if the row was re-rendered under the
   * pointer (the list reuses row elements) before the step left `waiting`. @param {string} title @param {string} stepId
   */
  async function approveInline(title, stepId) {
    const waiting = row(`${title}, ${stepId}, waiting for your approval`);
    await waiting.waitFor({ timeout: 60_000 });
    for (let attempt = 0; attempt < 3; attempt++) {
      await clickInline(waiting, 'Approve');
      if (await waiting.waitFor({ state: 'detached', timeout: 5_000 }).then(() => true, () => false)) return;
    }
    assert.fail(`${stepId} is still waiting for approval after three clicks on Approve`);
  }

  /** Widens the side bar (drags its right edge) so the tree's descriptions fit in the screenshots. */
  async function widenSideBar() {
    const box = await page.locator('.part.sidebar').boundingBox();
    if (!box) return;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 620, y, { steps: 8 });
    await page.mouse.up();
  }

  /** Runs a command through the palette (F1), the way a person does. @param {string} title */
  async function runFromPalette(title) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await input.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().click();
  }

  before(async function () {
    assert.ok(fs.existsSync(VSIX), `no packaged extension at ${VSIX}; run npm run package first`);
    fs.mkdirSync(RESULTS, { recursive: true });
    stateDir = cs.makeStateDir('planwright-e2e-');
    const userDataDir = path.join(stateDir, 'user-data');
    extensionsDir = path.join(stateDir, 'extensions');
    cs.writeUserSettings(userDataDir);
    model = await ScriptedModelServer.start(quietFlagReplies({ replanDelayMs: 4_000 }));
    writeMoreUserSettings(userDataDir, {
      'window.autoDetectColorScheme': true,
      'workbench.colorTheme': 'Default Light Modern',
      'workbench.preferredLightColorTheme': 'Default Light Modern',
      'workbench.preferredDarkColorTheme': 'Default Dark Modern',
      'planwright.provider': 'openai-compatible',
      'planwright.baseUrl': model.baseUrl,
      'planwright.plannerModel': 'scripted-planner',
      'planwright.workerModel': 'scripted-worker',
      'planwright.approvedCommands': ['npm test'],
      'planwright.autoApprove': 'readOnly',
    });
    cs.installVsix({ stateDir, userDataDir, extensionsDir, vsix: VSIX });
    workspace = cs.copyToTemp(path.join(ROOT, 'examples', 'demo-workspace'), 'planwright-e2e-ws-');
    server = await cs.startCodeServer({ stateDir, userDataDir, extensionsDir, port: await cs.freePort() });
    browser = await cs.launchChromium(stateDir);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (error) => console.log('    [pageerror]', error.message));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      anyFailed = true;
      const name = (this.currentTest.title || 'test').replace(/[^\w]+/g, '-').slice(0, 60);
      await shot(`failed-${name}`).catch(() => {});
    }
  });

  after(async function () {
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
    ];
    for (const file of referenced) assert.ok(fs.existsSync(path.join(installed, file)), `${file} is missing from the package`);
    for (const unwanted of ['src', 'test', 'out', 'scripts', 'node_modules', 'examples', 'dist/cli.js', 'dist/extension.js.map']) {
      assert.ok(!fs.existsSync(path.join(installed, unwanted)), `${unwanted} should not be packaged`);
    }
  });

  it('shows the Planwright container in the activity bar of the workbench', async () => {
    await page.goto(`${server?.url}/?folder=${encodeURIComponent(workspace)}`, { waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.activitybar [aria-label^="Planwright"]').first().waitFor({ timeout: 60_000 });
  });

  it('opens the Planwright view on a welcome view with its buttons', async () => {
    await page.locator('.activitybar [aria-label^="Planwright"]').first().click();
    const welcome = page.locator('.welcome-view-content');
    await welcome.locator('.monaco-button', { hasText: 'Plan a Task…' }).waitFor({ timeout: 30_000 });
    for (const button of ['Open Plan File…', 'Configure Model…']) await welcome.locator('.monaco-button', { hasText: button }).waitFor({ timeout: 5_000 });
    await widenSideBar();
    await shotBothThemes('1-welcome');
  });

  it('runs "Planwright: Open Plan File…" from the palette and shows the plan\'s steps in the tree', async () => {
    await runFromPalette('Planwright: Open Plan File…');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'add-verbose-flag.plan.json' }).first().click({ timeout: 30_000 });
    const tree = page.locator('.pane-body .monaco-list-row');
    await tree.filter({ hasText: DEMO_GOAL }).first().waitFor({ timeout: 30_000 });
    for (const step of ['Read the CLI entry point', 'Accept --verbose', 'Run the tests']) {
      await tree.filter({ hasText: step }).first().waitFor({ timeout: 5_000 });
    }
    await page.waitForTimeout(300);
    await shotBothThemes('2-plan-tree');
  });

  it('runs "Planwright: Show Plan as Markdown" and opens the plan in a Markdown editor', async () => {
    await runFromPalette('Planwright: Show Plan as Markdown');
    await page.locator('.tabs-container .tab', { hasText: 'Untitled-1' }).waitFor({ timeout: 30_000 });
    await page.locator('.statusbar-item', { hasText: 'Markdown' }).first().waitFor({ timeout: 15_000 });
    await page.locator('.editor-instance .view-lines', { hasText: 'verbose' }).first().waitFor({ timeout: 15_000 });
    await shotBothThemes('3-markdown');
  });

  it('runs "Planwright: Show Log" and shows what the extension did', async () => {
    await runFromPalette('Planwright: Show Log');
    await page.locator('.panel .view-lines', { hasText: 'Opened add-verbose-flag.plan.json' }).first().waitFor({ timeout: 30_000 });
    await shotBothThemes('4-log');
  });

  it('plans a task from the palette: "Planwright: Plan a Task…", a goal, and the steps appear in the tree', async () => {
    await runFromPalette('Planwright: Plan a Task…');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await input.fill(QUIET_GOAL);
    await input.press('Enter');
    await page.locator('.part.sidebar .monaco-list-row', { hasText: QUIET_GOAL }).first().waitFor({ timeout: 30_000 });
    for (const title of ['Read the CLI entry point', 'Accept --quiet', 'Run the tests', 'Document --quiet']) await row(`${title}, `).waitFor({ timeout: 5_000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'new plan · rev 1 · unsaved' }).first().waitFor({ timeout: 5_000 });
    await shotBothThemes('5-planned');
  });

  it('runs the plan; a file-changing step waits with inline Approve / Reject and shows its diff', async () => {
    await runFromPalette('Planwright: Run Plan');
    const waiting = row('Accept --quiet, E2, waiting for your approval');
    await waiting.waitFor({ timeout: 30_000 });
    await row('Read the CLI entry point, E1, succeeded').waitFor({ timeout: 5_000 });
    // Selecting the row expands it (its postcondition and dependencies) and keeps its inline buttons shown.
    await waiting.locator('.label-name').click();
    for (const action of ['Approve', 'Reject / Skip', 'Show Diff']) await waiting.locator(`.actions .action-label[aria-label="${action}"]`).waitFor({ timeout: 5_000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: "Postcondition: src/cli.js contains \"'--quiet'\"" }).first().waitFor({ timeout: 5_000 });
    await shotBothThemes('6-awaiting-approval');
    await clickInline(waiting, 'Show Diff');
    await page.locator('.tabs-container .tab', { hasText: 'E2: src/cli.js' }).waitFor({ timeout: 15_000 });
    await page.locator('.monaco-diff-editor .modified .view-lines', { hasText: "'--quiet'" }).first().waitFor({ timeout: 15_000 });
    await shotBothThemes('7-diff');
  });

  it('approves steps with the inline button; the test step fails its postcondition', async () => {
    await approveInline('Accept --quiet', 'E2');
    await row('Accept --quiet, E2, succeeded').waitFor({ timeout: 30_000 });
    await approveInline('Test that --quiet leaves out the file name', 'E3');
    // npm test is listed in planwright.approvedCommands, so it runs without asking, and fails: --quiet is not implemented yet.
    await row('Run the tests, E4, failed').waitFor({ timeout: 60_000 });
    await shotBothThemes('8-postcondition-failed');
  });

  it('shows the re-planned steps in place (revision 2), the replaced ones kept, and runs them to the end', async () => {
    const first = row('Leave out the file name when quiet, R1, waiting for your approval');
    await first.waitFor({ timeout: 60_000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'replaced in rev 2 (was failed)' }).first().waitFor({ timeout: 5_000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'R1 · editFile src/cli.js · rev 2' }).first().waitFor({ timeout: 5_000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'rev 2 · waiting for approval' }).first().waitFor({ timeout: 5_000 });
    // Collapse E2 and clear the selection, open R1's diff, hide the panel and the notification toasts: the picture for the README.
    await row('Accept --quiet, E2, succeeded').locator('.label-name').click();
    await page.keyboard.press('Escape');
    await clickInline(first, 'Show Diff');
    await page.locator('.tabs-container .tab', { hasText: 'R1: src/cli.js' }).waitFor({ timeout: 15_000 });
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await page.keyboard.press('Escape');
    await shotBothThemes('9-replanned');
    await saveMidRunCrop();
    await approveInline('Leave out the file name when quiet', 'R1');
    await approveInline('Document --quiet', 'R3');
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'rev 2 · succeeded' }).first().waitFor({ timeout: 60_000 });
    await row('Run the tests again, R2, succeeded').waitFor({ timeout: 5_000 });
    await shotBothThemes('10-succeeded');
  });

  it('left the workspace files on disk as the plan intended', () => {
    const read = (/** @type {string} */ file) => fs.readFileSync(path.join(workspace, file), 'utf8');
    assert.match(read('src/cli.js'), /'--quiet'\]/);
    assert.match(read('src/cli.js'), /options\.quiet \?/);
    assert.match(read('test/quiet.test.js'), /--quiet prints the counts without the file name/);
    assert.match(read('README.md'), /\[--quiet\] FILE/);
    const kindOf = (/** @type {string} */ task) => (task.startsWith('Task: write a plan') ? 'plan' : task.startsWith('Task: re-plan') ? 'replan' : 'summary');
    const kinds = model.requests.map((/** @type {any} */ request) => kindOf(String(request.body.messages?.[1]?.content ?? '')));
    assert.deepEqual(kinds, ['plan', 'replan', 'summary']);
  });

  it('shows the finished run as it was after a window reload, replayed from its journal without running anything', async () => {
    const requests = model.requests.length;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const planwright = page.locator('.activitybar [aria-label^="Planwright"]').first();
    await planwright.waitFor({ timeout: 60_000 });
    // The workbench restores the Planwright view itself; clicking its icon while it is active would close the side bar.
    const goal = page.locator('.part.sidebar .monaco-list-row', { hasText: QUIET_GOAL }).first();
    if (!(await goal.waitFor({ timeout: 20_000 }).then(() => true, () => false))) await planwright.click();
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'rev 2 · succeeded' }).first().waitFor({ timeout: 60_000 });
    await row('Run the tests again, R2, succeeded').waitFor({ timeout: 10_000 });
    await row('Accept --quiet, E2, succeeded').waitFor({ timeout: 5_000 });
    await shotBothThemes('11-after-reload');
    assert.equal(model.requests.length, requests, 'the reload called no model');
  });

  /**
   * The light mid-run screenshot without the title bar: the side bar with the tree, the editor with the diff of
   * the step waiting for approval, and the status bar. The README shows it (committed as media/plan-mid-run.png).
   */
  async function saveMidRunCrop() {
    const editor = await page.locator('.part.editor').boundingBox();
    if (!editor) return;
    await page.mouse.move(900, 880);
    await page.screenshot({ path: path.join(RESULTS, 'plan-mid-run.png'), clip: { x: 0, y: editor.y, width: 1400, height: 900 - editor.y } });
  }
});

/** Adds `settings` to the user settings file written by writeUserSettings. @param {string} userDataDir @param {Record<string, unknown>} settings */
function writeMoreUserSettings(userDataDir, settings) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  const current = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...current, ...settings }, null, 2));
}
