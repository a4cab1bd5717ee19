// Bump the version and the changelog: two independent edits (package.json, CHANGELOG.md).
import { baseProject } from '../fixtureProject';
import { contains, editStep, jsonWith, nodeAsserts } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

const NOTES = ['Add a --json output mode to the CLI.', 'Speed up slugify on long inputs.', 'Drop support for Node 16.', 'Fix rounding in average.'];

/** The bumpVersion family: bump the package version and add a changelog entry. */
export const bumpVersion: TaskFamily = {
  name: 'bumpVersion',
  description: 'bump the package version and add a changelog entry',
  build(random) {
    const project = baseProject(random);
    const [major, minor, patch] = project.version.split('.').map(Number) as [number, number, number];
    const level = random.pick(['patch', 'minor', 'major'] as const);
    const next = level === 'patch' ? `${major}.${minor}.${patch + 1}` : level === 'minor' ? `${major}.${minor + 1}.0` : `${major + 1}.0.0`;
    const note = random.pick(NOTES);
    return {
      goal: `Release a ${level} version: bump the version in package.json (now ${project.version}) and add a "## ${next}" section at the top of CHANGELOG.md with the line "- ${note}".`,
      files: project.files,
      openFiles: ['package.json', 'CHANGELOG.md'],
      groundTruth: [nodeAsserts(`require('./package.json').version === '${next}'`), contains('CHANGELOG.md', `## ${next}\n\n- ${note}`)],
      steps: [
        editStep('E1', `Set version ${next}`, 'package.json', project.files['package.json']!, [{ find: `"version": "${project.version}"`, replace: `"version": "${next}"` }], jsonWith('package.json', `"version": "${next}"`)),
        editStep('E2', `Add ${next} to the changelog`, 'CHANGELOG.md', project.files['CHANGELOG.md']!, [{ find: '# Changelog\n\n', replace: `# Changelog\n\n## ${next}\n\n- ${note}\n\n` }], contains('CHANGELOG.md', `## ${next}`)),
      ],
      summary: `Bumped ${project.version} to ${next} and added the changelog entry.`,
    };
  },
};
