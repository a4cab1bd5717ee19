// Split a file: move the last function of a module into its own module, keep the old module re-exporting
// it so nothing else changes, and sometimes move its test case too.
import { baseProject, copyrightLine, renderModule, renderTest } from '../fixtureProject';
import { allOf, contains, editStep, lacks, lineEdits, nodeAsserts, testsPass, testStep, writeStep } from '../stepBuilders';
import type { Step } from '../../../src/core/plan/planSchema';
import type { TaskFamily } from '../taskFamily';

/** The splitFile family: move a function into its own module, keeping the old exports. */
export const splitFile: TaskFamily = {
  name: 'splitFile',
  description: 'move a function into its own module, keeping the old exports',
  build(random) {
    const project = baseProject(random);
    const module = random.pick(project.modules);
    const moved = module.functions[module.functions.length - 1]!;
    const kept = module.functions.slice(0, -1);
    const header = copyrightLine(project.year, project.org);
    const target = `src/${moved.name}.js`;
    const rest = renderModule({ functions: kept }, header, [`const { ${moved.name} } = require('./${moved.name}');`]).replace(
      `module.exports = { ${kept.map((f) => f.name).join(', ')} };`,
      `module.exports = { ${[...kept, moved].map((f) => f.name).join(', ')} };`,
    );
    const steps: Step[] = [
      writeStep('E1', `Create ${target}`, target, renderModule({ functions: [moved] }, header), contains(target, `function ${moved.name}(`)),
      writeStep('E2', `Slim ${module.path} down`, module.path, rest, allOf(lacks(module.path, `function ${moved.name}(`), contains(module.path, `require('./${moved.name}')`))),
    ];
    const moveTest = random.chance(0.5);
    if (moveTest) {
      const testPath = `test/${moved.name}.test.js`;
      const oldTest = project.files[module.testPath]!;
      const caseLine = oldTest.split('\n').find((line) => line.startsWith(`  '${moved.test.title}'`))!;
      steps.push(writeStep('E3', `Create ${testPath}`, testPath, renderTest({ name: moved.name, functions: [moved] }), contains(testPath, moved.test.title)));
      steps.push(editStep('E4', `Drop the moved test from ${module.testPath}`, module.testPath, oldTest, [
        ...lineEdits(oldTest, (line) => (line.startsWith('const {') ? line.replace(`, ${moved.name} }`, ' }') : line)),
        { find: `${caseLine}\n`, replace: '' },
      ], lacks(module.testPath, moved.test.title)));
    }
    steps.push(testStep(`E${steps.length + 1}`, { dependsOn: steps.map((step) => step.id) }));
    return {
      goal: `Split ${module.path}: move ${moved.name} into its own module ${target} and have ${module.path} re-export it so every import keeps working${moveTest ? `; move its test case into test/${moved.name}.test.js` : ''}.`,
      files: project.files,
      openFiles: [module.path, module.testPath, 'src/index.js'],
      groundTruth: [
        contains(target, `function ${moved.name}(`),
        lacks(module.path, `function ${moved.name}(`),
        nodeAsserts(`typeof require('./${module.path}').${moved.name} === 'function'`),
        ...(moveTest ? [{ kind: 'fileExists' as const, path: `test/${moved.name}.test.js` }] : []),
        testsPass,
      ],
      steps,
      summary: `Moved ${moved.name} into ${target}; ${module.path} re-exports it and the tests pass.`,
    };
  },
};
