// Launches the integration suite the standard @vscode/test-electron way. VSCODE_TEST_EXECUTABLE names the
// VS Code to use: `npm test` points it at scripts/e2e/vscode-shim/code (code-server in headless Chromium);
// left unset, test-electron downloads desktop VS Code 1.100.3. Every run gets a throw-away copy of
// examples/demo-workspace and fresh user-data and extensions folders.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The VS Code the tests run against when it has to be downloaded; the oldest release `engines.vscode` accepts. */
const VSCODE_VERSION = '1.100.3';
/** What the suite inside the extension host reads from its environment. */
const PASSED_ENV = ['PLANWRIGHT_TEST_REPORT', 'PLANWRIGHT_TEST_BASELINE_FILE', 'PLANWRIGHT_TEST_TIME_FACTOR', 'PLANWRIGHT_TEST_GREP'];
/** A test-only extension serving a scripted chat model through the proposed model-provider API (test/integration/lmProvider). */
const LM_PROVIDER = path.join(ROOT, 'test', 'integration', 'lmProvider');
const LM_PROVIDER_ID = 'planwright-test.lm-provider';
const LM_PROVIDER_VERSION = '0.0.1';

/**
 * Installs the scripted-model extension into `extensionsDir` as well. The web workbench that stands in for VS Code
 * under `npm test` reads its launch payload into a Map, so of several extensionDevelopmentPath entries it keeps the
 * last one only (Planwright's, listed last); it loads the provider from the extensions folder instead.
 */
function installLmProvider(extensionsDir: string): void {
  const folder = `${LM_PROVIDER_ID}-${LM_PROVIDER_VERSION}`;
  const target = path.join(extensionsDir, folder);
  mkdirSync(extensionsDir, { recursive: true });
  cpSync(LM_PROVIDER, target, { recursive: true });
  const entry = { identifier: { id: LM_PROVIDER_ID }, version: LM_PROVIDER_VERSION, location: { $mid: 1, path: target.split(path.sep).join('/'), scheme: 'file' }, relativeLocation: folder };
  writeFileSync(path.join(extensionsDir, 'extensions.json'), JSON.stringify([entry]));
}

async function main(): Promise<number> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'planwright-it-'));
  const workspace = path.join(scratch, 'demo-workspace');
  cpSync(path.join(ROOT, 'examples', 'demo-workspace'), workspace, { recursive: true });
  const extensionsDir = path.join(scratch, 'extensions');
  installLmProvider(extensionsDir);
  try {
    await runTests({
      vscodeExecutablePath: process.env.VSCODE_TEST_EXECUTABLE || undefined,
      version: VSCODE_VERSION,
      extensionDevelopmentPath: [LM_PROVIDER, ROOT],
      extensionTestsPath: path.join(__dirname, 'suite', 'index'),
      launchArgs: [
        workspace,
        '--disable-extensions',
        `--user-data-dir=${path.join(scratch, 'user-data')}`,
        `--extensions-dir=${extensionsDir}`,
        // Desktop VS Code (stable) lets only the extensions named here use a proposed API; code-server's build
        // allows every extension, and the test runner that stands in for it ignores the flag.
        `--enable-proposed-api=${LM_PROVIDER_ID}`,
      ],
      // The suite's progress report, and what scales its waits to this machine (scripts/testing/timeBudget.ts).
      extensionTestsEnv: Object.fromEntries(PASSED_ENV.map((name) => [name, process.env[name] ?? ''])),
    });
    return 0;
  } catch (error) {
    console.error(`Integration tests failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

void main().then((code) => {
  process.exitCode = code;
});
