// @ts-check
// What a person could still take for an open question about a step once it was answered (in the tree, in its
// preview's title bar, in bulk) or its run was paused or cancelled: its row in "Waiting for you", an Approve or
// Reject on its row, its diff tab with Approve in the editor's title bar, a notification with a step button.
// Read from the screen as a person sees it.
'use strict';
const assert = require('node:assert/strict');
const prompts = require('./workbenchPrompts');

/** A button that answers a step's question. @param {string} label */
const answersStep = (label) => /^(Approve|Reject)/.test(label) && !/^Approve (All Edits|Read-Only Steps)/.test(label);

/** The diff tabs of `step`, titled "Step <number>: <file> (…)". @param {import('./workbenchDriver').WorkbenchDriver} ui @param {{ title: string, number: number }} step */
function diffTabs(ui, { title, number }) {
  return ui.page.locator('.tabs-container .tab').filter({ hasText: new RegExp(`(^|\\s)Step ${number}: `) });
}

/**
 * Waits for the step's diff tabs (titled "Step <number>: <file> (…)") and its "Waiting for you" row to go, then fails
 * if an editor's title bar, the step's row (hovered, where its inline buttons show) or the notification centre
 * still offers to approve or reject anything. Leaves the notification centre closed.
 * @param {import('./workbenchDriver').WorkbenchDriver} ui @param {{ title: string, stepId: string, number: number }} step
 */
async function assertNoLiveApprove(ui, { title, stepId, number }) {
  const { page } = ui;
  const name = `${number} ${title}`;
  await ui.leaves(diffTabs(ui, { title, number }), `the diff tabs of ${name} to close`);
  await ui.leaves(ui.waitingRow(title, stepId), `${name} to leave "Waiting for you"`);
  const labels = (/** @type {import('playwright-core').Locator} */ buttons) => buttons.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  const inTitleBars = (await labels(page.locator('.part.editor .editor-actions .action-label'))).filter(answersStep);
  assert.deepEqual(inTitleBars, [], `an editor's title bar still offers ${JSON.stringify(inTitleBars)} once ${name} was answered`);
  const row = await ui.hoverRow(`${title}, ${stepId}`);
  const onRow = (await labels(row.locator('.actions .action-label'))).filter(answersStep);
  assert.deepEqual(onRow, [], `${name}'s row still offers ${JSON.stringify(onRow)}`);
  const notifications = await prompts.notificationCentre(ui);
  await page.keyboard.press('Escape');
  const withStepButtons = notifications.filter((item) => item.buttons.some(answersStep));
  assert.deepEqual(withStepButtons, [], `notifications with step buttons once ${name} was answered: ${JSON.stringify(withStepButtons)}`);
}

module.exports = { diffTabs, assertNoLiveApprove };
