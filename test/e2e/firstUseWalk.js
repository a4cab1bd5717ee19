// @ts-check
// The UI test's first use: the Planwright view opened with no model set up, as a new user meets it. The welcome
// view says so and leads with Configure Model…; Plan a Task… says a model is needed before it asks for a goal, so
// no goal is typed and lost, and its Configure Model… walks through the endpoint and the model names (the scripted
// model server lists no models, so they are typed), after which Plan a Task… asks for the goal and the welcome view
// offers Plan a Task…. Each stage is screenshot in both themes.
'use strict';
const assert = require('node:assert/strict');
const { waitUntil } = require('../../out/scripts/testing/timeBudget');
const { notification } = require('./workbenchPrompts');

/**
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, model: { baseUrl: string }, shotBothThemes: (name: string) => Promise<void>, sideBarPx: number }} walk
 * @param {(title: string, body: () => Promise<void>) => void} it
 */
function firstUseStages(walk, it) {
  it('opens the Planwright view with no model set up: the welcome view says so and leads with Configure Model…', async () => {
    const { ui, ui: { page } } = walk;
    // A person clicks the icon; only while Planwright is not the active container, since a click on the active one closes the side bar.
    const icon = page.locator('.activitybar [aria-label^="Planwright"]').first();
    const active = await icon.evaluate((element) => (element.closest('.action-item') ?? element).classList.contains('checked'));
    if (!active || !(await page.locator('.part.sidebar').isVisible())) await icon.click();
    const welcome = page.locator('.welcome-view-content');
    await ui.shows(welcome.filter({ hasText: 'No model is set up yet' }), 'the welcome view saying "No model is set up yet"');
    const buttons = welcome.locator('.monaco-button');
    await ui.shows(buttons.filter({ hasText: 'Configure Model…' }), 'the welcome view\'s "Configure Model…" button');
    assert.equal((await buttons.first().innerText()).trim(), 'Configure Model…', 'Configure Model… is the welcome view\'s first button');
    assert.equal(await buttons.filter({ hasText: 'Plan a Task…' }).count(), 0, 'the welcome view offers no Plan a Task… without a model');
    await ui.setSideBarWidth(walk.sideBarPx);
    await walk.shotBothThemes('1a-welcome-no-model');
  });

  it('runs "Planwright: Plan a Task…" with no model: it says a model is needed, offers Configure Model…, and asks for no goal', async () => {
    const { ui, ui: { page } } = walk;
    await ui.runCommand('Planwright: Plan a Task…');
    const needed = notification(ui, 'Planwright needs a model to plan a task, and none is set up yet.');
    await ui.shows(needed, 'the notification that a model is needed', { seen: 'nothing' });
    await ui.shows(needed.locator('.monaco-button', { hasText: 'Configure Model…' }), 'its "Configure Model…" button', { nominalMs: 5_000, seen: 'nothing' });
    assert.equal(await page.locator('.quick-input-widget input[placeholder*="verbose flag"]').isVisible(), false, 'no goal input opened without a model');
    await waitUntil('the notification to finish fading in', () => needed.evaluate((item) => getComputedStyle(item.closest('.notification-toast') ?? item).opacity === '1'), { nominalMs: 5_000, intervalMs: 200 });
    await walk.shotBothThemes('1b-plan-a-task-no-model');
    await needed.locator('.monaco-button', { hasText: 'Configure Model…' }).click();
  });

  it('configures the model from that notification: the endpoint, then the model names; Plan a Task… then asks for the goal, and the welcome view offers it', async () => {
    const { ui, ui: { page } } = walk;
    const widget = page.locator('.quick-input-widget');
    const provider = widget.locator('.quick-input-list .monaco-list-row', { hasText: 'OpenAI-compatible endpoint' });
    await ui.shows(provider, 'Configure Model\'s choice of an OpenAI-compatible endpoint', { seen: 'quickInput' });
    await provider.click();
    /** Answers the input box whose prompt contains `prompt` with `value`. @param {string} prompt @param {string} value */
    const answer = async (prompt, value) => {
      const box = widget.filter({ hasText: prompt }).locator('input');
      await ui.shows(box, `the input box asking for ${prompt}`, { seen: 'quickInput' });
      await box.fill(value);
      await box.press('Enter');
    };
    await answer('The API root', walk.model.baseUrl);
    await answer('The planner model', 'scripted-planner');
    await answer('The worker model', 'scripted-worker');
    const goal = widget.filter({ hasText: 'Plan a Task' }).locator('input');
    await ui.shows(goal, 'Plan a Task…\'s goal input, opened again once the model is set up', { seen: 'quickInput' });
    await goal.press('Escape');
    await ui.shows(notification(ui, 'Planwright will use scripted-planner at'), 'the notification saying which model Planwright will use', { seen: 'nothing' });
    const welcome = page.locator('.welcome-view-content');
    await ui.shows(welcome.locator('.monaco-button', { hasText: 'Plan a Task…' }), 'the welcome view\'s "Plan a Task…" button once the model settings are written');
    for (const button of ['Open Plan File…', 'Configure Model…']) await ui.shows(welcome.locator('.monaco-button', { hasText: button }), `the welcome view's "${button}" button`, { nominalMs: 5_000 });
    await walk.shotBothThemes('1-welcome');
    await ui.runCommand('Notifications: Clear All Notifications');
  });
}

module.exports = { firstUseStages };
