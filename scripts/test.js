#!/usr/bin/env node
// @ts-check
// `npm test`: builds, packages, and runs the three test layers in order, unit (plain mocha), integration
// (mocha inside a real VS Code extension host) and e2e (the packaged .vsix driven through the workbench UI),
// then prints one line `N passed, N failed` summing every layer, each counted from its own reporter (so a crash
// still counts what ran). Clears test-results/ first. Sets itself up: `npm ci` when node_modules is missing;
// before the build, says how to get Chromium when there is none and installs code-server into .vscode-test/.
// `--layer unit|integration|e2e` (repeatable) runs only those layers after the build; `--grep TEXT` runs only the
// integration and e2e tests whose full title contains TEXT (the unit layer ignores it).
// PLANWRIGHT_DESKTOP_VSCODE=1 runs the integration layer in desktop VS Code that test-electron downloads.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ensureDependencies } = require('./ensureDependencies');
const { runLayer } = require('./testing/layerRunner');

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const LAYERS = ['unit', 'integration', 'e2e'];
const REPORTER = path.join(__dirname, 'testing', 'countingSpecReporter.js');
const MOCHA = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
/** Where the integration runner and the UI test record how long the workbench took to load on this run. */
const BASELINE = path.join(RESULTS, 'baseline.json');

/** @typedef {import('./testing/layerRunner').LayerResult} LayerResult */

/** How long a layer's report may stay unchanged (no test started or finished) on an idle machine, before scaling. */
const NO_PROGRESS_NOMINAL_MS = { unit: 60_000, integration: 240_000, e2e: 300_000 };
/** The unit tests' own mocha timeout (.mocharc.json), scaled for this machine when npm test runs them. */
const UNIT_TIMEOUT_NOMINAL_MS = 20_000;

/** @param {string[]} argv @returns {string | undefined} */
function selectedGrep(argv) {
  const at = argv.indexOf('--grep');
  return at >= 0 ? argv[at + 1] : undefined;
}

/** @param {string[]} argv @returns {string[]} */
function selectedLayers(argv) {
  const chosen = argv.flatMap((arg, i) => (argv[i - 1] === '--layer' ? [arg] : []));
  for (const layer of chosen) if (!LAYERS.includes(layer)) throw new Error(`unknown layer "${layer}"; use ${LAYERS.join(', ')}`);
  return chosen.length > 0 ? chosen : LAYERS;
}

/** Runs a build command with inherited output. @param {string} command @param {string[]} args */
function run(command, args) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

function heading(/** @type {string} */ title) {
  console.log(`\n===== ${title} =====`);
}

/** @returns {{ ok: true, vsix: string, seconds: number } | { ok: false, step: string, seconds: number }} */
function build() {
  heading('build: type check, bundle, package');
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  if (run('npm', ['run', '--silent', 'compile-tests']) !== 0) return { ok: false, step: 'tsc -p . (type check and test build)', seconds: seconds() };
  const { version, name } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const vsix = path.join(ROOT, `${name}-${version}.vsix`);
  fs.rmSync(vsix, { force: true });
  if (run('npm', ['run', '--silent', 'package']) !== 0 || !fs.existsSync(vsix)) return { ok: false, step: 'npm run package', seconds: seconds() };
  console.log(`packaged ${path.basename(vsix)}: ${(fs.statSync(vsix).size / 1024).toFixed(1)} KiB`);
  return { ok: true, vsix, seconds: seconds() };
}

/** Makes sure Chromium and code-server are there; @returns {string | undefined} why the VS Code layers cannot run. */
function prepareVsCode() {
  heading('preparing a real VS Code (code-server + headless Chromium)');
  const cs = require('./e2e/codeServer');
  const chromium = cs.findChromium();
  if (!chromium) return cs.CHROMIUM_MISSING_HELP;
  console.log(`Chromium: ${chromium}`);
  try {
    const { installed, seconds } = cs.ensureCodeServer();
    console.log(installed ? `code-server installed in ${seconds.toFixed(0)} s` : `code-server: ${cs.codeServerBin()}`);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

/** @param {string} vsix @param {string[]} layers @returns {Promise<LayerResult[]>} */
async function runLayers(vsix, layers, grep) {
  // Compiled by the build: budgets scaled to how busy this machine is (scripts/testing/timeBudget.ts).
  const { budgetMs, timeScale } = require(path.join(ROOT, 'out', 'scripts', 'testing', 'timeBudget.js'));
  /** @type {LayerResult[]} */
  const results = [];
  /** @param {'unit' | 'integration' | 'e2e'} name @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
  const layer = (name, args, env = {}) => {
    const report = path.join(RESULTS, `${name}.json`);
    const nominal = NO_PROGRESS_NOMINAL_MS[name];
    return runLayer({
      name, command: process.execPath, args, cwd: ROOT, report,
      env: { ...process.env, PLANWRIGHT_TEST_REPORT: report, PLANWRIGHT_TEST_BASELINE_FILE: BASELINE, ...env },
      noProgressMs: () => budgetMs(nominal),
      describeBudget: () => {
        const scale = timeScale();
        return `budget ${nominal / 1000} s${scale.factor > 1 ? ` scaled ×${scale.factor.toFixed(1)} from ${scale.why}` : ''}`;
      },
    });
  };
  const mocha = (/** @type {string} */ name) => [MOCHA, '--reporter', REPORTER, '--reporter-option', `out=${path.join(RESULTS, `${name}.json`)}`];
  if (layers.includes('unit')) {
    heading('unit: plain mocha in Node');
    results.push(await layer('unit', [...mocha('unit'), '--config', path.join(ROOT, '.mocharc.json'), '--timeout', String(budgetMs(UNIT_TIMEOUT_NOMINAL_MS))]));
  }
  if (layers.includes('integration')) {
    heading('integration: mocha inside the VS Code extension host');
    const desktop = process.env.PLANWRIGHT_DESKTOP_VSCODE === '1';
    const shim = path.join(__dirname, 'e2e', 'vscode-shim', 'code');
    const env = { ...(desktop ? {} : { VSCODE_TEST_EXECUTABLE: process.env.VSCODE_TEST_EXECUTABLE || shim }), ...(grep ? { PLANWRIGHT_TEST_GREP: grep } : {}) };
    results.push(await layer('integration', [path.join(ROOT, 'out', 'test', 'integration', 'runTest.js')], env));
  }
  if (layers.includes('e2e')) {
    heading('e2e: the packaged extension in the VS Code UI');
    // No mocha timeout: every wait in the UI test has its own budget scaled to this machine, and the watchdog
    // above stops a layer that makes no progress, naming the test in flight.
    results.push(await layer('e2e', [...mocha('e2e'), '--no-config', '--timeout', '0', ...(grep ? ['--grep', grep] : []), path.join(ROOT, 'test', 'e2e', '*.test.js')], { PLANWRIGHT_VSIX: vsix }));
  }
  return results;
}

/** @param {LayerResult[]} results @param {number} started @param {number | undefined} buildSeconds */
function summarize(results, started, buildSeconds) {
  heading('summary');
  if (buildSeconds !== undefined) console.log(`build        ${buildSeconds.toFixed(1).padStart(6)} s  ok`);
  for (const result of results) {
    const skipped = result.skipped ? `, ${result.skipped} skipped` : '';
    const note = result.note ? `  (${result.note})` : '';
    console.log(`${result.name.padEnd(12)} ${result.seconds.toFixed(1).padStart(6)} s  ${result.passed} passed, ${result.failed} failed${skipped}${note}`);
  }
  console.log(`total        ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

async function main() {
  const started = Date.now();
  const layers = selectedLayers(process.argv.slice(2));
  ensureDependencies();
  // A run's results only: old failure screenshots must not sit beside new ones.
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  // Chromium and code-server before the long build, so a missing one is said at once.
  const vscodeLayers = layers.filter((layer) => layer !== 'unit');
  const missing = vscodeLayers.length > 0 ? prepareVsCode() : undefined;
  if (missing) {
    console.error(`\n${missing}\n`);
    summarize(vscodeLayers.map((name) => ({ name, passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'could not start: see above' })), started, undefined);
    return;
  }
  const built = build();
  if (!built.ok) {
    summarize([{ name: 'build', passed: 0, failed: 1, skipped: 0, seconds: built.seconds, note: `${built.step} failed` }], started, undefined);
    return;
  }
  summarize(await runLayers(built.vsix, layers, selectedGrep(process.argv.slice(2))), started, built.seconds);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
