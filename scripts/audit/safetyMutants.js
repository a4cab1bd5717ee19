#!/usr/bin/env node
// @ts-check
// The safety audit: applies each deliberate safety bug of safetyMutants.json, one at a time, to a scratch copy
// of the repository and runs the unit tests that hold the promise it breaks, then reports which tests caught
// it. A bug no test catches is a promise the suite does not hold. Not part of `npm test`: a maintainer runs it
// after changing a safety rule or its tests (docs/safety-audit.md). Exit 0 when every bug was caught, 1 when
// one slipped through (or its edit no longer applies), 2 when the tests fail before any bug is applied.
//   node scripts/audit/safetyMutants.js [--only ID[,ID…]] [--keep]
// The scratch copy is compiled once (tsc, esbuild); each bug then recompiles only the file it edits
// (TypeScript's transpileModule) and the bundle when it asks for it, and each test run is killed past its
// budget, which counts as caught (the report says so): a bug that makes the code loop ends there too.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const MUTANTS = path.join(__dirname, 'safetyMutants.json');
/** How long one run of a bug's tests may take before it is killed. */
const RUN_BUDGET_MS = 15 * 60_000;

/**
 * @typedef {{ id: string, promise: string, file: string, find: string, replace: string, tests: string[], bundle?: boolean }} Mutant
 * @typedef {{ failed: string[], killed: boolean, error?: string }} TestRun
 */

/** @param {string[]} argv */
function parseArgs(argv) {
  const only = argv.flatMap((arg, i) => (argv[i - 1] === '--only' ? arg.split(',') : []));
  return { only, keep: argv.includes('--keep') };
}

/** Runs `command` in `cwd`; throws with its output when it fails. @param {string} command @param {string[]} args @param {string} cwd */
function mustRun(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}${result.stderr}`);
}

/** A copy of the working tree's tracked and unignored files (uncommitted changes included), with node_modules linked. */
function scratchCopy() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'planwright-safety-audit-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from) || !fs.lstatSync(from).isFile()) continue;
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.copyFileSync(from, path.join(scratch, file));
  }
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(scratch, 'node_modules'), 'dir');
  return scratch;
}

/** The compiled file tsc writes for `file` (rootDir `.`, outDir `out`). @param {string} scratch @param {string} file */
function compiledPath(scratch, file) {
  return path.join(scratch, 'out', file.replace(/\.ts$/, '.js'));
}

/** Compiles one source file of the scratch copy in place of tsc's output. @param {string} scratch @param {string} file */
function transpile(scratch, file) {
  const ts = require(path.join(ROOT, 'node_modules', 'typescript'));
  const config = ts.getParsedCommandLineOfConfigFile(path.join(scratch, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const source = fs.readFileSync(path.join(scratch, file), 'utf8');
  const output = ts.transpileModule(source, { compilerOptions: { ...config.options, sourceMap: false }, fileName: file });
  fs.writeFileSync(compiledPath(scratch, file), output.outputText);
}

/** Runs mocha on `tests` (paths of the .ts files) in the scratch copy, killed past the budget. @param {string} scratch @param {string[]} tests @returns {TestRun} */
function runTests(scratch, tests) {
  const specs = tests.map((test) => compiledPath(scratch, test));
  const mocha = path.join(scratch, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const result = spawnSync(process.execPath, [mocha, '--no-config', '--reporter', 'json', '--timeout', '600000', ...specs], {
    cwd: scratch,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: RUN_BUDGET_MS,
    killSignal: 'SIGKILL',
  });
  if (result.signal === 'SIGKILL') return { failed: [], killed: true };
  // The JSON reporter writes its report last; a test may print before it.
  const start = result.stdout.lastIndexOf('{\n  "stats"');
  try {
    const report = JSON.parse(result.stdout.slice(start));
    return { failed: report.failures.map((/** @type {{ file: string, fullTitle: string }} */ f) => `${path.relative(path.join(scratch, 'out'), f.file)}: ${f.fullTitle}`), killed: false };
  } catch {
    return { failed: [], killed: false, error: `mocha exited ${result.status} without a report:\n${result.stdout.slice(-2000)}${result.stderr.slice(-2000)}` };
  }
}

/** @param {Mutant} mutant @param {string} scratch @returns {TestRun & { applies: boolean }} */
function tryMutant(mutant, scratch) {
  const sourcePath = path.join(scratch, mutant.file);
  const original = fs.readFileSync(sourcePath, 'utf8');
  const compiled = fs.readFileSync(compiledPath(scratch, mutant.file), 'utf8');
  if (original.split(mutant.find).length !== 2) return { applies: false, failed: [], killed: false };
  try {
    fs.writeFileSync(sourcePath, original.replace(mutant.find, () => mutant.replace));
    transpile(scratch, mutant.file);
    if (mutant.bundle) mustRun(process.execPath, ['esbuild.js'], scratch);
    return { applies: true, ...runTests(scratch, mutant.tests) };
  } finally {
    fs.writeFileSync(sourcePath, original);
    fs.writeFileSync(compiledPath(scratch, mutant.file), compiled);
    if (mutant.bundle) mustRun(process.execPath, ['esbuild.js'], scratch);
  }
}

function main() {
  const { only, keep } = parseArgs(process.argv.slice(2));
  /** @type {Mutant[]} */
  const all = JSON.parse(fs.readFileSync(MUTANTS, 'utf8'));
  const unknown = only.filter((id) => !all.some((mutant) => mutant.id === id));
  if (unknown.length > 0) throw new Error(`no mutant ${unknown.join(', ')} in ${MUTANTS}`);
  const mutants = only.length > 0 ? all.filter((mutant) => only.includes(mutant.id)) : all;
  const scratch = scratchCopy();
  console.log(`scratch copy: ${scratch}\ncompiling it (tsc, esbuild)…`);
  try {
    mustRun(process.execPath, [path.join(scratch, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], scratch);
    mustRun(process.execPath, ['esbuild.js'], scratch);
    const tests = [...new Set(mutants.flatMap((mutant) => mutant.tests))];
    const baseline = runTests(scratch, tests);
    if (baseline.killed || baseline.error || baseline.failed.length > 0) {
      console.log(`the tests fail before any bug is applied, so the audit means nothing:\n${baseline.error ?? (baseline.killed ? 'killed past the budget' : baseline.failed.join('\n'))}`);
      return 2;
    }
    console.log(`${tests.length} test files pass unmutated\n`);
    let slipped = 0;
    for (const mutant of mutants) {
      const started = Date.now();
      const outcome = tryMutant(mutant, scratch);
      const seconds = `${((Date.now() - started) / 1000).toFixed(0)} s`;
      const caught = outcome.applies && !outcome.error && (outcome.killed || outcome.failed.length > 0);
      if (!caught) slipped++;
      const verdict = !outcome.applies ? 'DOES NOT APPLY (its find text is not in the file exactly once)' : outcome.error ? `ERROR ${outcome.error}` : outcome.killed ? 'caught: its tests ran past the budget and were killed' : caught ? `caught by ${outcome.failed.length} test${outcome.failed.length === 1 ? '' : 's'}` : 'SLIPPED THROUGH';
      console.log(`${mutant.id} (${mutant.file}, ${seconds}): ${verdict}\n  promise: ${mutant.promise}`);
      for (const failed of outcome.failed) console.log(`  - ${failed}`);
    }
    console.log(`\n${mutants.length - slipped} of ${mutants.length} deliberate safety bugs caught`);
    return slipped === 0 ? 0 : 1;
  } finally {
    if (keep) console.log(`kept ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
}

process.exitCode = main();
