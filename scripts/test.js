#!/usr/bin/env node
// @ts-check
// `npm test`: builds, packages, and runs the three test layers in order, unit (plain mocha), integration
// (mocha inside a real VS Code extension host) and e2e (the packaged .vsix driven through the workbench UI),
// then prints one line `N passed, N failed` summing every layer. Sets itself up: `npm ci` when node_modules is
// missing, code-server into .vscode-test/ when missing; says how to get Chromium when there is none.
// `--layer unit|integration|e2e` (repeatable) runs only those layers after the build.
// PLANWRIGHT_DESKTOP_VSCODE=1 runs the integration layer in desktop VS Code that test-electron downloads.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ensureDependencies } = require('./ensureDependencies');

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const LAYERS = ['unit', 'integration', 'e2e'];
const REPORTER = path.join(__dirname, 'testing', 'countingSpecReporter.js');
const MOCHA = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string }} LayerResult */

/** @param {string[]} argv @returns {string[]} */
function selectedLayers(argv) {
  const chosen = argv.flatMap((arg, i) => (argv[i - 1] === '--layer' ? [arg] : []));
  for (const layer of chosen) if (!LAYERS.includes(layer)) throw new Error(`unknown layer "${layer}"; use ${LAYERS.join(', ')}`);
  return chosen.length > 0 ? chosen : LAYERS;
}

/** Runs a command with inherited output. @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function run(command, args, env) {
  const shown = [command, ...args].map((arg) => (arg === process.execPath ? 'node' : path.isAbsolute(arg) ? path.relative(ROOT, arg) : arg));
  console.log(`\n$ ${shown.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function heading(/** @type {string} */ title) {
  console.log(`\n===== ${title} =====`);
}

/**
 * Runs one layer whose runner writes `{passed, failed, skipped}` to `report`. A runner that fails without
 * reporting a failing test (crash, timeout, load error) counts as one failure.
 * @param {string} name @param {() => number} start @returns {LayerResult}
 */
function countedLayer(name, start) {
  const report = path.join(RESULTS, `${name}.json`);
  fs.rmSync(report, { force: true });
  const started = Date.now();
  const code = start();
  const seconds = (Date.now() - started) / 1000;
  const counts = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : undefined;
  if (!counts) return { name, passed: 0, failed: 1, skipped: 0, seconds, note: `exited with code ${code} before reporting any test` };
  if (code !== 0 && counts.failed === 0) return { name, ...counts, failed: 1, seconds, note: `exited with code ${code}` };
  return { name, ...counts, seconds };
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

/** Makes sure code-server and Chromium are there; @returns {string | undefined} why the VS Code layers cannot run. */
function prepareVsCode() {
  const cs = require('./e2e/codeServer');
  if (!cs.findChromium()) return cs.CHROMIUM_MISSING_HELP;
  try {
    const { installed, seconds } = cs.ensureCodeServer();
    if (installed) console.log(`code-server installed in ${seconds.toFixed(0)} s`);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

/** @param {string} vsix @param {string[]} layers @returns {LayerResult[]} */
function runLayers(vsix, layers) {
  /** @type {LayerResult[]} */
  const results = [];
  const mochaLayer = (/** @type {string} */ name, /** @type {string[]} */ args) =>
    countedLayer(name, () => run(process.execPath, [MOCHA, ...args, '--reporter', REPORTER, '--reporter-option', `out=${path.join(RESULTS, `${name}.json`)}`]));
  if (layers.includes('unit')) {
    heading('unit: plain mocha in Node');
    results.push(mochaLayer('unit', ['--config', path.join(ROOT, '.mocharc.json')]));
  }
  const vscodeLayers = layers.filter((layer) => layer !== 'unit');
  if (vscodeLayers.length === 0) return results;
  heading('preparing a real VS Code (code-server + headless Chromium)');
  const missing = prepareVsCode();
  if (missing) {
    console.error(`\n${missing}\n`);
    return [...results, ...vscodeLayers.map((name) => ({ name, passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'could not start: see above' }))];
  }
  if (vscodeLayers.includes('integration')) {
    heading('integration: mocha inside the VS Code extension host');
    const desktop = process.env.PLANWRIGHT_DESKTOP_VSCODE === '1';
    const shim = path.join(__dirname, 'e2e', 'vscode-shim', 'code');
    const env = {
      PLANWRIGHT_TEST_REPORT: path.join(RESULTS, 'integration.json'),
      ...(desktop ? {} : { VSCODE_TEST_EXECUTABLE: process.env.VSCODE_TEST_EXECUTABLE || shim }),
    };
    results.push(countedLayer('integration', () => run(process.execPath, [path.join(ROOT, 'out', 'test', 'integration', 'runTest.js')], env)));
  }
  if (vscodeLayers.includes('e2e')) {
    heading('e2e: the packaged extension in the VS Code UI');
    process.env.PLANWRIGHT_VSIX = vsix;
    results.push(mochaLayer('e2e', ['--no-config', '--timeout', '120000', path.join(ROOT, 'test', 'e2e', '*.test.js')]));
  }
  return results;
}

function main() {
  const started = Date.now();
  const layers = selectedLayers(process.argv.slice(2));
  ensureDependencies();
  fs.mkdirSync(RESULTS, { recursive: true });
  const built = build();
  /** @type {LayerResult[]} */
  const results = built.ok ? runLayers(built.vsix, layers) : [{ name: 'build', passed: 0, failed: 1, skipped: 0, seconds: built.seconds, note: `${built.step} failed` }];
  heading('summary');
  if (built.ok) console.log(`build        ${built.seconds.toFixed(1).padStart(6)} s  ok`);
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

main();
