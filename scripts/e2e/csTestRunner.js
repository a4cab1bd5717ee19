#!/usr/bin/env node
// @ts-check
// Stands in for the VS Code executable that @vscode/test-electron's runTests() launches: it runs the extension's
// tests inside the Node extension host of a real VS Code (code-server's 1.100.3 server + web workbench in headless
// Chromium) through the workbench's test `payload`, the mechanism VS Code's own browser integration tests use.
// Accepts the arguments runTests() passes:
//   [folder] --extensionDevelopmentPath=<dir> (repeatable) --extensionTestsPath=<module>
//   [--user-data-dir=<dir>] [--extensions-dir=<dir>]      (other VS Code flags are accepted and ignored)
// Env: CODE_SERVER, CHROMIUM_PATH, CS_TEST_TIMEOUT (seconds, default 300), CS_TEST_SCREENSHOT (PNG written when the
// tests end), CS_TEST_VERBOSE=1 (echo the browser console), CS_TEST_KEEP=1 (keep the state folder).
// Exit code: the extension host's (0 = tests passed), 2 = timeout, 1 = runner error.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const util = require('node:util');
const cs = require('./codeServer');

const VALUE_FLAGS = ['extensionDevelopmentPath', 'extensionTestsPath', 'user-data-dir', 'extensions-dir', 'folder'];
/** Workbench chatter forwarded with the test output; shown only with CS_TEST_VERBOSE=1. */
const NOISE = [/^Ignoring fetching additional builtin extensions/, /^Creating a socket/, /^Resolv(ing|ed) connection token/,
  /^\[Service Worker\] registered/, /^ChatSessionStore:/, /^Updating additional builtin extensions cache/];

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ devPaths: string[], tests?: string, folder?: string, userData?: string, extDir?: string, ignored: string[] }} */
  const options = { devPaths: [], ignored: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) { options.folder ??= path.resolve(arg); continue; }
    const [key, inline] = arg.slice(2).split(/=(.*)/s);
    const value = VALUE_FLAGS.includes(key) && inline === undefined ? argv[++i] : inline;
    switch (key) {
      case 'extensionDevelopmentPath': options.devPaths.push(path.resolve(value)); break;
      case 'extensionTestsPath': options.tests = path.resolve(value); break;
      case 'folder': options.folder = path.resolve(value); break;
      case 'user-data-dir': options.userData = path.resolve(value); break;
      case 'extensions-dir': options.extDir = path.resolve(value); break;
      default: options.ignored.push(arg);
    }
  }
  return options;
}

const started = Date.now();
const lap = (/** @type {string} */ message) => console.log(`[cs-test-runner +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** @param {ReturnType<typeof parseArgs>} options @param {string} stateDir @returns {Promise<number>} */
async function run(options, stateDir) {
  if (!options.devPaths.length || !options.tests) {
    console.error('usage: csTestRunner.js [folder] --extensionDevelopmentPath=<dir> --extensionTestsPath=<module>');
    return 1;
  }
  if (options.ignored.length) lap('ignoring VS Code flags: ' + options.ignored.join(' '));
  const userDataDir = options.userData || path.join(stateDir, 'user-data');
  const extensionsDir = options.extDir || path.join(stateDir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  cs.writeUserSettings(userDataDir);
  const folder = options.folder || cs.makeStateDir('cs-test-ws-');
  const server = await cs.startCodeServer({ stateDir, userDataDir, extensionsDir, port: await cs.freePort() });
  lap(`code-server pid ${server.pid} ready on ${server.url}, log ${server.logFile}`);
  const stopOnSignal = () => { server.stop().finally(() => process.exit(130)); };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const browser = await cs.launchChromium(stateDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    /** @type {(code: number | string) => void} */
    let settle = () => {};
    /** @type {Promise<number | string>} */
    const outcome = new Promise((resolve) => { settle = resolve; });
    // Under automation the workbench forwards extension-host console output to codeAutomationLog and
    // reports the host's exit after the tests through codeAutomationExit.
    await page.exposeFunction('codeAutomationLog', (/** @type {string} */ type, /** @type {unknown[]} */ args) => {
      const text = util.format(...(args || []));
      if (!process.env.CS_TEST_VERBOSE && NOISE.some((pattern) => pattern.test(text))) return;
      (type === 'error' ? console.error : console.log)(text);
    });
    await page.exposeFunction('codeAutomationExit', (/** @type {number} */ code) => settle(code));
    if (process.env.CS_TEST_VERBOSE) page.on('console', (m) => console.log(`[browser ${m.type()}]`, m.text().slice(0, 400)));
    page.on('pageerror', (error) => console.log('[pageerror]', error.message));
    page.on('crash', () => settle('crash'));

    const remote = (/** @type {string} */ p) => `vscode-remote://127.0.0.1:${server.port}` + p.split(path.sep).join('/');
    const payload = [...options.devPaths.map((p) => ['extensionDevelopmentPath', remote(p)]),
      ['extensionTestsPath', remote(options.tests)], ['skipWelcome', 'true']];
    const target = folder.endsWith('.code-workspace') ? 'workspace' : 'folder';
    await page.goto(`${server.url}/?${target}=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
      { waitUntil: 'domcontentloaded' });
    lap('workbench opened; tests run in the extension host');
    const timeoutSeconds = Number(process.env.CS_TEST_TIMEOUT || 300);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const result = await Promise.race([outcome, new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutSeconds * 1000); })]);
    clearTimeout(timer);
    if (process.env.CS_TEST_SCREENSHOT) await page.screenshot({ path: process.env.CS_TEST_SCREENSHOT }).catch(() => {});
    if (result === 'timeout') { lap(`timeout: no result after ${timeoutSeconds}s`); return 2; }
    if (result === 'crash') { lap('the browser page crashed'); return 1; }
    lap('extension host exited with code ' + result);
    return Number(result);
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
}

const stateDir = cs.makeStateDir('cs-test-');
run(parseArgs(process.argv.slice(2)), stateDir).then(
  (code) => {
    if (code === 0 && !process.env.CS_TEST_KEEP) fs.rmSync(stateDir, { recursive: true, force: true });
    else lap('state kept in ' + stateDir);
    process.exit(code);
  },
  (error) => {
    console.error('[cs-test-runner] error:', error instanceof Error ? error.message : error);
    lap('state kept in ' + stateDir);
    process.exit(1);
  },
);
