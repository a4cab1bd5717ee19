// Delete dead code: an unused legacy module with its test, an unexported helper, or both; a search
// first proves nothing uses them, then the deletions run in parallel, then the tests.
import { baseProject, copyrightLine } from '../fixtureProject';
import { contains, editStep, lacks, readStep, testsPass, testStep } from '../stepBuilders';
import type { Check } from '../../../src/core/checks/checkSchema';
import type { Step } from '../../../src/core/plan/planSchema';
import type { TaskFamily } from '../taskFamily';

const HELPER = "function legacyPad(text) {\n  return '  ' + text;\n}\n\n";

/** The deleteDeadCode family: delete an unused module and an unused helper. */
export const deleteDeadCode: TaskFamily = {
  name: 'deleteDeadCode',
  description: 'delete an unused module and an unused helper',
  build(random) {
    const project = baseProject(random);
    const variant = random.pick(['module', 'helper', 'both'] as const);
    const files = { ...project.files };
    const header = copyrightLine(project.year, project.org);
    const module = random.pick(project.modules);
    const withModule = variant !== 'helper';
    const withHelper = variant !== 'module';
    if (withModule) {
      files['src/legacy.js'] = `'use strict';\n${header}\n\nfunction formatLegacy(value) {\n  return '[' + String(value) + ']';\n}\n\nmodule.exports = { formatLegacy };\n`;
      files['test/legacy.test.js'] = `'use strict';\nconst assert = require('node:assert');\nconst { formatLegacy } = require('../src/legacy');\n\nmodule.exports = {\n  'formatLegacy brackets a value': () => assert.strictEqual(formatLegacy(1), '[1]'),\n};\n`;
    }
    if (withHelper) files[module.path] = files[module.path]!.replace('module.exports =', `${HELPER}module.exports =`);
    const steps: Step[] = [readStep('E1', 'Confirm nothing uses the dead code', 'searchText', { pattern: withModule ? "legacyPad|require\\('\\./legacy'\\)" : 'legacyPad', glob: 'src/**/*.js' })];
    const truth: Check[] = [];
    if (withModule) {
      for (const path of ['src/legacy.js', 'test/legacy.test.js']) {
        steps.push({ id: `E${steps.length + 1}`, title: `Delete ${path}`, tool: 'deleteFile', args: { path }, dependsOn: ['E1'], postcondition: { kind: 'fileAbsent', path } });
        truth.push({ kind: 'fileAbsent', path });
      }
    }
    if (withHelper) {
      steps.push(editStep(`E${steps.length + 1}`, `Remove legacyPad from ${module.path}`, module.path, files[module.path]!, [{ find: HELPER, replace: '' }], lacks(module.path, 'function legacyPad'), { dependsOn: ['E1'] }));
      truth.push(lacks(module.path, 'legacyPad'), contains(module.path, 'module.exports'));
    }
    steps.push(testStep(`E${steps.length + 1}`, { dependsOn: steps.slice(1).map((step) => step.id) }));
    const what = [withModule ? 'the unused module src/legacy.js (and its test)' : '', withHelper ? `the unexported helper legacyPad in ${module.path}` : ''].filter(Boolean).join(' and ');
    return {
      goal: `Delete ${what}; nothing uses it. The tests must still pass.`,
      files,
      openFiles: [...(withModule ? ['src/legacy.js', 'test/legacy.test.js'] : []), ...(withHelper ? [module.path] : []), 'src/index.js'],
      groundTruth: [...truth, testsPass],
      steps,
      summary: `Deleted ${what}; the tests pass.`,
    };
  },
};
