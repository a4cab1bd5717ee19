// Add a README section: before the License section (an edit) or at the end (an append); sometimes with
// a matching changelog line (always, when appending).
import { baseProject } from '../fixtureProject';
import { contains, editStep } from '../stepBuilders';
import type { Check } from '../../../src/core/checks/checkSchema';
import type { Step } from '../../../src/core/plan/planSchema';
import type { TaskFamily } from '../taskFamily';

const SECTIONS = [
  { title: 'Contributing', body: 'Open an issue before a large change, and run the tests before you send a pull request.' },
  { title: 'Testing', body: 'Run `node test/run.js`; it prints how many tests passed and failed.' },
  { title: 'Security', body: 'Report a vulnerability by email to the maintainers, not in a public issue.' },
  { title: 'FAQ', body: 'Does it work in the browser? Only the pure helpers do; the CLI needs Node 20.' },
];

/** The addReadmeSection family: add a section to the README. */
export const addReadmeSection: TaskFamily = {
  name: 'addReadmeSection',
  description: 'add a section to the README',
  build(random) {
    const project = baseProject(random);
    const { title, body } = random.pick(SECTIONS);
    // The append variant always comes with a changelog note, so every task has an edit a fault can hit.
    const logged = random.chance(0.35);
    const atEnd = logged && random.chance(0.6);
    const readme = project.files['README.md']!;
    const section = `## ${title}\n\n${body}\n`;
    const steps: Step[] = [
      atEnd
        ? { id: 'E1', title: `Append ${title}`, tool: 'appendFile', args: { path: 'README.md', content: `\n${section}` }, postcondition: contains('README.md', `## ${title}`) }
        : editStep('E1', `Add ${title} before License`, 'README.md', readme, [{ find: '## License', replace: `${section}\n## License` }], contains('README.md', `## ${title}`)),
    ];
    const truth: Check[] = [contains('README.md', `## ${title}\n\n${body}`)];
    if (!atEnd) truth.push({ kind: 'fileMatches', path: 'README.md', pattern: `## ${title}[\\s\\S]*## License` });
    if (logged) {
      steps.push(editStep('E2', 'Note it in the changelog', 'CHANGELOG.md', project.files['CHANGELOG.md']!, [{ find: '# Changelog\n\n', replace: `# Changelog\n\n## Unreleased\n\n- Document ${title.toLowerCase()} in the README.\n\n` }], contains('CHANGELOG.md', '## Unreleased')));
      truth.push(contains('CHANGELOG.md', '## Unreleased'));
    }
    return {
      goal: `Add a "## ${title}" section ${atEnd ? 'at the end of' : 'just before the License section of'} README.md saying: ${body}${logged ? ' Note it under "## Unreleased" at the top of CHANGELOG.md.' : ''}`,
      files: project.files,
      openFiles: logged ? ['README.md', 'CHANGELOG.md'] : ['README.md'],
      groundTruth: truth,
      steps,
      summary: `Added the ${title} section to the README${logged ? ' and a changelog note' : ''}.`,
    };
  },
};
