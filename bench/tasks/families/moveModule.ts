// Move a module into src/lib/: rename the file and fix every require of it; the edits do not depend on
// the rename (different files), the tests depend on all of them.
import { baseProject } from '../fixtureProject';
import { allOf, contains, editStep, lacks, lineEdits, testsPass, testStep } from '../stepBuilders';
import type { Step } from '../../../src/core/plan/planSchema';
import type { TaskFamily } from '../taskFamily';

/** The moveModule family: move a module to another folder and fix its imports. */
export const moveModule: TaskFamily = {
  name: 'moveModule',
  description: 'move a module to another folder and fix its imports',
  build(random) {
    const project = baseProject(random);
    const module = random.pick(project.modules);
    const target = `src/lib/${module.name}.js`;
    const fromSrc = `require('./${module.name}')`;
    const fromTest = `require('../src/${module.name}')`;
    const users = Object.keys(project.files)
      .filter((path) => project.files[path]!.includes(fromSrc) || project.files[path]!.includes(fromTest))
      .sort();
    const steps: Step[] = [
      { id: 'E1', title: `Move ${module.path} to ${target}`, tool: 'renameFile', args: { from: module.path, to: target }, postcondition: allOf({ kind: 'fileAbsent', path: module.path }, { kind: 'fileExists', path: target }) },
    ];
    for (const path of users) {
      const [oldRequire, newRequire] = path.startsWith('test/') ? [fromTest, `require('../src/lib/${module.name}')`] : [fromSrc, `require('./lib/${module.name}')`];
      const content = project.files[path]!;
      steps.push(editStep(`E${steps.length + 1}`, `Point ${path} at ${target}`, path, content, lineEdits(content, (line) => line.replace(oldRequire, newRequire)), allOf(contains(path, newRequire), lacks(path, oldRequire))));
    }
    steps.push(testStep(`E${steps.length + 1}`, { dependsOn: steps.map((step) => step.id) }));
    return {
      goal: `Move ${module.path} to ${target} and update every require of it (${users.join(', ')}) so the tests pass.`,
      files: project.files,
      openFiles: users.slice(0, 5),
      groundTruth: [{ kind: 'fileAbsent', path: module.path }, { kind: 'fileExists', path: target }, ...users.map((path) => lacks(path, path.startsWith('test/') ? fromTest : fromSrc)), testsPass],
      steps,
      summary: `Moved ${module.path} to ${target} and updated ${users.length} requires; the tests pass.`,
    };
  },
};
