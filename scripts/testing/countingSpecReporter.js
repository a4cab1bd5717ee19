// @ts-check
// Mocha reporter: mocha's own spec output, plus the run's counts written as JSON to the file named by
// the `out` reporter option (or $PLANWRIGHT_TEST_REPORT), so scripts/test.js can add up every layer.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

class CountingSpecReporter extends Mocha.reporters.Spec {
  /** @param {Mocha.Runner} runner @param {{ reporterOptions?: { out?: string } }} [options] */
  constructor(runner, options) {
    super(runner, options);
    const out = options?.reporterOptions?.out || process.env.PLANWRIGHT_TEST_REPORT;
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      if (!out) return;
      const stats = runner.stats || { passes: 0, failures: 0, pending: 0 };
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, JSON.stringify({ passed: stats.passes, failed: stats.failures, skipped: stats.pending }));
    });
  }
}

module.exports = CountingSpecReporter;
