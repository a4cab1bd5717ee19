// What a v2 family plants into the shared project: new modules (2 KB and up, like the rest), the code
// the task is about at the top of chosen modules, and a test file that exercises it — a task's own
// copy of only the files it touches, every other file shared with the project.
import * as path from 'node:path';
import { fillerFunctions } from './fillerCode';
import { renderTestFile, renderV2Module, requirePath, singular, testRunner, type V2Module, type V2Project } from './v2Fixture';
import type { Random } from '../random';

/** Code planted at the top of a module: its requires, its functions and their names. */
export interface Planted {
  readonly requires?: readonly string[];
  readonly functions: readonly string[];
  readonly names: readonly string[];
  /** A header other than the project's (a file taken over from elsewhere). */
  readonly header?: string;
}

/** A module file with `planted` code above its filler. */
export function plant(module: V2Module, planted: Planted): string {
  const header = planted.header ?? module.header;
  return renderV2Module({ ...module, header }, planted.requires ?? [], planted.functions, planted.names);
}

/** A new module at `modulePath` with some filler, so it is as large as a real one (2 KB and up). */
export function newModule(random: Random, project: V2Project, modulePath: string): V2Module {
  const filler = fillerFunctions(random, ['entry', 'record', 'value'], random.int(2_200, 5_000));
  return { path: modulePath, area: path.posix.basename(path.posix.dirname(modulePath)), header: `// Copyright ${project.year} ${project.org}`, filler, body: filler.map((f) => f.code).join('\n\n') };
}

/** `count` modules of the areas (not `src/net` or `src/shared`), in path order. */
export function pickModules(random: Random, project: V2Project, count: number, area?: string): V2Module[] {
  const pool = project.modules.filter((module) => (area ? module.area === area : module.area !== 'net' && module.area !== 'shared'));
  return random.sample(pool, count).sort((a, b) => a.path.localeCompare(b.path));
}

/** `const { name } = require('…');` from `from` to `to`. */
export function requireLine(from: string, name: string, to: string): string {
  return `const { ${name} } = require('${requirePath(from, to)}');`;
}

/** A test file exercising planted functions: one case per `[module path, statement over mod]`. */
export function plantedTests(cases: readonly (readonly [string, string])[]): string {
  return renderTestFile(cases.map(([modulePath, body], index) => ({ title: `${path.posix.basename(modulePath, '.js')} ${index + 1}`, modulePath, body })));
}

/** The task's files: the project's, `test/run.js` taking `suiteMs`, then the task's own files over them. */
export function taskFiles(project: V2Project, random: Random, own: Readonly<Record<string, string>>): Record<string, string> {
  return { ...project.files, 'test/run.js': testRunner(random.int(1_000, 3_000)), ...own };
}

/** The stem of a module's file name: `src/orders/orderStore.js` → `orderStore`. */
export function stem(modulePath: string): string {
  return path.posix.basename(modulePath, '.js');
}

/** The noun of a module's area: `src/orders/…` → `order`. */
export function singularOf(module: Pick<V2Module, 'area'>): string {
  return singular(module.area);
}
