// @ts-check
// Mocha reporter: mocha's own spec output, plus the layer's progress written as JSON, after every test and
// when a test starts, to the file named by the `out` reporter option (or $PLANWRIGHT_TEST_REPORT):
//   { passed, failed, skipped, inFlight: "<full title>" | null, finished: boolean, updatedAt }
// so scripts/test.js counts what ran even when the process running the tests crashes or hangs, and can name
// the test that was in flight. Used by the unit and e2e layers in Node and by the integration suite inside the
// extension host.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const { EVENT_TEST_BEGIN, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_HOOK_BEGIN, EVENT_HOOK_END, EVENT_RUN_END } = Mocha.Runner.constants;

class CountingSpecReporter extends Mocha.reporters.Spec {
  /** @param {Mocha.Runner} runner @param {{ reporterOptions?: { out?: string } }} [options] */
  constructor(runner, options) {
    super(runner, options);
    const out = options?.reporterOptions?.out || process.env.PLANWRIGHT_TEST_REPORT;
    if (!out) return;
    fs.mkdirSync(path.dirname(out), { recursive: true });
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    /** @type {string | null} the test that began and has not ended */
    let test = null;
    /** @type {string | null} the test or hook running now */
    let inFlight = null;
    const write = (/** @type {boolean} */ finished) => {
      const report = { passed, failed, skipped, inFlight, finished, updatedAt: new Date().toISOString() };
      // Written whole and renamed, so a reader never sees half a report.
      fs.writeFileSync(`${out}.tmp`, JSON.stringify(report));
      fs.renameSync(`${out}.tmp`, out);
    };
    write(false);
    runner.on(EVENT_TEST_BEGIN, (begun) => {
      test = inFlight = begun.fullTitle();
      write(false);
    });
    runner.on(EVENT_HOOK_BEGIN, (hook) => {
      inFlight = hook.fullTitle();
      write(false);
    });
    runner.on(EVENT_HOOK_END, () => {
      inFlight = test;
      write(false);
    });
    runner.on(EVENT_TEST_PASS, () => {
      passed++;
      test = inFlight = null;
      write(false);
    });
    // A failing hook is reported here too: mocha counts it as a failure, and so do we.
    runner.on(EVENT_TEST_FAIL, () => {
      failed++;
      test = inFlight = null;
      write(false);
    });
    runner.on(EVENT_TEST_PENDING, () => {
      skipped++;
      write(false);
    });
    runner.once(EVENT_RUN_END, () => {
      inFlight = null;
      write(true);
    });
  }
}

module.exports = CountingSpecReporter;
