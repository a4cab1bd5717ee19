// Create a module and export it: write the module and its test, add it to the index, run the tests.
import { MODULE_TEMPLATES } from '../moduleTemplates';
import { baseProject, copyrightLine, fixtureModule, renderModule, renderTest } from '../fixtureProject';
import { allOf, contains, editStep, nodeAsserts, testsPass, testStep, writeStep } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

/** The createModule family: create a module with a test and export it from the index. */
export const createModule: TaskFamily = {
  name: 'createModule',
  description: 'create a module with a test and export it from the index',
  build(random) {
    const project = baseProject(random);
    const taken = new Set(project.modules.map((module) => module.name));
    const module = fixtureModule(random.pick(MODULE_TEMPLATES.filter((template) => !taken.has(template.name))));
    const names = module.functions.map((f) => f.name);
    const index = project.files['src/index.js']!;
    const lastModule = project.modules[project.modules.length - 1]!;
    const lastRequire = `const { ${lastModule.functions.map((f) => f.name).join(', ')} } = require('./${lastModule.name}');`;
    const lastExport = `  ${lastModule.functions[lastModule.functions.length - 1]!.name},\n};`;
    const newRequire = `const { ${names.join(', ')} } = require('./${module.name}');`;
    const steps = [
      writeStep('E1', `Create ${module.path}`, module.path, renderModule(module, copyrightLine(project.year, project.org)), contains(module.path, `module.exports = { ${names.join(', ')} };`)),
      writeStep('E2', `Test ${module.name}`, module.testPath, renderTest(module), contains(module.testPath, `require('../src/${module.name}')`)),
      editStep('E3', `Export ${module.name} from the index`, 'src/index.js', index, [
        { find: lastRequire, replace: `${lastRequire}\n${newRequire}` },
        { find: lastExport, replace: `${lastExport.slice(0, -3)}\n${names.map((name) => `  ${name},`).join('\n')}\n};` },
      ], allOf(contains('src/index.js', newRequire), contains('src/index.js', `  ${names[0]},`))),
    ];
    const withReadme = random.chance(0.5);
    if (withReadme) {
      steps.push(editStep('E4', 'List the module in the README', 'README.md', project.files['README.md']!, [
        { find: '## License', replace: `## ${module.name}\n\n${names.map((name) => `- \`${name}\``).join('\n')}\n\n## License` },
      ], contains('README.md', `## ${module.name}`)));
    }
    steps.push(testStep(`E${steps.length + 1}`, { dependsOn: ['E1', 'E2', 'E3'] }));
    return {
      goal: `Create a module ${module.path} with ${names.join(', ')}, a test file ${module.testPath} with one test per function, and export the functions from src/index.js${withReadme ? '; list them in the README under a "## ' + module.name + '" heading' : ''}.`,
      files: project.files,
      openFiles: ['src/index.js', ...project.modules.slice(0, 1).map((m) => m.path), ...(withReadme ? ['README.md'] : [])],
      groundTruth: [
        { kind: 'fileExists', path: module.path },
        { kind: 'fileExists', path: module.testPath },
        nodeAsserts(names.map((name) => `typeof require('./src/index.js').${name} === 'function'`).join(' && ')),
        ...(withReadme ? [contains('README.md', `## ${module.name}`)] : []),
        testsPass,
      ],
      steps,
      summary: `Created ${module.path} (${names.join(', ')}) with ${names.length} tests and exported it from src/index.js; the tests pass.`,
    };
  },
};
