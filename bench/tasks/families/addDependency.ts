// Add a dependency entry to package.json; sometimes note it in the changelog too.
import { baseProject } from '../fixtureProject';
import { contains, editStep, jsonWith, nodeAsserts } from '../stepBuilders';
import type { Step } from '../../../src/core/plan/planSchema';
import type { TaskFamily } from '../taskFamily';

const CANDIDATES: Readonly<Record<string, string>> = { yaml: '^2.5.1', ms: '^2.1.3', 'lodash.merge': '^4.6.2', zod: '^3.23.8', picomatch: '^4.0.2' };

/** The addDependency family: add a dependency entry to package.json. */
export const addDependency: TaskFamily = {
  name: 'addDependency',
  description: 'add a dependency entry to package.json',
  build(random) {
    const project = baseProject(random);
    const name = random.pick(Object.keys(CANDIDATES));
    const range = CANDIDATES[name]!;
    const manifest = project.files['package.json']!;
    const steps: Step[] = [
      editStep('E1', `Add ${name} to dependencies`, 'package.json', manifest, [{ find: '"dependencies": {', replace: `"dependencies": {\n    "${name}": "${range}",` }], jsonWith('package.json', `"${name}": "${range}"`)),
    ];
    const logged = random.chance(0.4);
    if (logged) {
      steps.push(editStep('E2', 'Note it in the changelog', 'CHANGELOG.md', project.files['CHANGELOG.md']!, [{ find: '# Changelog\n\n', replace: `# Changelog\n\n## Unreleased\n\n- Depend on ${name} ${range}.\n\n` }], contains('CHANGELOG.md', `${name} ${range}`)));
    }
    return {
      goal: `Add ${name} ${range} to the dependencies in package.json${logged ? ' and note it under "## Unreleased" at the top of CHANGELOG.md' : ''}.`,
      files: project.files,
      openFiles: logged ? ['package.json', 'CHANGELOG.md'] : ['package.json'],
      groundTruth: [{ kind: 'jsonValid', path: 'package.json' }, nodeAsserts(`require('./package.json').dependencies['${name}'] === '${range}'`), ...(logged ? [contains('CHANGELOG.md', `${name} ${range}`)] : [])],
      steps,
      summary: `Added ${name} ${range} to package.json${logged ? ' and the changelog' : ''}.`,
    };
  },
};
