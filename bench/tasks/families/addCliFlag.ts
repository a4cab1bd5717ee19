// Add a command-line flag: parse it in the CLI, test it in a new test file, document it; then run the
// tests. The three changes touch different files and run in parallel.
import { baseProject, TEST_COMMAND } from '../fixtureProject';
import { allOf, contains, editStep, testsPass, testStep, writeStep } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

const FLAGS = [
  { flag: '--quiet', key: 'quiet', help: 'print nothing but errors' },
  { flag: '--dry-run', key: 'dryRun', help: 'show what would change without writing anything' },
  { flag: '--force', key: 'force', help: 'overwrite existing output' },
  { flag: '--watch', key: 'watch', help: 'run again when a file changes' },
];

/** The addCliFlag family: add a CLI flag, its test and its documentation. */
export const addCliFlag: TaskFamily = {
  name: 'addCliFlag',
  description: 'add a CLI flag, its test and its documentation',
  build(random) {
    const project = baseProject(random);
    const { flag, key, help } = random.pick(FLAGS);
    const cli = project.files['src/cli.js']!;
    const readme = project.files['README.md']!;
    const defaults = "  const options = { verbose: false, output: 'text' };";
    const lastBranch = "    else if (arg === '--json') options.output = 'json';";
    const cliEdit = editStep('E1', `Parse ${flag} in the CLI`, 'src/cli.js', cli, [
      { find: defaults, replace: defaults.replace("output: 'text' }", `output: 'text', ${key}: false }`) },
      { find: lastBranch, replace: `${lastBranch}\n    else if (arg === '${flag}') options.${key} = true;` },
    ], allOf(contains('src/cli.js', `'${flag}'`), contains('src/cli.js', `${key}: false`)));
    const testFile = [
      "'use strict';",
      "const assert = require('node:assert');",
      "const { parseArgs } = require('../src/cli');",
      '',
      'module.exports = {',
      `  'parseArgs reads ${flag}': () => assert.strictEqual(parseArgs(['${flag}']).${key}, true),`,
      `  'parseArgs leaves ${key} off by default': () => assert.strictEqual(parseArgs([]).${key}, false),`,
      '};',
      '',
    ].join('\n');
    const test = writeStep('E2', `Test ${flag}`, 'test/cli.test.js', testFile, contains('test/cli.test.js', `'${flag}'`));
    const doc = editStep('E3', `Document ${flag} in the README`, 'README.md', readme, [
      { find: '## License', replace: `## Options\n\n- \`${flag}\`: ${help}.\n\n## License` },
    ], contains('README.md', `\`${flag}\``));
    return {
      goal: `Add a ${flag} flag to the CLI (src/cli.js, options.${key}, off by default) that means "${help}", with a test in test/cli.test.js and a line in the README; ${TEST_COMMAND} must pass.`,
      files: project.files,
      openFiles: ['src/cli.js', 'README.md'],
      groundTruth: [contains('src/cli.js', `'${flag}'`), { kind: 'fileExists', path: 'test/cli.test.js' }, contains('README.md', flag), testsPass],
      steps: [cliEdit, test, doc, testStep('E4', { dependsOn: ['E1', 'E2'] })],
      summary: `Added ${flag} (options.${key}) to the CLI with two tests and a README entry; the tests pass.`,
    };
  },
};
