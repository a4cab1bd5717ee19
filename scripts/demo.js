#!/usr/bin/env node
// @ts-check
// `npm run demo`: builds and packages Planwright, installs code-server when missing, and serves a real VS Code
// with the packaged extension installed and a scratch copy of examples/demo-workspace open (so running a plan
// never edits the tracked example), on http://127.0.0.1:8080 (or the next free port), until Ctrl-C. `--port N`
// picks another port. Only 127.0.0.1 is bound: no one else can reach it.
'use strict';
const { spawnSync } = require('node:child_process');
const os = require('node:os');
const fs = require('node:fs');
const path = require('node:path');
const { ensureDependencies } = require('./ensureDependencies');

const ROOT = path.resolve(__dirname, '..');
const EXAMPLE = path.join(ROOT, 'examples', 'demo-workspace');

/** The port `--port N` asks for, 8080 without it. @param {readonly string[]} argv @returns {number} */
function requestedPort(argv) {
  const index = argv.indexOf('--port');
  const port = index >= 0 ? Number(argv[index + 1]) : 8080;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`not a port: ${argv[index + 1]}`);
  return port;
}

function packageExtension() {
  const { name, version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const vsix = path.join(ROOT, `${name}-${version}.vsix`);
  console.log('Building and packaging Planwright (npm run package)...');
  const result = spawnSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0 || !fs.existsSync(vsix)) throw new Error('npm run package failed; run it on its own to see why');
  return vsix;
}

async function main() {
  const wanted = requestedPort(process.argv.slice(2));
  ensureDependencies();
  const vsix = packageExtension();
  const cs = require('./e2e/codeServer');
  cs.ensureCodeServer();
  const stateDir = cs.makeStateDir('planwright-demo-');
  // Runs change the files they work on: the demo works on a copy, kept after Ctrl-C so its changes can be read.
  const workspace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'planwright-demo-workspace-')), 'demo-workspace');
  fs.cpSync(EXAMPLE, workspace, { recursive: true });
  const userDataDir = path.join(stateDir, 'user-data');
  const extensionsDir = path.join(stateDir, 'extensions');
  cs.writeUserSettings(userDataDir);
  cs.installVsix({ stateDir, userDataDir, extensionsDir, vsix });
  const port = await cs.freePort(wanted);
  if (port !== wanted) console.log(`Port ${wanted} is busy; using ${port} instead.`);
  const server = await cs.startCodeServer({ stateDir, userDataDir, extensionsDir, port, folder: workspace });
  let stopping = false;
  const stop = async (/** @type {number} */ code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping code-server...');
    await server.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  void server.exited.then((code) => {
    if (stopping) return;
    console.error(`code-server stopped on its own (exit ${code}); its log: ${server.logFile}`);
    process.exit(1);
  });
  console.log([
    '',
    `Planwright is running in VS Code at ${server.url}/`,
    `  workspace: ${workspace} (a copy of ${path.relative(ROOT, EXAMPLE)}; runs change this copy only, and it is kept after Ctrl-C)`,
    `  log: ${server.logFile}`,
    '  Open the Planwright icon in the activity bar, then "Open Plan File…" and pick add-verbose-flag.plan.json.',
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'));
}

// Run as `npm run demo`; a test requires the module only to read its flags.
if (require.main === module) {
  main().catch((error) => {
    console.error(`npm run demo: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

module.exports = { requestedPort };
