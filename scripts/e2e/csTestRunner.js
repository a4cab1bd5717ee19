#!/usr/bin/env node
// @ts-check
// Stands in for the VS Code executable that @vscode/test-electron's runTests() launches: it runs the extension's
// tests inside the Node extension host of a real VS Code (code-server's 1.100.3 server + web workbench in headless
// Chromium) through the workbench's test `payload`, the mechanism VS Code's own browser integration tests use.
// Accepts the arguments runTests() passes:
//   [folder] --extensionDevelopmentPath=<dir> (repeatable) --extensionTestsPath=<module>
//   [--user-data-dir=<dir>] [--extensions-dir=<dir>]      (other VS Code flags are accepted and ignored)
// Env: CODE_SERVER, CHROMIUM_PATH, CS_TEST_SCREENSHOT (PNG written when the tests end), CS_TEST_VERBOSE=1 (echo the
// browser console), CS_TEST_KEEP=1 (keep the state folder). With PLANWRIGHT_TEST_REPORT (the suite's progress,
// written by scripts/testing/countingSpecReporter.js) it gives up only when the tests stop making progress or the
// extension host stays unresponsive, and says why in <report>.runner.json; without it, after CS_TEST_TIMEOUT seconds
// (default 300). Every budget is scaled to this machine (scripts/testing/timeBudget.ts, PLANWRIGHT_TEST_TIME_FACTOR).
// Exit code: the extension host's (0 = tests passed), 2 = gave up waiting, 1 = runner error.
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

/** The idle 2-core machine's nominal budgets, scaled by timeBudget.ts for this machine at the time. */
const NOMINAL = { workbenchLoadMs: 60_000, noProgressMs: 180_000, unresponsiveMs: 60_000 };
const UNRESPONSIVE = /Extension host(?: \([^)]*\))? is unresponsive/;
const RESPONSIVE = /Extension host(?: \([^)]*\))? is responsive/;
const HOST_DIED = /Extension host(?: \([^)]*\))? terminated unexpectedly/;

/**
 * Watches the tests' progress through the report countingSpecReporter rewrites after every test
 * ($PLANWRIGHT_TEST_REPORT) and the extension host's responsiveness as the workbench logs it; decides when to
 * give up: no progress for the scaled budget, or a host unresponsive for its scaled budget. Without a report,
 * the whole run gets one scaled budget (CS_TEST_TIMEOUT seconds, nominal, default 300).
 * @param {typeof import('../../out/scripts/testing/timeBudget')} budget
 */
function progressWatch(budget) {
  const report = process.env.PLANWRIGHT_TEST_REPORT;
  let lastContent = '';
  let lastChange = Date.now();
  /** @type {number | undefined} */
  let unresponsiveSince;
  const inFlight = () => {
    try {
      const test = JSON.parse(fs.readFileSync(/** @type {string} */ (report), 'utf8')).inFlight;
      return test ? `"${test}"` : 'no test (between tests)';
    } catch {
      return 'no test yet';
    }
  };
  const scaled = (/** @type {number} */ nominal) => {
    const scale = budget.timeScale();
    return `budget ${nominal / 1000} s${scale.factor > 1 ? ` scaled ×${scale.factor.toFixed(1)} from ${scale.why}` : ''}`;
  };
  return {
    /** @param {string} line a line the workbench or the extension host logged */
    observe(line) {
      if (UNRESPONSIVE.test(line) && unresponsiveSince === undefined) {
        unresponsiveSince = Date.now();
        lap(`the extension host is unresponsive, running ${report ? inFlight() : 'the tests'}`);
      } else if (RESPONSIVE.test(line) && unresponsiveSince !== undefined) {
        lap(`the extension host is responsive again after ${Math.round((Date.now() - unresponsiveSince) / 1000)} s`);
        unresponsiveSince = undefined;
      } else if (HOST_DIED.test(line)) {
        lap(`the extension host terminated unexpectedly, running ${report ? inFlight() : 'the tests'}`);
      }
    },
    /** @returns {string | undefined} why to give up now, if it is time to */
    verdict() {
      if (!report) {
        const nominal = Number(process.env.CS_TEST_TIMEOUT || 300) * 1000;
        return Date.now() - started > budget.budgetMs(nominal) ? `no result after ${Math.round((Date.now() - started) / 1000)} s (${scaled(nominal)})` : undefined;
      }
      const content = fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : '';
      if (content !== lastContent) {
        lastContent = content;
        lastChange = Date.now();
        return undefined;
      }
      const quiet = Date.now() - lastChange;
      if (unresponsiveSince !== undefined && Date.now() - unresponsiveSince > budget.budgetMs(NOMINAL.unresponsiveMs)) {
        return `the extension host stopped answering ("is unresponsive" for ${Math.round((Date.now() - unresponsiveSince) / 1000)} s, ${scaled(NOMINAL.unresponsiveMs)}) while running ${inFlight()}`;
      }
      if (quiet > budget.budgetMs(NOMINAL.noProgressMs)) {
        const host = unresponsiveSince !== undefined ? '; the extension host is unresponsive' : '';
        return `no test finished or started for ${Math.round(quiet / 1000)} s (${scaled(NOMINAL.noProgressMs)}) while running ${inFlight()}${host}`;
      }
      return undefined;
    },
    /** @param {string} detail Leaves why the run stopped beside the report, for scripts/test.js. */
    explain(detail) {
      if (report) fs.writeFileSync(`${report}.runner.json`, JSON.stringify({ detail }));
    },
  };
}

/** @param {ReturnType<typeof parseArgs>} options @param {string} stateDir @returns {Promise<number>} */
async function run(options, stateDir) {
  if (!options.devPaths.length || !options.tests) {
    console.error('usage: csTestRunner.js [folder] --extensionDevelopmentPath=<dir> --extensionTestsPath=<module>');
    return 1;
  }
  // Compiled with the tests (npm run compile-tests), like the suite this runs.
  const budget = require(path.join(cs.ROOT, 'out', 'scripts', 'testing', 'timeBudget.js'));
  if (options.ignored.length) lap('ignoring VS Code flags: ' + options.ignored.join(' '));
  const userDataDir = options.userData || path.join(stateDir, 'user-data');
  const extensionsDir = options.extDir || path.join(stateDir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  cs.writeUserSettings(userDataDir);
  const folder = options.folder || cs.makeStateDir('cs-test-ws-');
  const server = await cs.startCodeServer({ stateDir, userDataDir, extensionsDir, port: await cs.freePort(), readyBudgetMs: budget.budgetMs(60_000) });
  lap(`code-server pid ${server.pid} ready on ${server.url}, log ${server.logFile}`);
  const stopOnSignal = () => { server.stop().finally(() => process.exit(130)); };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const browser = await cs.launchChromium(stateDir);
  const watch = progressWatch(budget);
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
      watch.observe(text);
      if (!process.env.CS_TEST_VERBOSE && NOISE.some((pattern) => pattern.test(text))) return;
      (type === 'error' ? console.error : console.log)(text);
    });
    await page.exposeFunction('codeAutomationExit', (/** @type {number} */ code) => settle(code));
    page.on('console', (message) => {
      watch.observe(message.text());
      if (process.env.CS_TEST_VERBOSE) console.log(`[browser ${message.type()}]`, message.text().slice(0, 400));
    });
    page.on('pageerror', (error) => console.log('[pageerror]', error.message));
    page.on('crash', () => settle('crash'));

    const remote = (/** @type {string} */ p) => `vscode-remote://127.0.0.1:${server.port}` + p.split(path.sep).join('/');
    const payload = [...options.devPaths.map((p) => ['extensionDevelopmentPath', remote(p)]),
      ['extensionTestsPath', remote(options.tests)], ['skipWelcome', 'true']];
    const target = folder.endsWith('.code-workspace') ? 'workspace' : 'folder';
    const loading = Date.now();
    const loadBudget = budget.budgetMs(NOMINAL.workbenchLoadMs);
    await page.goto(`${server.url}/?${target}=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
      { waitUntil: 'domcontentloaded', timeout: loadBudget });
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: loadBudget });
    const loadMs = Date.now() - loading;
    budget.recordBaseline({ what: 'workbench load', ms: loadMs, referenceMs: budget.WORKBENCH_LOAD_IDLE_MS });
    const scale = budget.timeScale();
    lap(`workbench loaded in ${(loadMs / 1000).toFixed(1)} s (budgets ×${scale.factor.toFixed(1)}: ${scale.why}); tests run in the extension host`);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const stalled = new Promise((resolve) => {
      timer = setInterval(() => {
        const why = watch.verdict();
        if (why) resolve({ stalled: why });
      }, 1000);
    });
    const result = await Promise.race([outcome, stalled]);
    clearInterval(timer);
    if (process.env.CS_TEST_SCREENSHOT) await page.screenshot({ path: process.env.CS_TEST_SCREENSHOT, timeout: budget.budgetMs(15_000) }).catch(() => {});
    if (typeof result === 'object' && result) {
      const why = /** @type {{ stalled: string }} */ (result).stalled;
      lap(`stopped: ${why}`);
      watch.explain(`stopped: ${why}`);
      return 2;
    }
    if (result === 'crash') {
      lap('the browser page crashed');
      watch.explain('the browser page running the workbench crashed');
      return 1;
    }
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
