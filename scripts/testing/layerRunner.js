// @ts-check
// Runs one test layer's process and turns what it reported into that layer's result. The layer's reporter
// (countingSpecReporter.js) rewrites its report after every test, so a process that crashes, hangs or is
// killed still counts what ran, plus one failure naming the test that was in flight. A watchdog stops a
// process whose report has not changed for a budget scaled to this machine (timeBudget.ts), and says so.
// A runner may leave `<report>.runner.json` ({ detail }) to say why it stopped (the integration runner does:
// an unresponsive extension host, a crashed page).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string }} LayerResult */
/** @typedef {{ passed: number, failed: number, skipped: number, inFlight: string | null, finished: boolean }} Report */

/** @param {string} file @returns {any} */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The layer's result from its exit and its last report.
 * @param {string} name @param {number} seconds @param {number | null} code
 * @param {Report | undefined} report @param {string | undefined} why what stopped the process, if known
 * @returns {LayerResult}
 */
function layerResult(name, seconds, code, report, why) {
  const exited = why ?? `exited with code ${code}`;
  if (!report) return { name, passed: 0, failed: 1, skipped: 0, seconds, note: `${exited} before any test started` };
  const { passed, failed, skipped } = report;
  if (!report.finished) {
    const where = report.inFlight ? `while running "${report.inFlight}"` : 'between tests';
    return { name, passed, failed: failed + 1, skipped, seconds, note: `${exited} ${where}` };
  }
  if (code !== 0 && failed === 0) return { name, passed, failed: 1, skipped, seconds, note: `${exited} after its tests passed` };
  return { name, passed, failed, skipped, seconds, ...(why ? { note: why } : {}) };
}

/**
 * Runs `command` in its own process group with inherited output and returns the layer's result. The
 * process must write its report to `report`. `noProgressMs()` is asked each second how long the report may
 * stay unchanged; `describeBudget()` says why that long, for the note when the watchdog fires.
 * @param {{ name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, report: string,
 *           noProgressMs: () => number, describeBudget: () => string }} options
 * @returns {Promise<LayerResult>}
 */
function runLayer({ name, command, args, cwd, env, report, noProgressMs, describeBudget }) {
  const runnerNote = `${report}.runner.json`;
  for (const file of [report, runnerNote]) fs.rmSync(file, { force: true });
  const shown = [command, ...args].map((arg) => (arg === process.execPath ? 'node' : path.isAbsolute(arg) ? path.relative(cwd, arg) : arg));
  console.log(`\n$ ${shown.join(' ')}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd, env, stdio: 'inherit', detached: true });
  const pid = /** @type {number} */ (child.pid);
  const signalGroup = (/** @type {NodeJS.Signals} */ signal) => { try { process.kill(-pid, signal); } catch { /* gone */ } };
  const stopOnExit = () => signalGroup('SIGKILL');
  process.once('exit', stopOnExit);
  let lastContent = '';
  let lastChange = Date.now();
  /** @type {string | undefined} */
  let watchdog;
  const timer = setInterval(() => {
    const content = fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : '';
    if (content !== lastContent) {
      lastContent = content;
      lastChange = Date.now();
      return;
    }
    const idle = Date.now() - lastChange;
    if (watchdog || idle <= noProgressMs()) return;
    watchdog = `stopped: no test finished or started for ${Math.round(idle / 1000)} s (${describeBudget()})`;
    console.error(`\n[${name}] ${watchdog}`);
    signalGroup('SIGTERM');
    setTimeout(() => signalGroup('SIGKILL'), 15_000).unref();
  }, 1000);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      clearInterval(timer);
      process.removeListener('exit', stopOnExit);
      signalGroup('SIGKILL');
      const seconds = (Date.now() - started) / 1000;
      const fromRunner = readJson(runnerNote)?.detail;
      const why = watchdog ?? (typeof fromRunner === 'string' ? fromRunner : signal ? `ended by ${signal}` : undefined);
      resolve(layerResult(name, seconds, code, readJson(report), why));
    });
  });
}

module.exports = { runLayer, layerResult };
