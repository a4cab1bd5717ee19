// Update a JSON config: change one to three settings in one edit of config.json, and sometimes document
// the change in the README.
import { baseProject } from '../fixtureProject';
import { contains, editStep, jsonWith, nodeAsserts } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

/** A setting that can change: the text before and after, how the goal says it, and how to test it. */
interface SettingChange {
  readonly find: string;
  readonly replace: string;
  readonly say: string;
  readonly holds: string;
}

const CHANGES: readonly SettingChange[][] = [
  [
    { find: '"port": 8080', replace: '"port": 9090', say: 'port to 9090', holds: 'c.port === 9090' },
    { find: '"port": 8080', replace: '"port": 3000', say: 'port to 3000', holds: 'c.port === 3000' },
  ],
  [
    { find: '"logLevel": "info"', replace: '"logLevel": "debug"', say: 'logLevel to "debug"', holds: "c.logLevel === 'debug'" },
    { find: '"logLevel": "info"', replace: '"logLevel": "warn"', say: 'logLevel to "warn"', holds: "c.logLevel === 'warn'" },
  ],
  [{ find: '"retries": 3', replace: '"retries": 5', say: 'retries to 5', holds: 'c.retries === 5' }],
  [{ find: '"cache": false', replace: '"cache": true', say: 'features.cache on', holds: 'c.features.cache === true' }],
  [{ find: '"telemetry": false', replace: '"telemetry": true', say: 'features.telemetry on', holds: 'c.features.telemetry === true' }],
];

/** The updateJsonConfig family: change settings in a JSON config file. */
export const updateJsonConfig: TaskFamily = {
  name: 'updateJsonConfig',
  description: 'change settings in a JSON config file',
  build(random) {
    const project = baseProject(random);
    const changes = random.sample(CHANGES, random.int(1, 3)).map((options) => random.pick(options));
    const config = project.files['config.json']!;
    const edit = editStep('E1', 'Update config.json', 'config.json', config, changes.map(({ find, replace }) => ({ find, replace })), jsonWith('config.json', ...changes.map((c) => c.replace)));
    const documented = random.chance(0.4);
    const steps = [edit];
    if (documented) {
      const lines = changes.map((c) => `- ${c.say}`).join('\n');
      steps.push(editStep('E2', 'Document the settings', 'README.md', project.files['README.md']!, [{ find: '## License', replace: `## Configuration\n\nconfig.json sets:\n${lines}\n\n## License` }], contains('README.md', '## Configuration')));
    }
    const said = changes.map((c) => c.say).join(', ');
    return {
      goal: `In config.json, set ${said}${documented ? ', and add a "## Configuration" section to the README listing these settings' : ''}. Keep the file valid JSON.`,
      files: project.files,
      openFiles: documented ? ['config.json', 'README.md'] : ['config.json'],
      groundTruth: [{ kind: 'jsonValid', path: 'config.json' }, nodeAsserts(`(c => ${changes.map((c) => c.holds).join(' && ')})(require('./config.json'))`), ...(documented ? [contains('README.md', '## Configuration')] : [])],
      steps,
      summary: `Set ${said} in config.json${documented ? ' and documented it in the README' : ''}; the file is valid JSON.`,
    };
  },
};
