// @ts-check
// Makes `npm test` and `npm run demo` work on a fresh clone: runs `npm ci` when the project's
// dependencies are not installed yet, with a heartbeat line every 20 s (npm ci prints nothing until it is done).
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
/** Packages the scripts need; if any is missing, node_modules is not (fully) installed. */
const REQUIRED = ['esbuild', 'typescript', 'mocha', '@vscode/vsce', '@vscode/test-electron', 'playwright-core', 'zod'];

function ensureDependencies() {
  const missing = REQUIRED.filter((name) => {
    try {
      require.resolve(`${name}/package.json`, { paths: [ROOT] });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  console.log(`Installing dependencies (missing: ${missing.join(', ')}); about a minute, several on a busy machine`);
  const heartbeat = path.join(__dirname, 'testing', 'withHeartbeat.js');
  const result = spawnSync(process.execPath, [heartbeat, 'npm ci', '--', 'npm', 'ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ci failed with exit code ${result.status}`);
}

module.exports = { ensureDependencies };
