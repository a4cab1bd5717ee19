// @ts-check
// The UI test's last stage: the Runs view after the walk's runs, one row per run of the workspace with its goal,
// where it ended (an undone run says so) and how far it got; clicking an earlier run shows it in the Plan view. Screenshot in both themes at
// the 300 px side bar.
'use strict';
const assert = require('node:assert/strict');

const QUIET_GOAL_START = 'Add a --quiet flag';
const DONE_WHEN_GOAL = 'Leave a note that proves the task done';

/**
 * @param {{ ui: import('./workbenchDriver').WorkbenchDriver, shotBothThemes: (name: string) => Promise<void> }} walk
 * @param {(title: string, body: () => Promise<void> | void) => void} stage
 */
function runsViewStages(walk, stage) {
  stage('lists the walk\'s runs in the Runs view, each with its goal, its end and its progress, and shows an earlier one in the Plan view when clicked', async () => {
    const { ui, ui: { page } } = walk;
    await ui.runCommand('Planwright: Focus on Runs View');
    const runsPane = page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: /^Runs/ }) });
    const runRows = runsPane.locator('.monaco-list-row');
    await ui.shows(runRows.filter({ hasText: DONE_WHEN_GOAL }), 'the "Done when" run in the Runs view');
    await ui.shows(runRows.filter({ hasText: QUIET_GOAL_START }), 'the planned --quiet run in the Runs view', { nominalMs: 5_000 });
    const rows = await runRows.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
    assert.ok(rows.length >= 3, `the Runs view lists the walk's runs, but shows ${JSON.stringify(rows)}`);
    for (const label of rows) assert.match(label, /^Run \d{8}-\d{6}-[0-9a-f]+: .+, .+, .+$/, 'each run row\'s accessible label says its id, goal, end and who ran it');
    const quiet = runRows.filter({ hasText: QUIET_GOAL_START }).first();
    assert.match(await quiet.innerText(), /of \d+ steps/, 'the --quiet run\'s row says how far it got');
    assert.match(await quiet.getAttribute('aria-label') ?? '', /, undone, /, 'the --quiet run, undone after the reload, reads "undone" in the Runs view too');
    await walk.shotBothThemes('31-runs-view');
    await quiet.locator('.label-name').click();
    const planPane = page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: /^Plan/ }) });
    await ui.shows(planPane.locator('.monaco-list-row', { hasText: QUIET_GOAL_START }), 'the --quiet run shown in the Plan view once its Runs row is clicked');
    await walk.shotBothThemes('32-run-shown-from-runs-view');
  });
}

module.exports = { runsViewStages };
