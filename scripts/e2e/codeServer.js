// @ts-check
// code-server (the VS Code 1.100.3 server, web workbench and Node extension host) for the test runs and the demo:
// where it is installed and how to install it on demand, a private state folder per run, a server bound to
// 127.0.0.1 on a free port and stopped by its process group, VSIX installs, and headless Chromium.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
/** The newest code-server whose `engines.node` accepts Node 20 (VS Code 1.100.3). */
const CODE_SERVER_VERSION = '4.100.3';
const INSTALL_DIR = path.join(ROOT, '.vscode-test', 'code-server');
const INSTALLED_MARKER = path.join(INSTALL_DIR, `.installed-${CODE_SERVER_VERSION}`);
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** @returns {string} the code-server executable: $CODE_SERVER, or the project's own install. */
function codeServerBin() {
  return process.env.CODE_SERVER || path.join(INSTALL_DIR, 'node_modules', '.bin', 'code-server');
}

/**
 * Installs code-server into .vscode-test/code-server unless it is already there (or $CODE_SERVER is set).
 * The install downloads and builds native modules, printing a heartbeat while it runs; the marker file is written
 * only after a complete install.
 * @returns {{ installed: boolean, seconds: number }}
 */
function ensureCodeServer() {
  const started = Date.now();
  if (process.env.CODE_SERVER) {
    if (!fs.existsSync(process.env.CODE_SERVER)) throw new Error(`CODE_SERVER=${process.env.CODE_SERVER} does not exist`);
    return { installed: false, seconds: 0 };
  }
  if (fs.existsSync(INSTALLED_MARKER) && fs.existsSync(codeServerBin())) return { installed: false, seconds: 0 };
  console.log(`Installing code-server ${CODE_SERVER_VERSION} into ${path.relative(ROOT, INSTALL_DIR)} (once: a few minutes on an idle machine, 10 or more on a busy one)...`);
  const script = path.join(__dirname, 'install-code-server.sh');
  const heartbeat = path.join(__dirname, '..', 'testing', 'withHeartbeat.js');
  const result = spawnSync(process.execPath, [heartbeat, 'code-server install', '--', 'bash', script, INSTALL_DIR, CODE_SERVER_VERSION], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`code-server install failed (exit ${result.status}); see the output above`);
  fs.writeFileSync(INSTALLED_MARKER, new Date().toISOString() + '\n');
  return { installed: true, seconds: (Date.now() - started) / 1000 };
}

/** @returns {string | undefined} the Chromium to drive: $CHROMIUM_PATH or /usr/bin/chromium, if it exists. */
function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return fs.existsSync(candidate) ? candidate : undefined;
}

/** What to tell someone whose machine has no Chromium. */
const CHROMIUM_MISSING_HELP = [
  `Chromium was not found at ${process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM}.`,
  'The integration and UI tests drive VS Code in headless Chromium. Install it with:',
  '    sudo apt-get update && sudo apt-get install -y chromium      (Debian/Ubuntu; as root drop "sudo")',
  'or point CHROMIUM_PATH at any Chrome or Chromium executable.',
].join('\n');

/** @param {string} prefix @returns {string} a fresh, private folder for one run's user data, logs and sockets. */
function makeStateDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Environment that keeps code-server, the VS Code server and Chromium out of $HOME and /tmp:
 * their config, caches and sockets all go under the run's state folder.
 * EXTENSIONS_GALLERY='{}' switches the marketplace off, so the workbench makes no outside requests.
 * @param {string} stateDir @returns {NodeJS.ProcessEnv}
 */
function isolatedEnv(stateDir) {
  return {
    EXTENSIONS_GALLERY: '{}',
    ...process.env,
    XDG_CONFIG_HOME: path.join(stateDir, 'xdg-config'),
    XDG_DATA_HOME: path.join(stateDir, 'xdg-data'),
    XDG_CACHE_HOME: path.join(stateDir, 'xdg-cache'),
    TMPDIR: stateDir,
  };
}

/** @param {string} userDataDir Writes user settings that keep the workbench quiet and offline. */
function writeUserSettings(userDataDir) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const settings = {
    'workbench.startupEditor': 'none',
    'workbench.enableExperiments': false,
    'workbench.tips.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    'security.workspace.trust.enabled': false,
    'chat.disableAIFeatures': true,
    'git.openRepositoryInParentFolders': 'never',
  };
  fs.writeFileSync(file, JSON.stringify(settings, null, 2));
}

/** @param {number} port @returns {Promise<boolean>} whether 127.0.0.1:port can be bound right now. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * @param {number} [preferred] tried first, then the next nine ports, then any free port.
 * @returns {Promise<number>}
 */
async function freePort(preferred) {
  if (preferred) {
    for (let port = preferred; port < preferred + 10; port++) if (await portIsFree(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Installs a .vsix into the run's extensions folder.
 * @param {{ stateDir: string, userDataDir: string, extensionsDir: string, vsix: string }} options
 */
function installVsix({ stateDir, userDataDir, extensionsDir, vsix }) {
  const result = spawnSync(codeServerBin(),
    ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix],
    { env: isolatedEnv(stateDir), encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`installing ${vsix} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout.trim();
}

/**
 * @typedef {object} RunningServer
 * @property {string} url          base URL, http://127.0.0.1:<port>
 * @property {number} port
 * @property {number} pid          leader of the server's process group
 * @property {string} logFile
 * @property {() => Promise<void>} stop   stops the whole process group (SIGTERM, then SIGKILL after 5 s)
 * @property {Promise<number | null>} exited
 */

/**
 * Starts code-server on 127.0.0.1 in its own process group and waits until /healthz answers, for at most
 * `readyBudgetMs` (the tests pass one scaled to how busy the machine is; default 60 s).
 * @param {{ stateDir: string, userDataDir: string, extensionsDir: string, port: number,
 *           folder?: string, extraArgs?: string[], logFile?: string, readyBudgetMs?: number }} options
 * @returns {Promise<RunningServer>}
 */
async function startCodeServer({ stateDir, userDataDir, extensionsDir, port, folder, extraArgs = [], logFile, readyBudgetMs = 60_000 }) {
  const log = logFile || path.join(stateDir, 'code-server.log');
  const fd = fs.openSync(log, 'w');
  const args = ['--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    '--disable-workspace-trust', '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, ...extraArgs];
  if (folder) args.push(folder);
  // detached: the server and every extension host it forks share one process group, stopped together.
  const child = spawn(codeServerBin(), args, { env: isolatedEnv(stateDir), detached: true, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = /** @type {number} */ (child.pid);
  const killGroup = (/** @type {NodeJS.Signals} */ signal) => { try { process.kill(-pid, signal); } catch { /* already gone */ } };
  const stopOnExit = () => killGroup('SIGTERM');
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.removeListener('exit', stopOnExit);
    if (child.exitCode !== null || child.signalCode !== null) { killGroup('SIGKILL'); return; }
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    killGroup('SIGKILL');
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyBudgetMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited early (code ${child.exitCode}); log: ${log}`);
    try {
      const response = await fetch(url + '/healthz');
      if (response.status < 500) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { await stop(); throw new Error(`code-server did not answer on ${url}/healthz within ${Math.round(readyBudgetMs / 1000)} s; log: ${log}`); }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, pid, logFile: log, stop, exited };
}

/**
 * Launches headless Chromium with the flags this offline machine needs (no background networking).
 * @param {string} stateDir @returns {Promise<import('playwright-core').Browser>}
 */
async function launchChromium(stateDir) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING_HELP);
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    env: isolatedEnv(stateDir),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** @param {string} from @param {string} prefix @returns {string} a throw-away copy of a folder. */
function copyToTemp(from, prefix) {
  const target = makeStateDir(prefix);
  fs.cpSync(from, target, { recursive: true });
  return target;
}

module.exports = {
  ROOT, CODE_SERVER_VERSION, CHROMIUM_MISSING_HELP, codeServerBin, ensureCodeServer, findChromium, makeStateDir,
  isolatedEnv, writeUserSettings, freePort, installVsix, startCodeServer, launchChromium, copyToTemp,
};
