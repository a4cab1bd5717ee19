// Fix a failing test: reproduce the failure, fix the one-line bug in the library, run the tests again.
// A chain: each step needs the one before.
import { baseProject, copyrightLine, renderModule, TEST_COMMAND } from '../fixtureProject';
import { countOccurrences, type TextEdit } from '../../../src/core/tools/applyEdits';
import { allOf, contains, editStep, lacks, testsPass, testStep } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

/** The fixFailingTest family: reproduce a failing test, fix the bug, run the tests. */
export const fixFailingTest: TaskFamily = {
  name: 'fixFailingTest',
  description: 'reproduce a failing test, fix the bug, run the tests',
  build(random) {
    const project = baseProject(random);
    const candidates = project.modules.flatMap((module) => module.functions.filter((f) => f.bug).map((f) => ({ module, f })));
    const { module, f } = random.pick(candidates);
    const bug = f.bug!;
    const buggyCode = f.code.replace(bug.find, bug.replace);
    const buggy = { ...module, functions: module.functions.map((g) => (g === f ? { ...g, code: buggyCode } : g)) };
    const files = { ...project.files, [module.path]: renderModule(buggy, copyrightLine(project.year, project.org)) };
    const reproduce = {
      id: 'E1',
      title: 'Reproduce the failing test',
      tool: 'runCommand',
      args: { command: TEST_COMMAND },
      idempotent: true,
      postcondition: allOf({ kind: 'exitCode', equals: 1 }, { kind: 'outputContains', text: `FAIL ${f.test.title}` }),
    };
    const fix = editStep('E2', `Fix ${f.name}`, module.path, files[module.path]!, [fixEdit(files[module.path]!, buggyCode, f.code)], allOf(contains(module.path, bug.find), lacks(module.path, buggyCode)), {
      dependsOn: ['E1'],
    });
    return {
      goal: `The test "${f.test.title}" fails. Find the bug in ${f.name} (${module.path}) and fix it without changing the test.`,
      files,
      openFiles: [module.path, module.testPath],
      groundTruth: [testsPass, contains(module.path, f.code)],
      steps: [reproduce, fix, testStep('E3', { dependsOn: ['E2'] })],
      summary: `Fixed ${f.name} in ${module.path}; "${f.test.title}" and every other test pass.`,
    };
  },
};

/** The smallest fix a reader of the file would write: the one changed line, or the whole function when that line is not unique. */
function fixEdit(content: string, buggyCode: string, fixedCode: string): TextEdit {
  const buggyLines = buggyCode.split('\n');
  const fixedLines = fixedCode.split('\n');
  const index = buggyLines.findIndex((line, i) => line !== fixedLines[i]);
  const line = buggyLines[index]!;
  return countOccurrences(content, line) === 1 ? { find: line, replace: fixedLines[index]! } : { find: buggyCode, replace: fixedCode };
}
