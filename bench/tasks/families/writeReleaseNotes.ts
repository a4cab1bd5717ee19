// Write release notes: read the changelog, have the worker model draft the notes from it (a #E
// reference), and write them to a file (another reference) — a chain through the worker model — while
// a parallel branch links the notes from the README.
import { baseProject } from '../fixtureProject';
import { contains, editStep, readStep, writeStep } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

/** The writeReleaseNotes family: draft release notes with the worker model and write them to a file. */
export const writeReleaseNotes: TaskFamily = {
  name: 'writeReleaseNotes',
  description: 'draft release notes with the worker model and write them to a file',
  build(random) {
    const project = baseProject(random);
    const tone = random.pick(['two sentences', 'three short bullet points', 'one paragraph']);
    const reply = `Version ${project.version} of ${project.name} fixes an off-by-one in the CLI argument parser. There are no breaking changes, so upgrading is safe.`;
    return {
      goal: `Write release notes for version ${project.version} into docs/release-notes.md (a "# Release notes" heading, then ${tone} drafted from CHANGELOG.md that name the version), and link them from a "## Release notes" section of the README.`,
      files: project.files,
      openFiles: ['CHANGELOG.md', 'README.md'],
      groundTruth: [contains('docs/release-notes.md', '# Release notes'), contains('docs/release-notes.md', project.version), contains('README.md', 'docs/release-notes.md')],
      steps: [
        readStep('E1', 'Read the changelog', 'readFile', { path: 'CHANGELOG.md' }),
        readStep('E2', 'Draft the notes', 'generate', { instruction: `Write ${tone} of release notes for version ${project.version}, naming the version, from this changelog:\n#E1` }),
        writeStep('E3', 'Write docs/release-notes.md', 'docs/release-notes.md', '# Release notes\n\n#E2\n', contains('docs/release-notes.md', '# Release notes')),
        editStep('E4', 'Link the notes from the README', 'README.md', project.files['README.md']!, [{ find: '## License', replace: '## Release notes\n\nSee docs/release-notes.md.\n\n## License' }], contains('README.md', 'docs/release-notes.md')),
      ],
      workerReplies: [reply],
      summary: `Wrote docs/release-notes.md for ${project.version}.`,
    };
  },
};
