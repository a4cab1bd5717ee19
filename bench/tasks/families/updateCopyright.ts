// Update the copyright line in every source file: one edit per file (all independent, the widest fan-out
// of the set), a search that proves no old line is left, and sometimes a changelog line and the tests.
import { baseProject, copyrightLine } from '../fixtureProject';
import { contains, editStep, lacks, readStep, testsPass, testStep } from '../stepBuilders';
import type { Step } from '../../../src/core/plan/planSchema';
import type { TaskFamily } from '../taskFamily';

/** The updateCopyright family: update the copyright line in every source file. */
export const updateCopyright: TaskFamily = {
  name: 'updateCopyright',
  description: 'update the copyright line in every source file',
  build(random) {
    const project = baseProject(random);
    const oldLine = copyrightLine(project.year, project.org);
    const newLine = `// Copyright ${project.year}-2025 ${project.org}`;
    const sources = Object.keys(project.files).filter((path) => path.startsWith('src/')).sort();
    const steps: Step[] = sources.map((path, index) =>
      editStep(`E${index + 1}`, `Update ${path}`, path, project.files[path]!, [{ find: oldLine, replace: newLine }], contains(path, newLine)),
    );
    const edits = steps.map((step) => step.id);
    steps.push(readStep(`E${steps.length + 1}`, 'Check no old line is left', 'searchText', { pattern: `Copyright ${project.year} `, glob: 'src/**/*.js' }, { dependsOn: edits }));
    const logged = random.chance(0.5);
    if (logged) {
      steps.push(editStep(`E${steps.length + 1}`, 'Note it in the changelog', 'CHANGELOG.md', project.files['CHANGELOG.md']!, [{ find: '# Changelog\n\n', replace: '# Changelog\n\n## Unreleased\n\n- Update the copyright years.\n\n' }], contains('CHANGELOG.md', 'copyright years')));
    }
    const tested = random.chance(0.5);
    if (tested) steps.push(testStep(`E${steps.length + 1}`, { dependsOn: edits }));
    return {
      goal: `Replace the line "${oldLine}" with "${newLine}" in every file under src/${logged ? ', and add "- Update the copyright years." under "## Unreleased" at the top of CHANGELOG.md' : ''}${tested ? '; make sure the tests still pass' : ''}.`,
      files: project.files,
      openFiles: sources.slice(0, 2),
      groundTruth: [...sources.flatMap((path) => [contains(path, newLine), lacks(path, oldLine)]), ...(logged ? [contains('CHANGELOG.md', 'copyright years')] : []), ...(tested ? [testsPass] : [])],
      steps,
      summary: `Updated the copyright line in ${sources.length} files under src/${logged ? ' and noted it in the changelog' : ''}.`,
    };
  },
};
