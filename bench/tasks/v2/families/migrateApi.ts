// Migrate every caller of a deprecated request helper to its replacement (20–26 callers, each at its own
// depth, so the require path differs), then delete the old module and its test.
import { allOf, contains, lacksWord } from '../../stepBuilders';
import { crossFileTask, type FileChange } from '../crossFileChange';
import { capitalize } from '../fillerCode';
import { newModule, pickModules, plant, plantedTests, requireLine, singularOf, stem, taskFiles } from '../plantCode';
import type { V2Family } from '../v2Family';

const OLD = 'src/net/legacyFetch.js';
const NEW = 'src/net/http.js';
const OLD_TEST = 'test/legacyFetch.test.js';

const helper = (name: string, note: string): string =>
  [`/** ${note} */`, `function ${name}(url, options) {`, "  return { url, method: 'GET', ...(options || {}) };", '}'].join('\n');

/** The migrateApi family. */
export const migrateApi: V2Family = {
  name: 'migrateApi',
  description: 'migrate every caller of a deprecated helper to its replacement, delete the old module',
  build(project, random) {
    const callers = pickModules(random, project, random.int(20, 26));
    const own: Record<string, string> = {
      [NEW]: plant(newModule(random, project, NEW), { functions: [helper('httpGet', 'A GET request: the url, the method, and the options (retries, headers) as given.')], names: ['httpGet'] }),
      [OLD]: plant(newModule(random, project, OLD), { functions: [helper('legacyFetch', 'Deprecated: use httpGet from src/net/http.js, which takes the same arguments.')], names: ['legacyFetch'] }),
      [OLD_TEST]: plantedTests([[OLD, "assert.strictEqual(mod.legacyFetch('/x').method, 'GET')"]]),
    };
    const changes: FileChange[] = [];
    const cases: [string, string][] = [];
    for (const module of callers) {
      const noun = capitalize(singularOf(module));
      const load = `load${noun}${capitalize(stem(module.path))}`;
      const retries = random.int(1, 4);
      const call = `  return legacyFetch(\`/${module.area}/\${id}\`, { retries: ${retries} });`;
      const functions = [[`/** Loads one ${noun.toLowerCase()} from the ${module.area} service. */`, `function ${load}(id) {`, call, '}'].join('\n')];
      const names = [load];
      const calls = [call];
      if (random.chance(0.3)) {
        const list = `  return legacyFetch('/${module.area}/list', { retries: 1, cache: 'no-store' });`;
        functions.push([`/** Loads the ${module.area} list, bypassing caches. */`, `function refresh${capitalize(stem(module.path))}() {`, list, '}'].join('\n'));
        names.push(`refresh${capitalize(stem(module.path))}`);
        calls.push(list);
      }
      const oldRequire = requireLine(module.path, 'legacyFetch', OLD);
      own[module.path] = plant(module, { requires: [oldRequire], functions, names });
      cases.push([module.path, `assert.strictEqual(mod.${load}(7).url, '/${module.area}/7')`]);
      changes.push({
        path: module.path,
        edits: [{ find: oldRequire, replace: requireLine(module.path, 'httpGet', NEW) }, ...calls.map((line) => ({ find: line, replace: line.replace('legacyFetch(', 'httpGet(') }))],
        instruction: `Replace the deprecated legacyFetch with httpGet from ${NEW} (same arguments): require httpGet instead, with the relative path from this file, and call httpGet wherever legacyFetch is called.`,
        check: allOf(lacksWord(module.path, 'legacyFetch'), contains(module.path, 'httpGet(')),
      });
    }
    own['test/requests.test.js'] = plantedTests(cases);
    return crossFileTask({
      goal: `legacyFetch (${OLD}) is deprecated. Migrate every caller to httpGet from ${NEW}, which takes the same arguments, then delete ${OLD} and its test ${OLD_TEST}. Keep the tests passing.`,
      files: taskFiles(project, random, own),
      changes,
      deletions: [OLD, OLD_TEST],
      acceptance: { command: 'grep -rlw legacyFetch src test', title: 'List the files that still use legacyFetch (none may be left)' },
      search: { pattern: '\\blegacyFetch\\b', glob: '**/*.js' },
      summary: `Migrated ${changes.length} callers from legacyFetch to httpGet and deleted ${OLD} and its test; the tests pass.`,
    });
  },
};
