// The v2 fixture: a service code base of 200+ files — 12–14 areas under src/ (some with a sub-folder),
// modules of 2–50 KB of working code, one test file per area, docs, scripts — and a test runner that
// spends 1–3 s before it runs, as a real suite does. A project is drawn once per seed and shared by the
// tasks built on it; a task replaces only the files it plants (see `plantedModule`).
import * as path from 'node:path';
import { TEST_COMMAND } from '../fixtureProject';
import { fillerFunctions, type FillerFunction } from './fillerCode';
import { createRandom, type Random } from '../random';

/** A source module: what it is made of, so a task can render it again with planted code. */
export interface V2Module {
  readonly path: string;
  readonly area: string;
  readonly header: string;
  readonly filler: readonly FillerFunction[];
  /** The filler's source, rendered once and shared by every task on the project. */
  readonly body: string;
}

/** A drawn project: its files, modules by area, and the facts goals and checks refer to. */
export interface V2Project {
  readonly name: string;
  readonly org: string;
  readonly year: number;
  readonly areas: readonly string[];
  readonly modules: readonly V2Module[];
  readonly files: Readonly<Record<string, string>>;
}


const AREAS = ['accounts', 'billing', 'catalog', 'checkout', 'inventory', 'invoices', 'notifications', 'orders', 'payments', 'reports', 'search', 'shipping', 'support', 'users'];
const SUB_FOLDERS = ['adapters', 'jobs', 'rules', 'views'];
const ROLES = ['Service', 'Store', 'Rules', 'Format', 'Import', 'Export', 'Cache', 'Policy', 'Mapper', 'Queue', 'Audit', 'Schedule', 'Client', 'Validator', 'Report', 'Index', 'Limits', 'Events'];
const NOUNS = ['entry', 'record', 'batch', 'rule', 'event', 'note', 'period', 'quota', 'tag', 'window', 'limit', 'token', 'line', 'item'];
const PROJECTS = ['harbor', 'meridian', 'foundry', 'lattice', 'beacon', 'tessera'];
const ORGS = ['Acme Tools', 'Tidy Labs', 'Orbit Software', 'Pebble and Co'];

/** The stem of an area's nouns: `orders` → `order`. */
export function singular(area: string): string {
  return area.endsWith('ies') ? `${area.slice(0, -3)}y` : area.replace(/s$/, '');
}

/** The `require` specifier from the file `from` to the module file `to`: `../net/http`. */
export function requirePath(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to).replace(/\.js$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** A module's size: mostly 2–8 KB, some 8–20 KB, a few up to 44 KB, so every file stays within 2–50 KB. */
function drawSize(random: Random): number {
  const roll = random.next();
  if (roll < 0.7) return random.int(2_200, 8_000);
  if (roll < 0.95) return random.int(8_000, 20_000);
  return random.int(20_000, 44_000);
}

/** Renders a module, with `requires` and `planted` functions (and their exported names) above the filler. */
export function renderV2Module(module: V2Module, requires: readonly string[] = [], planted: readonly string[] = [], plantedNames: readonly string[] = []): string {
  const exported = [...plantedNames, ...module.filler.map((f) => f.name)];
  const top = [module.header, "'use strict';", ...requires, ''];
  const middle = planted.flatMap((code) => [code, '']);
  return [...top, ...middle, module.body, '', 'module.exports = {', ...exported.map((name) => `  ${name},`), '};', ''].join('\n');
}

/** `test/run.js`: waits `suiteMs` as a real suite's setup would, then runs every `*.test.js` beside it. */
export function testRunner(suiteMs: number): string {
  return `'use strict';
const fs = require('node:fs');
const path = require('node:path');

// The suite's setup (fixtures, a database, a compile) takes this long in a real project.
const SUITE_MS = ${suiteMs};
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SUITE_MS);

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
      console.log(\`FAIL \${file} \${name}: \${error.message}\`);
    }
  }
}
console.log(\`\${passed} passed, \${failed} failed\`);
process.exitCode = failed === 0 ? 0 : 1;
`;
}

/** A test file whose cases are `title → statement` pairs; `mod` is bound by each statement's own require. */
export function renderTestFile(cases: readonly { readonly title: string; readonly modulePath: string; readonly body: string }[]): string {
  const lines = ["'use strict';", "const assert = require('node:assert');", '', 'module.exports = {'];
  for (const test of cases) {
    lines.push(`  ${JSON.stringify(test.title)}: () => {`, `    const mod = require(${JSON.stringify(requirePath('test/x.js', test.modulePath))});`, `    ${test.body};`, '  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}

function docsFiles(name: string, areas: readonly string[]): Record<string, string> {
  const files: Record<string, string> = {
    'docs/architecture.md': [`# ${name} architecture`, '', 'Each area under `src/` owns its modules; shared helpers live in `src/shared/`, network access in `src/net/`.', '', ...areas.map((area) => `- \`src/${area}/\`: the ${singular(area)} domain.`), ''].join('\n'),
    'docs/testing.md': ['# Testing', '', '`npm test` runs `test/run.js`, which loads every `test/*.test.js`.', ''].join('\n'),
  };
  for (const area of areas) files[`docs/areas/${area}.md`] = [`# ${area}`, '', `How the ${singular(area)} domain is organised and who owns it.`, ''].join('\n');
  return files;
}

/** Draws the project of `seed`: deterministic, about 2 MB of text in 200–260 files. */
export function drawV2Project(seed: number): V2Project {
  const random = createRandom(seed);
  const name = random.pick(PROJECTS);
  const org = random.pick(ORGS);
  const year = random.int(2021, 2023);
  const header = `// Copyright ${year} ${org}`;
  const areas = random.sample(AREAS, random.int(12, 14)).sort();
  const modules: V2Module[] = [];
  const files: Record<string, string> = {};
  const moduleOf = (modulePath: string, area: string, nouns: readonly string[], size: number): V2Module => {
    const filler = fillerFunctions(random, nouns, size);
    return { path: modulePath, area, header, filler, body: filler.map((f) => f.code).join('\n\n') };
  };
  for (const area of ['net', 'shared']) {
    for (const role of random.sample(ROLES, 4)) modules.push(moduleOf(`src/${area}/${area}${role}.js`, area, NOUNS, drawSize(random)));
  }
  for (const area of areas) {
    const nouns = [singular(area), ...random.sample(NOUNS, 4)];
    const sub = random.chance(0.4) ? random.pick(SUB_FOLDERS) : undefined;
    const roles = random.sample(ROLES, random.int(13, 17));
    roles.forEach((role, index) => {
      const folder = sub && index % 3 === 2 ? `src/${area}/${sub}` : `src/${area}`;
      modules.push(moduleOf(`${folder}/${singular(area)}${role}.js`, area, nouns, drawSize(random)));
    });
  }
  for (const module of modules) files[module.path] = renderV2Module(module);
  for (const area of new Set(modules.map((module) => module.area))) {
    const cases = modules.filter((module) => module.area === area).flatMap((module) => module.filler.slice(0, 2).map((f) => ({ title: `${path.posix.basename(module.path, '.js')} ${f.name}`, modulePath: module.path, body: f.assertion })));
    files[`test/${area}.test.js`] = renderTestFile(cases);
  }
  const manifest = { name, version: `${random.int(1, 4)}.${random.int(0, 9)}.${random.int(0, 9)}`, private: true, scripts: { test: TEST_COMMAND, start: 'node scripts/serve.js' }, license: 'UNLICENSED' };
  Object.assign(files, docsFiles(name, areas), {
    '.gitignore': 'node_modules/\ncoverage/\n',
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'README.md': [`# ${name}`, '', `The ${name} services of ${org}.`, '', 'Run the tests with `npm test`.', ''].join('\n'),
    'CHANGELOG.md': ['# Changelog', '', `## ${manifest.version}`, '', '- Split the reports area out of orders.', ''].join('\n'),
    'config.json': `${JSON.stringify({ port: 8080, logLevel: 'info' }, null, 2)}\n`,
    'scripts/serve.js': "'use strict';\nconsole.log('serving on', require('../config.json').port);\n",
    'test/run.js': testRunner(2_000),
  });
  return { name, org, year, areas, modules, files };
}
