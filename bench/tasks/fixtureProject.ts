// The fixture workspace every task starts from: a small CommonJS package with a few library modules,
// their tests and a dependency-free test runner, a CLI, a JSON config, README and CHANGELOG. Drawn from
// the task's random source, so two tasks rarely see the same project.
import { MODULE_TEMPLATES, type FunctionTemplate, type ModuleTemplate } from './moduleTemplates';
import type { Random } from './random';

/** A library module of the project, as rendered into `src/<name>.js` and `test/<name>.test.js`. */
export interface FixtureModule {
  readonly name: string;
  readonly path: string;
  readonly testPath: string;
  readonly functions: readonly FunctionTemplate[];
}

/** The project: its files and what they were made from. */
export interface FixtureProject {
  readonly name: string;
  readonly version: string;
  readonly org: string;
  readonly year: number;
  readonly modules: readonly FixtureModule[];
  readonly files: Record<string, string>;
}

/** The command that runs the project's tests (exit 0 when all pass; prints "N passed, M failed"). */
export const TEST_COMMAND = 'node test/run.js';
/** The text a passing test run prints at the end of its summary line. */
export const ALL_PASSED = ', 0 failed';

const PROJECT_NAMES = ['acme-kit', 'tidy-tools', 'lumen-utils', 'orbit-core', 'pebble-lib', 'quill-helpers', 'nimbus-base', 'cobalt-util'];
const ORGS = ['Acme Tools', 'Tidy Labs', 'Lumen Works', 'Orbit Software', 'Pebble and Co'];
const DEPENDENCIES: Readonly<Record<string, string>> = { chalk: '^5.3.0', commander: '^12.1.0', semver: '^7.6.3', debug: '^4.3.7' };

const TEST_RUNNER = `'use strict';
const fs = require('node:fs');
const path = require('node:path');

let passed = 0;
let failed = 0;
for (const file of fs.readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort()) {
  const tests = require(path.join(__dirname, file));
  for (const [name, test] of Object.entries(tests)) {
    try {
      test();
      passed++;
    } catch (error) {
      failed++;
      console.log(\`FAIL \${name}: \${error.message}\`);
    }
  }
}
console.log(\`\${passed} passed, \${failed} failed\`);
process.exitCode = failed === 0 ? 0 : 1;
`;

/** The copyright line at the top of every source file. */
export function copyrightLine(year: number, org: string): string {
  return `// Copyright ${year} ${org}`;
}

/** `src/<name>.js`: the header, the functions, and one export line. */
export function renderModule(module: Pick<FixtureModule, 'functions'>, header: string, requires: readonly string[] = []): string {
  const names = module.functions.map((f) => f.name);
  const lines = ["'use strict';", header, ...requires, ''];
  for (const f of module.functions) lines.push(f.code, '');
  lines.push(`module.exports = { ${names.join(', ')} };`, '');
  return lines.join('\n');
}

/** `test/<name>.test.js`: one test per function, in the shape `test/run.js` runs. */
export function renderTest(module: Pick<FixtureModule, 'name' | 'functions'>, from = `../src/${module.name}`): string {
  const names = module.functions.map((f) => f.name);
  const cases = module.functions.map((f) => `  '${f.test.title}': () => ${f.test.assertion},`);
  return ["'use strict';", "const assert = require('node:assert');", `const { ${names.join(', ')} } = require('${from}');`, '', 'module.exports = {', ...cases, '};', ''].join('\n');
}

/** `src/index.js`: one require line per module and every function re-exported, one per line. */
export function renderIndex(modules: readonly Pick<FixtureModule, 'name' | 'functions'>[], header: string): string {
  const requires = modules.map((m) => `const { ${m.functions.map((f) => f.name).join(', ')} } = require('./${m.name}');`);
  const exported = modules.flatMap((m) => m.functions.map((f) => `  ${f.name},`));
  return ["'use strict';", header, ...requires, '', 'module.exports = {', ...exported, '};', ''].join('\n');
}

function renderCli(first: FunctionTemplate, from: string, header: string): string {
  return [
    "'use strict';",
    header,
    `const { ${first.name} } = require('./${from}');`,
    '',
    'function parseArgs(argv) {',
    "  const options = { verbose: false, output: 'text' };",
    '  for (const arg of argv) {',
    "    if (arg === '--verbose') options.verbose = true;",
    "    else if (arg === '--json') options.output = 'json';",
    '  }',
    '  return options;',
    '}',
    '',
    'function main(argv) {',
    '  const options = parseArgs(argv);',
    `  return { options, helper: typeof ${first.name} };`,
    '}',
    '',
    'module.exports = { parseArgs, main };',
    '',
  ].join('\n');
}

function renderReadme(name: string, description: string, example: string): string {
  return [`# ${name}`, '', description, '', '## Install', '', `npm install ${name}`, '', '## Usage', '', `const { ${example} } = require('${name}');`, '', '## License', '', 'MIT', ''].join('\n');
}

function renderChangelog(version: string, previous: string): string {
  return ['# Changelog', '', `## ${version}`, '', '- Fix an off-by-one in the CLI argument parser.', '', `## ${previous}`, '', '- First public release.', ''].join('\n');
}

/** Turns a module template into a project module. */
export function fixtureModule(template: ModuleTemplate): FixtureModule {
  return { name: template.name, path: `src/${template.name}.js`, testPath: `test/${template.name}.test.js`, functions: template.functions };
}

/** Draws a project: 3–5 modules, a version, a dependency or two, and every file rendered. */
export function baseProject(random: Random): FixtureProject {
  const name = random.pick(PROJECT_NAMES);
  const org = random.pick(ORGS);
  const year = random.int(2021, 2023);
  const major = random.int(0, 3);
  const minor = random.int(1, 9);
  const patch = random.int(1, 9);
  const version = `${major}.${minor}.${patch}`;
  const header = copyrightLine(year, org);
  const modules = random.sample(MODULE_TEMPLATES, random.int(3, 5)).map(fixtureModule);
  const dependencyNames = random.sample(Object.keys(DEPENDENCIES), random.int(1, 2)).sort();
  const manifest = {
    name,
    version,
    description: `Small helpers from ${org}.`,
    main: 'src/index.js',
    scripts: { test: TEST_COMMAND },
    dependencies: Object.fromEntries(dependencyNames.map((dep) => [dep, DEPENDENCIES[dep]!])),
    license: 'MIT',
  };
  const config = { port: 8080, logLevel: 'info', retries: 3, features: { cache: false, telemetry: false } };
  const files: Record<string, string> = {
    '.gitignore': 'node_modules/\n',
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'README.md': renderReadme(name, manifest.description, modules[0]!.functions[0]!.name),
    'CHANGELOG.md': renderChangelog(version, `${major}.${minor}.${patch - 1}`),
    'config.json': `${JSON.stringify(config, null, 2)}\n`,
    'src/index.js': renderIndex(modules, header),
    'src/cli.js': renderCli(modules[0]!.functions[0]!, modules[0]!.name, header),
    'test/run.js': TEST_RUNNER,
  };
  for (const module of modules) {
    files[module.path] = renderModule(module, header);
    files[module.testPath] = renderTest(module);
  }
  return { name, version, org, year, modules, files };
}
