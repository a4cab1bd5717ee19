// Run a data migration (a command that appends to a log, so it is not safe to repeat), record the schema
// version in the config and note it in the changelog; the two edits run beside the command.
import { baseProject } from '../fixtureProject';
import { contains, editStep, jsonWith, nodeAsserts } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

const MIGRATE = `'use strict';
const fs = require('node:fs');
const path = require('node:path');

const target = Number(process.argv[2]);
const data = path.join(__dirname, '..', 'data');
const schema = JSON.parse(fs.readFileSync(path.join(data, 'schema.json'), 'utf8'));
if (!Number.isInteger(target) || target <= schema.version) {
  console.log(\`nothing to do: the schema is at \${schema.version}\`);
} else {
  schema.version = target;
  fs.writeFileSync(path.join(data, 'schema.json'), JSON.stringify(schema, null, 2) + '\\n');
  fs.appendFileSync(path.join(data, 'migrations.log'), \`\${String(target).padStart(4, '0')} migrated\\n\`);
  console.log(\`migrated to \${target}\`);
}
`;

/** The runMigration family: run a migration command that is not safe to repeat, and record it. */
export const runMigration: TaskFamily = {
  name: 'runMigration',
  description: 'run a migration command that is not safe to repeat, and record it',
  build(random) {
    const project = baseProject(random);
    const from = random.int(3, 40);
    const to = from + 1;
    const files = {
      ...project.files,
      'scripts/migrate.js': MIGRATE,
      'data/schema.json': `${JSON.stringify({ version: from }, null, 2)}\n`,
      'data/migrations.log': `${String(from).padStart(4, '0')} migrated\n`,
    };
    const command = `node scripts/migrate.js ${to}`;
    return {
      goal: `Migrate the data schema from version ${from} to ${to} with scripts/migrate.js, record "schemaVersion": ${to} in config.json (after "retries"), and add "- Migrate the data schema to ${to}." under "## Unreleased" at the top of CHANGELOG.md.`,
      files,
      openFiles: ['scripts/migrate.js', 'config.json', 'CHANGELOG.md'],
      groundTruth: [
        nodeAsserts(`require('./data/schema.json').version === ${to}`),
        contains('data/migrations.log', `${String(to).padStart(4, '0')} migrated`),
        nodeAsserts(`require('./config.json').schemaVersion === ${to}`),
        contains('CHANGELOG.md', `schema to ${to}`),
      ],
      steps: [
        { id: 'E1', title: `Migrate to ${to}`, tool: 'runCommand', args: { command }, postcondition: { kind: 'outputContains', text: `migrated to ${to}` } },
        editStep('E2', 'Record the schema version', 'config.json', project.files['config.json']!, [{ find: '"retries": 3,', replace: `"retries": 3,\n  "schemaVersion": ${to},` }], jsonWith('config.json', `"schemaVersion": ${to}`)),
        editStep('E3', 'Note it in the changelog', 'CHANGELOG.md', project.files['CHANGELOG.md']!, [{ find: '# Changelog\n\n', replace: `# Changelog\n\n## Unreleased\n\n- Migrate the data schema to ${to}.\n\n` }], contains('CHANGELOG.md', `schema to ${to}`)),
      ],
      summary: `Migrated the schema to ${to}, recorded it in config.json and the changelog.`,
    };
  },
};
