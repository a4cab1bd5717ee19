// @ts-check
// What the workbench asks and tells, as the UI test reads and answers it: notifications (a toast or the centre,
// found by their text and answered from the centre, where they stay until answered while a toast hides after a
// while; expanded where one line cuts the message off), modal dialogs, a tree row's context menu and tooltip, and
// the quick pick's rows. Every wait is on a condition with a budget.
'use strict';
const assert = require('node:assert/strict');
const { waitUntil } = require('../../out/scripts/testing/timeBudget');

/**
 * What the notification centre holds, as a user sees it when opening it: each notification's text, the labels
 * of its buttons, and whether its progress bar runs (a progress notification still under way). Leaves the centre
 * open. @param {import('./workbenchDriver').WorkbenchDriver} ui
 * @returns {Promise<{ message: string, buttons: string[], progress: boolean }[]>}
 */
async function notificationCentre(ui) {
  await ui.runCommand('Notifications: Show Notifications');
  const centre = ui.page.locator('.notifications-center');
  await ui.shows(centre, 'the notification centre', { seen: 'nothing' });
  return centre.locator('.notification-list-item').evaluateAll((rows) =>
    rows.map((row) => ({
      message: (row.querySelector('.notification-list-item-message')?.textContent ?? '').trim(),
      buttons: [...row.querySelectorAll('.notification-list-item-buttons-container .monaco-button')].map((button) => (button.textContent ?? '').trim()),
      progress: row.querySelector('.monaco-progress-container.active') !== null,
    })),
  );
}

/**
 * A notification whose text matches `message`, as a user sees it in the notification centre: its text and its
 * buttons. Fails, listing what the centre holds, when there is none. Leaves the centre open.
 * @param {import('./workbenchDriver').WorkbenchDriver} ui @param {RegExp} message
 */
async function notice(ui, message) {
  const items = await notificationCentre(ui);
  const found = items.find((item) => message.test(item.message));
  assert.ok(found, `no notification matching ${message} in the centre, which holds ${JSON.stringify(items)}`);
  return found;
}

/**
 * Clicks the button `button` of the notification whose text matches `message` (any notification offering the
 * button when `message` is undefined), in the notification centre. @param {import('./workbenchDriver').WorkbenchDriver} ui
 * @param {RegExp | undefined} message @param {string} button
 */
async function answerNotice(ui, message, button) {
  const items = await notificationCentre(ui);
  const index = items.findIndex((item) => (message ? message.test(item.message) : true) && item.buttons.includes(button));
  assert.ok(index >= 0, `no notification${message ? ` matching ${message}` : ''} with a "${button}" button in the centre, which holds ${JSON.stringify(items)}`);
  const row = ui.page.locator('.notifications-center .notification-list-item').nth(index);
  await row.locator('.notification-list-item-buttons-container .monaco-button', { hasText: new RegExp(`^${escapeRegExp(button)}$`) }).click();
}

/** The label of the button that lists a run's files on `item`, an end-of-run notification: "Show Files" (or "Show"). @param {{ buttons: string[] }} item */
function showFilesButton(item) {
  return item.buttons.find((button) => button === 'Show Files') ?? 'Show';
}

/** A notification (toast or in the centre) showing every one of `texts`. @param {import('./workbenchDriver').WorkbenchDriver} ui @param {string[]} texts */
function notification(ui, ...texts) {
  return texts.reduce((locator, text) => locator.filter({ hasText: text }), ui.page.locator('.notification-list-item'));
}

/**
 * Expands the notification `item` (a toast or in the centre) with its chevron, as a person does to read a message
 * that one line cuts off, again until it is expanded. @param {import('./workbenchDriver').WorkbenchDriver} ui
 * @param {import('playwright-core').Locator} item @param {string} what
 */
async function expandNotification(ui, item, what) {
  // The chevron's label ends in its key binding when it has one.
  const chevron = item.first().locator('.action-label[aria-label^="Expand Notification"]');
  await waitUntil(`${what} to expand`, async () => {
    if (await item.first().evaluate((element) => element.classList.contains('expanded'))) return true;
    await item.first().hover({ timeout: 5_000 }).catch(() => undefined);
    await chevron.click({ timeout: 2_000 }).catch(() => undefined);
    return false;
  }, { nominalMs: 15_000, intervalMs: 200 });
}

/** The modal dialog showing `text`. @param {import('./workbenchDriver').WorkbenchDriver} ui @param {string | RegExp} text */
function dialog(ui, text) {
  return ui.page.locator('.monaco-dialog-box', { hasText: text });
}

/**
 * Waits for the modal dialog showing `text` with every one of `buttons`, and returns it.
 * @param {import('./workbenchDriver').WorkbenchDriver} ui @param {string | RegExp} text @param {string[]} buttons @param {string} what
 */
async function expectDialog(ui, text, buttons, what) {
  const box = dialog(ui, text);
  await ui.shows(box, what, { seen: 'nothing' });
  for (const button of buttons) await ui.shows(dialogButton(box, button), `${what}: its "${button}" button`, { nominalMs: 5_000, seen: 'nothing' });
  return box;
}

/** The button labelled exactly `label` in `box`. @param {import('playwright-core').Locator} box @param {string} label */
function dialogButton(box, label) {
  return box.locator('.monaco-button', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }).first();
}

/**
 * Opens the context menu of the tree row labelled `label` and clicks its entry `entry`; the row is found again
 * by its label right before the right-click. @param {import('./workbenchDriver').WorkbenchDriver} ui @param {string} label @param {string} entry
 */
async function contextMenu(ui, label, entry) {
  const item = ui.page.locator('.context-view .monaco-menu .action-item .action-label', { hasText: new RegExp(`^${escapeRegExp(entry)}$`) }).first();
  await ui.shows(ui.row(label), `tree row "${label}"`);
  // A right-click can be lost on a loaded machine (the row redrawn under it), and a menu opened before the row's
  // state caught up lacks the entry: open the menu afresh until it shows the entry.
  const entries = ui.page.locator('.context-view .monaco-menu .action-item .action-label');
  await waitUntil(`"${entry}" in the context menu of "${label}"`, async () => {
    if (await item.isVisible()) return true;
    await ui.page.keyboard.press('Escape');
    await ui.row(label).locator('.label-name').click({ button: 'right', timeout: 2_000 }).catch(() => undefined);
    return item.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false);
  }, { nominalMs: 10_000, intervalMs: 200, lastSeen: async () => `context menu [${(await entries.allInnerTexts()).join(' | ') || 'not open'}]` });
  // On a loaded machine a menu can miss a click that lands while it is still settling, and stay open: click its
  // entry again until the menu has closed (VS Code closes it before running the entry's command).
  const menu = ui.page.locator('.context-view .monaco-menu');
  await waitUntil(`the context menu of "${label}" to close after "${entry}"`, async () => {
    if (!(await menu.isVisible())) return true;
    await item.click({ timeout: 2_000 }).catch(() => undefined);
    return !(await menu.isVisible());
  }, { nominalMs: 10_000, intervalMs: 200 });
}

/** The quick pick's row showing every one of `texts`. @param {import('./workbenchDriver').WorkbenchDriver} ui @param {string[]} texts */
function pickRow(ui, ...texts) {
  return texts.reduce((locator, text) => locator.filter({ hasText: text }), ui.page.locator('.quick-input-list .monaco-list-row')).first();
}

/**
 * The text of the tooltip that `row` shows when the pointer rests on it, once it shows `text`: the pointer leaves
 * the row and comes back until the hover opens. @param {import('./workbenchDriver').WorkbenchDriver} ui
 * @param {import('playwright-core').Locator} row @param {string} text
 */
async function tooltip(ui, row, text) {
  const hover = ui.page.locator('.monaco-hover', { hasText: text }).first();
  await waitUntil(`the tooltip showing "${text}"`, async () => {
    if (await hover.isVisible()) return true;
    await ui.page.mouse.move(900, 880);
    await row.hover({ timeout: 5_000 }).catch(() => undefined);
    return hover.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false);
  }, { nominalMs: 30_000, intervalMs: 200, lastSeen: async () => `hovers [${(await ui.page.locator('.monaco-hover').allTextContents()).join(' | ') || 'none'}]` });
  return (await hover.textContent()) ?? '';
}

/** `text` as a pattern that matches it literally. @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Waits for the tab `name` and checks it is no untitled document: no "Untitled" in it and no unsaved mark.
 * @param {import('./workbenchDriver').WorkbenchDriver} ui @param {string} name
 */
async function readOnlyTab(ui, name) {
  const tab = ui.page.locator('.tabs-container .tab', { hasText: name });
  await ui.shows(tab, `the tab "${name}"`, { seen: 'tabs' });
  assert.equal(await tab.filter({ hasText: 'Untitled' }).count(), 0, `${name} is not an untitled document`);
  assert.equal(await ui.page.locator('.tabs-container .tab.dirty', { hasText: name }).count(), 0, `${name} has no unsaved changes`);
  return tab;
}

/**
 * Closes the read-only document's tab `tab` (`what` names it) and checks that closing asked nothing, as an
 * untitled document's "save?" would. @param {import('./workbenchDriver').WorkbenchDriver} ui
 * @param {import('playwright-core').Locator} tab @param {string} what
 */
async function closeReadOnlyTab(ui, tab, what) {
  await tab.first().click();
  await ui.runCommand('View: Close Editor');
  await ui.leaves(tab, `${what}'s tab to close`);
  assert.equal(await ui.page.locator('.monaco-dialog-box').count(), 0, `closing ${what} asked nothing`);
}

module.exports = { readOnlyTab, closeReadOnlyTab, notificationCentre, notice, showFilesButton, answerNotice, notification, expandNotification, dialog, expectDialog, dialogButton, contextMenu, pickRow, tooltip, escapeRegExp };
