// The integration suite's entry point, loaded by the extension host (@vscode/test-electron's extensionTestsPath
// contract): runs every *.test.js beside it with mocha. The reporter (scripts/testing/countingSpecReporter.js)
// prints mocha's spec output and, when PLANWRIGHT_TEST_REPORT names a file, rewrites the counts and the test in
// flight there after every test, so scripts/test.js counts what ran even if this host crashes or hangs. Every
// test's and hook's timeout is its nominal (idle machine) value scaled to how busy the machine is when it starts.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { budgetMs } from '../../../scripts/testing/timeBudget';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const REPORTER = path.join(ROOT, 'scripts', 'testing', 'countingSpecReporter.js');
/** A test's timeout unless its suite sets another, on an idle machine. */
const NOMINAL_TIMEOUT_MS = 30_000;

export function run(): Promise<void> {
  const report = process.env.PLANWRIGHT_TEST_REPORT;
  const grep = process.env.PLANWRIGHT_TEST_GREP;
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: NOMINAL_TIMEOUT_MS,
    reporter: REPORTER,
    ...(report ? { reporterOptions: { out: report } } : {}),
    ...(grep ? { grep } : {}),
  });
  for (const file of readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  const scale = (runnable: Mocha.Runnable) => runnable.timeout(budgetMs(runnable.timeout()));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      if (failures > 0) reject(new Error(`${failures} integration ${failures === 1 ? 'test' : 'tests'} failed`));
      else resolve();
    });
    // Each suite's hooks once, as the suite begins; each test as it begins (after its suite's scaling).
    runner.on(Mocha.Runner.constants.EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      const hooks = suite as unknown as Record<'_beforeAll' | '_beforeEach' | '_afterEach' | '_afterAll', Mocha.Hook[]>;
      for (const hook of [...hooks._beforeAll, ...hooks._beforeEach, ...hooks._afterEach, ...hooks._afterAll]) scale(hook);
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_BEGIN, (test: Mocha.Test) => scale(test));
  });
}
