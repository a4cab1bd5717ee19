// @ts-check
// Screenshots of the UI test's stages under test-results/: each taken with the pointer parked where it opens no
// hover, after the workbench painted twice, in the light and the dark theme (the user settings let the theme
// follow the OS colour scheme, which the browser emulates).
'use strict';
const path = require('node:path');
const { ROOT } = require('../../scripts/e2e/codeServer');

const RESULTS = path.join(ROOT, 'test-results');

/** Takes a screenshot with the pointer parked where it opens no hover. @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await page.mouse.move(900, 880);
  await page.screenshot({ path: path.join(RESULTS, `e2e-${name}.png`) });
}

/** Waits until the workbench has painted twice, so a screenshot shows the last change in full. @param {import('playwright-core').Page} page */
async function painted(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Screenshots the workbench in the light and the dark theme. @param {import('./workbenchDriver').WorkbenchDriver} ui @param {string} name */
async function shotBothThemes(ui, name) {
  const { page } = ui;
  for (const scheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme: scheme });
    await ui.shows(page.locator(`.monaco-workbench.vs${scheme === 'dark' ? '-dark' : ''}`), `the ${scheme} theme`, { seen: 'nothing' });
    await painted(page);
    await shot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Saves the part of the light workbench below the title bar as `name`.png (not prefixed e2e-): the side bar, the
 * editor and the status bar, for the README. @param {import('playwright-core').Page} page @param {string} name
 */
async function saveWorkbenchCrop(page, name) {
  const editor = await page.locator('.part.editor').boundingBox();
  if (!editor) return;
  const viewport = page.viewportSize() ?? { width: 1400, height: 900 };
  await page.mouse.move(900, 880);
  await page.screenshot({ path: path.join(RESULTS, `${name}.png`), clip: { x: 0, y: editor.y, width: viewport.width, height: viewport.height - editor.y } });
}

/**
 * Saves the top of the light workbench down to just below `below` (an open quick pick, say) as `name`.png, for the
 * README. @param {import('playwright-core').Page} page @param {string} name @param {import('playwright-core').Locator} below
 */
async function saveTopCrop(page, name, below) {
  const box = await below.boundingBox();
  if (!box) return;
  const viewport = page.viewportSize() ?? { width: 1400, height: 900 };
  await page.mouse.move(900, 880);
  await page.screenshot({ path: path.join(RESULTS, `${name}.png`), clip: { x: 0, y: 0, width: viewport.width, height: Math.min(viewport.height, box.y + box.height + 16) } });
}

module.exports = { RESULTS, shot, shotBothThemes, saveWorkbenchCrop, saveTopCrop };
