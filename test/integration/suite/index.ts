// The integration suite's entry point, loaded by the extension host (@vscode/test-electron's extensionTestsPath
// contract): runs every *.test.js beside it with mocha and, when PLANWRIGHT_TEST_REPORT names a file, writes the
// counts there for scripts/test.js.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000 });
  for (const file of readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const report = process.env.PLANWRIGHT_TEST_REPORT;
      if (report) {
        const stats = runner.stats ?? { passes: 0, failures, pending: 0 };
        mkdirSync(path.dirname(report), { recursive: true });
        writeFileSync(report, JSON.stringify({ passed: stats.passes, failed: stats.failures, skipped: stats.pending }));
      }
      if (failures > 0) reject(new Error(`${failures} integration ${failures === 1 ? 'test' : 'tests'} failed`));
      else resolve();
    });
  });
}
