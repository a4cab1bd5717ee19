// @ts-check
// Drives code-server's workbench for the UI test the way a person does, so that it holds on a slow machine:
// every wait is on a condition, with a budget scaled to this machine (scripts/testing/timeBudget.ts) and an error
// that says what was awaited and what the screen showed last; every step is idempotent (the Planwright view is
// opened by command, never by toggling its icon); an inline button is clicked only in the row that has the
// expected label, found again right before the click. The driver keeps the steps the test approved, and reads
// the run's journal to check that the user approved nothing else.
'use strict';
const assert = require('node:assert/strict');
const path = require('node:path');
const { budgetMs, recordBaseline, timeScale, waitUntil, WORKBENCH_LOAD_IDLE_MS } = require('../../out/scripts/testing/timeBudget');
const { runJournals } = require('./runJournals');

/** Nominal (idle machine) budgets, in ms. */
const NOMINAL = { action: 30_000, navigation: 60_000, load: 60_000, show: 30_000 };
const TREE_ROWS = '.part.sidebar .monaco-list-row';

/**
 * What an accessible label starting with `label` ("<title>, <id>, <status>") looks like, after the number a step
 * row's label starts with as the row shows it ("3 Accept --verbose, E2, …", "4 (rev 2) Leave out …, R1, …").
 * @param {string} label
 */
function labelPattern(label) {
  return new RegExp(`^(\\d+ (\\(rev \\d+\\) )?)?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

class WorkbenchDriver {
  /** @param {import('playwright-core').Page} page @param {string} userDataDir */
  constructor(page, userDataDir) {
    this.page = page;
    this.userDataDir = userDataDir;
    /** @type {Map<string, number>} step id → when the test first clicked its Approve */
    this.approved = new Map();
    this.rescale();
  }

  /** Scales Playwright's own action and navigation timeouts to how busy the machine is now. */
  rescale() {
    this.page.setDefaultTimeout(budgetMs(NOMINAL.action));
    this.page.setDefaultNavigationTimeout(budgetMs(NOMINAL.navigation));
  }

  /** Opens `url` and waits for the workbench; the first load is the run's baseline for every budget. @param {string} url */
  async load(url) {
    const started = Date.now();
    await this.page.goto(url, { waitUntil: 'domcontentloaded' });
    await this.shows(this.page.locator('.monaco-workbench .part.activitybar'), 'the workbench to load', { nominalMs: NOMINAL.load, seen: 'nothing' });
    recordBaseline({ what: 'workbench load', ms: Date.now() - started, referenceMs: WORKBENCH_LOAD_IDLE_MS });
    this.rescale();
    const scale = timeScale();
    console.log(`      (workbench loaded in ${((Date.now() - started) / 1000).toFixed(1)} s; budgets ×${scale.factor.toFixed(1)}: ${scale.why})`);
  }

  /** The tree rows whose accessible label starts with `label`, as `labelPattern` reads it. @param {string} label */
  rowsLabelled(label) {
    return this.page.locator(TREE_ROWS).and(this.page.getByRole('treeitem', { name: labelPattern(label) }));
  }

  /** The first tree row whose accessible label starts with `label`, as `rowsLabelled` matches it. @param {string} label */
  row(label) {
    return this.rowsLabelled(label).first();
  }

  /** The tree row showing `text` anywhere (title or description). @param {string} text */
  rowWithText(text) {
    return this.page.locator(TREE_ROWS, { hasText: text }).first();
  }

  /**
   * Waits until the first match of `locator` is visible.
   * @param {import('playwright-core').Locator} locator @param {string} what
   * @param {{ nominalMs?: number, seen?: 'tree' | 'tabs' | 'quickInput' | 'nothing' }} [options]
   */
  async shows(locator, what, options = {}) {
    await waitUntil(what, () => locator.first().isVisible(), { nominalMs: options.nominalMs ?? NOMINAL.show, intervalMs: 200, lastSeen: () => this.describe(options.seen ?? 'tree') });
  }

  /** Waits until no element matches `locator`. @param {import('playwright-core').Locator} locator @param {string} what @param {number} [nominalMs] */
  async leaves(locator, what, nominalMs = NOMINAL.show) {
    await waitUntil(what, async () => (await locator.count()) === 0, { nominalMs, intervalMs: 200, lastSeen: () => this.describe('tree') });
  }

  /** What the screen shows of `kind`, for a wait that ran out. @param {'tree' | 'tabs' | 'quickInput' | 'nothing'} kind */
  async describe(kind) {
    const texts = async (/** @type {string} */ selector) =>
      (await this.page.locator(selector).evaluateAll((nodes) => nodes.map((node) => (node.getAttribute('aria-label') || node.textContent || '').replace(/\s+/g, ' ').trim())))
        .filter(Boolean);
    if (kind === 'tree') return `tree rows [${(await texts(TREE_ROWS)).join(' | ') || 'none'}]`;
    if (kind === 'tabs') return `editor tabs [${(await texts('.tabs-container .tab')).join(' | ') || 'none'}]`;
    if (kind === 'quickInput') return `quick input rows [${(await texts('.quick-input-list .monaco-list-row')).join(' | ') || 'none'}]`;
    return 'nothing yet';
  }

  /**
   * Runs a command through the palette (F1), the way a person does. The palette lists the commands known
   * when it opens, and after a window reload an extension's commands and views arrive later; it also closes when
   * it loses the focus (to an editor that opened just before and takes it late): until the entry is clicked, the
   * palette is closed and opened again. @param {string} title
   */
  async runCommand(title) {
    const input = this.page.locator('.quick-input-widget input');
    // The entry labelled `title` exactly: "View: Close Editor" must not pick "View: Close Editor Group".
    const label = this.page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
    const entry = this.page.locator('.quick-input-list .monaco-list-row').filter({ has: label }).first();
    await waitUntil(`"${title}" clicked in the command palette`, async () => {
      await this.releaseModifiers();
      await this.page.keyboard.press('Escape');
      await this.page.keyboard.press('F1');
      if (!(await input.first().waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false))) return false;
      // A try that cannot type (the palette closed again under it) gives up and the loop opens it afresh.
      if (!(await input.first().fill(`>${title}`, { timeout: 5_000 }).then(() => true, () => false))) return false;
      return entry.click({ timeout: 2_000 }).then(() => true, () => false);
    }, { nominalMs: NOMINAL.show, intervalMs: 500, lastSeen: () => this.describe('quickInput') });
  }

  /**
   * Lets go of every modifier key. A Ctrl+click that ran out of time can leave Control held in the page's
   * keyboard, and every later F1 would then arrive as Ctrl+F1, which opens nothing.
   */
  async releaseModifiers() {
    for (const key of ['Control', 'Shift', 'Alt', 'Meta']) await this.page.keyboard.up(key);
  }

  /**
   * Shows the Planwright view, whatever the workbench restored: by the "View: Show Planwright" command, which
   * opens the side bar on it (or leaves it open), where clicking the activity-bar icon of the active container
   * would close the side bar.
   */
  async showPlanwrightView() {
    await this.runCommand('View: Show Planwright');
    await this.shows(this.page.locator('.part.sidebar .composite.title', { hasText: 'Planwright' }), 'the Planwright view in the side bar', { seen: 'nothing' });
  }

  /**
   * Hovers the row labelled `label`, again until the row under the pointer is that row. Each try first parks the
   * pointer away from the tree: at a 300 px side bar, the tooltip of a row just clicked opens over the rows below
   * it and would take the hover. @param {string} label
   */
  async hoverRow(label) {
    const target = this.row(label);
    await this.shows(target, `tree row "${label}"`);
    const hovered = () => this.page.locator(`${TREE_ROWS}:hover`).evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    await waitUntil(`the pointer to rest on tree row "${label}"`, async () => {
      await this.page.mouse.move(900, 880);
      const moved = await target.hover({ timeout: 5_000 }).then(() => true, () => false);
      return moved && (await hovered()).some((under) => labelPattern(label).test(under));
    }, { nominalMs: NOMINAL.show, intervalMs: 200, lastSeen: async () => `the pointer on [${(await hovered()).join(' | ') || 'no row'}]` });
    return target;
  }

  /**
   * Clicks the inline button `action` of the tree row labelled `label`. The button is looked up by its label
   * inside that row, and Playwright finds the row again by its label right before the click and refuses a click
   * that would land on anything else (a re-rendered row, another button).
   * @param {string} label @param {string} action
   */
  async clickInline(label, action) {
    const target = await this.hoverRow(label);
    const button = target.locator(`.actions .action-label[aria-label="${action}"]`);
    await this.shows(button, `the inline "${action}" button of tree row "${label}"`);
    await button.click();
  }

  /**
   * Approves a waiting step with its inline button, once its approval request is open (the row offers Preview
   * Step for a file change only then), and waits for it to leave `waiting`. Clicks again only while the row still
   * says waiting: a click that landed while the list re-rendered the row is lost, not misdirected.
   * @param {string} title @param {string} stepId
   */
  async approveInline(title, stepId) {
    const label = `${title}, ${stepId}, waiting for your approval`;
    const waiting = this.rowsLabelled(label);
    await this.shows(waiting, `${stepId} to wait for approval`, { nominalMs: 60_000 });
    // Hovered again until its buttons show: rows may shift under the pointer as the tree settles (a "Waiting for
    // you" group appearing above), leaving it on another row.
    const preview = waiting.first().locator('.actions .action-label[aria-label="Preview Step"]');
    await waitUntil(`${stepId}'s approval request to open (its Preview Step button)`, async () => {
      await this.hoverRow(label);
      return preview.isVisible();
    }, { nominalMs: NOMINAL.show, intervalMs: 500 });
    this.markApproved(stepId);
    for (let attempt = 1; ; attempt++) {
      await this.clickInline(label, 'Approve');
      const left = await this.leaves(waiting, `${stepId} to leave "waiting for your approval" after a click on its Approve`, 10_000).then(() => true, (error) => error);
      if (left === true) return;
      if (attempt === 3) throw left;
    }
  }

  /**
   * Sets the side bar to `width` px (the default 300 px the UI test runs at) by dragging its edge until it
   * measures that, whatever width the workbench restored. @param {number} width
   */
  async setSideBarWidth(width) {
    const sidebar = this.page.locator('.part.sidebar');
    await this.shows(sidebar, 'the side bar', { seen: 'nothing' });
    await waitUntil(`the side bar to measure ${width} px`, async () => {
      const box = await sidebar.boundingBox();
      if (!box) return false;
      if (Math.abs(box.width - width) <= 1) return true;
      const y = box.y + box.height / 2;
      await this.page.mouse.move(box.x + box.width - 1, y);
      await this.page.mouse.down();
      await this.page.mouse.move(box.x + width - 1, y, { steps: 8 });
      await this.page.mouse.up();
      return false;
    }, { nominalMs: NOMINAL.show, intervalMs: 300, lastSeen: async () => `a side bar ${(await sidebar.boundingBox())?.width ?? 'not'} px wide` });
  }

  /**
   * Waits until `text` shows in full in `row`: the text is there and its right edge lies inside the row's label
   * (not cut off by the side bar's width or hidden under the row's buttons).
   * @param {import('playwright-core').Locator} row @param {string} text @param {string} what
   */
  async showsUncut(row, text, what) {
    /** @type {string} */ let last = 'the row not there';
    await waitUntil(`${what}: "${text}" in full`, async () => {
      if ((await row.count()) === 0) return false;
      const seen = await row.first().evaluate((element, wanted) => {
        const container = element.querySelector('.monaco-icon-label-container') ?? element;
        const limit = container.getBoundingClientRect().right;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node.textContent ?? '').indexOf(wanted);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + wanted.length);
          const rect = range.getBoundingClientRect();
          return { uncut: rect.width > 0 && rect.right <= limit + 0.5, detail: `ends at x=${rect.right.toFixed(0)}, the label ends at x=${limit.toFixed(0)}` };
        }
        return { uncut: false, detail: `not in the row, which reads "${(element.textContent ?? '').trim()}"` };
      }, text);
      last = seen.detail;
      return seen.uncut;
    }, { nominalMs: NOMINAL.show, intervalMs: 200, lastSeen: async () => last });
  }

  /**
   * Waits until `row` shows the status icon `icon` (a codicon id such as `error`), which says the status at any
   * width. @param {import('playwright-core').Locator} row @param {string} icon @param {string} what
   */
  async showsIcon(row, icon, what) {
    await this.shows(row.locator(`.custom-view-tree-node-item-icon.codicon-${icon.replace('~', '\\~')}`), `${what}: its "${icon}" icon`);
  }

  /** The row of `stepId` in the "Waiting for you" section. @param {string} title @param {string} stepId */
  waitingRow(title, stepId) {
    return this.row(`${title}, ${stepId}, waits for your approval`);
  }

  /** The button `action` in the title bar of the active editor (a step's preview). @param {string} action */
  editorTitleAction(action) {
    // The editor title's toolbar (`.editor-actions` in the tab strip) is the active group's only action bar.
    return this.page.locator(`.part.editor .editor-group-container.active .editor-actions .action-label[aria-label="${action}"]`).first();
  }

  /** Notes that the test is about to approve `stepId` (by a click other than Approve), so the journal may record it. @param {string} stepId */
  markApproved(stepId) {
    if (!this.approved.has(stepId)) this.approved.set(stepId, Date.now());
  }

  /**
   * Approves `stepId` with the Approve button in the title bar of its preview (open in the active editor) and
   * waits for its row to leave the "Waiting for you" section. @param {string} title @param {string} stepId
   */
  async approveInEditorTitle(title, stepId) {
    const button = this.editorTitleAction('Approve');
    await this.shows(button, `the editor title's "Approve" for ${stepId}'s preview`, { seen: 'tabs' });
    this.markApproved(stepId);
    await button.click();
    await this.leaves(this.waitingRow(title, stepId), `${stepId} to leave "Waiting for you" after a click on the editor title's Approve`);
  }

  /**
   * Approves the waiting `stepId` with the keyboard alone, as a person who does not reach for the mouse: F1,
   * "Planwright: Focus on Plan View", Enter; Home and ↓ until its row in "Waiting for you" has the focus; then
   * Ctrl+K A. Waits for the row to leave the section and for the run's journal to record the user's approval.
   * @param {string} title @param {string} stepId
   */
  async approveWithKeyboard(title, stepId) {
    const { page } = this;
    const row = this.waitingRow(title, stepId);
    await this.shows(row, `${stepId} in "Waiting for you"`, { nominalMs: 60_000 });
    const focused = page.locator(`${TREE_ROWS}.focused`);
    const focusedLabel = () => focused.first().getAttribute('aria-label', { timeout: 1_000 }).catch(() => null);
    const wanted = labelPattern(`${title}, ${stepId}, waits for your approval`);
    const command = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Focus on Plan View' });
    await waitUntil(`the focus on ${stepId}'s row in "Waiting for you", reached with the keyboard`, async () => {
      await this.releaseModifiers();
      await page.keyboard.press('Escape');
      await page.keyboard.press('F1');
      await page.keyboard.type('Planwright: Focus on Plan View');
      if (!(await command.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false))) return false;
      await page.keyboard.press('Enter');
      await page.keyboard.press('Home');
      for (let presses = 0; presses < 12; presses++) {
        if (wanted.test((await focusedLabel()) ?? '')) return page.locator('.part.sidebar .monaco-list:focus-within').isVisible();
        await page.keyboard.press('ArrowDown');
      }
      return false;
    }, { nominalMs: NOMINAL.show, intervalMs: 500, lastSeen: async () => `the focused row: ${(await focusedLabel()) ?? 'none'}` });
    this.markApproved(stepId);
    await page.keyboard.press('ControlOrMeta+K');
    await page.keyboard.press('a');
    await this.leaves(row, `${stepId} to leave "Waiting for you" after Ctrl+K A on its focused row`);
    await waitUntil(`the run's journal to record ${stepId} as approved by the user`, () => this.userApprovals().some((approval) => approval.stepId === stepId), { nominalMs: 15_000, intervalMs: 200 });
  }

  /** Scrolls the active editor to the first `text` with its Find widget, as a person does, and closes the widget. @param {string} text */
  async findInEditor(text) {
    const input = this.page.locator('.part.editor .editor-group-container.active .find-widget textarea, .part.editor .editor-group-container.active .find-widget input').first();
    await this.page.locator('.part.editor .editor-group-container.active .editor-instance .view-lines').first().click();
    await this.page.keyboard.press('ControlOrMeta+F');
    await this.shows(input, 'the editor\'s Find widget', { seen: 'tabs' });
    await input.fill(text);
    await input.press('Enter');
    await this.page.keyboard.press('Escape');
  }

  /** Every approval the run's journals record as the user's, with when it was recorded. @returns {{ stepId: string, at: number, file: string }[]} */
  userApprovals() {
    return runJournals(this.userDataDir).flatMap(({ file, records }) =>
      records.flatMap((record) => (record.type === 'step' && record.event === 'approve' && record.reason === 'approved by the user' ? [{ stepId: record.stepId, at: record.at, file }] : [])));
  }

  /** Fails if a journal records a user approval of a step the test did not approve, or before it clicked Approve. */
  assertOnlyTestApprovals() {
    for (const { stepId, at, file } of this.userApprovals()) {
      const clicked = this.approved.get(stepId);
      assert.ok(clicked !== undefined, `${path.basename(file)} records ${stepId} as approved by the user at ${new Date(at).toISOString()}, but the test never approved ${stepId} (it approved: ${[...this.approved.keys()].join(', ') || 'nothing yet'})`);
      assert.ok(at >= clicked, `${path.basename(file)} records ${stepId} as approved by the user at ${new Date(at).toISOString()}, before the test clicked its Approve (${new Date(clicked).toISOString()})`);
    }
  }
}

module.exports = { WorkbenchDriver };
