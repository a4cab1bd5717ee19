// Renders media/icon.png, the 128 px Marketplace and Open VSX icon, from media/planwright.svg (the activity
// bar's outline icon): the same clipboard and checks, drawn white on a rounded square in the gallery
// banner's colour, by the headless Chromium the UI tests already drive. Run it after changing the SVG:
// `node scripts/renderIcon.js`; the PNG is committed, so packaging never needs a browser.
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');

const ROOT = path.join(__dirname, '..');
const SIZE = 128;
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const background = manifest.galleryBanner.color;

async function main() {
  const outline = fs.readFileSync(path.join(ROOT, 'media', 'planwright.svg'), 'utf8')
    .replace('width="24" height="24"', `width="${SIZE * 0.72}" height="${SIZE * 0.72}"`)
    .replace('stroke="currentColor"', 'stroke="#ffffff"');
  const html = `<html><body style="margin:0;background:transparent">
    <div style="width:${SIZE}px;height:${SIZE}px;border-radius:${SIZE * 0.18}px;background:${background};display:flex;align-items:center;justify-content:center">${outline}</div>
  </body></html>`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    await page.setContent(html);
    await page.screenshot({ path: path.join(ROOT, 'media', 'icon.png'), omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
