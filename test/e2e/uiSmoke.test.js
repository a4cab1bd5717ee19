// @ts-check
// End-to-end: installs the packaged .vsix into code-server (a real VS Code 1.100.3), opens a copy of
// examples/demo-workspace in headless Chromium and uses Planwright the way a person does: the activity bar,
// the welcome view, the command palette, the plan tree, the Markdown export and the log. Screenshots go to
// test-results/. Needs PLANWRIGHT_VSIX (scripts/test.js sets it) or a planwright-<version>.vsix in the root.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const cs = require('../../scripts/e2e/codeServer');

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
  let anyFailed = false;

  /** Takes a screenshot with the pointer parked where it opens no hover. @param {string} name */
  async function shot(name) {
    await page.mouse.move(900, 880);
    await page.screenshot({ path: path.join(RESULTS, `e2e-${name}.png`) });
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
    await welcome.locator('.monaco-button', { hasText: 'Open Plan File…' }).waitFor({ timeout: 30_000 });
    await welcome.locator('.monaco-button', { hasText: 'Show Log' }).waitFor({ timeout: 5_000 });
    await widenSideBar();
    await shot('1-welcome');
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
    await shot('2-plan-tree');
  });

  it('runs "Planwright: Show Plan as Markdown" and opens the plan in a Markdown editor', async () => {
    await runFromPalette('Planwright: Show Plan as Markdown');
    await page.locator('.tabs-container .tab', { hasText: 'Untitled-1' }).waitFor({ timeout: 30_000 });
    await page.locator('.statusbar-item', { hasText: 'Markdown' }).first().waitFor({ timeout: 15_000 });
    await page.locator('.editor-instance .view-lines', { hasText: 'verbose' }).first().waitFor({ timeout: 15_000 });
    await shot('3-markdown');
  });

  it('runs "Planwright: Show Log" and shows what the extension did', async () => {
    await runFromPalette('Planwright: Show Log');
    await page.locator('.panel .view-lines', { hasText: 'Opened add-verbose-flag.plan.json' }).first().waitFor({ timeout: 30_000 });
    await shot('4-log');
  });
});
