// Rename a shared helper everywhere: its definition, 8–15 callers and the tests. Every file may use the
// name more than once; the goal gives both names, so the re-planner, which knows the names but not the
// files, writes each file's rename as one exact replaceAll edit, and the agent, having read the file,
// writes the same edit.
import type { Check } from '../../../../src/core/checks/checkSchema';
import { allOf, contains, lacksWord, renameEdits } from '../../stepBuilders';
import { crossFileTask, type FileChange } from '../crossFileChange';
import { capitalize } from '../fillerCode';
import { newModule, pickModules, plant, plantedTests, requireLine, stem, taskFiles } from '../plantCode';
import type { V2Family } from '../v2Family';

/** Helpers: old name, new name, source (with `NAME`), an argument and the expected result. */
const HELPERS = [
  { from: 'toCents', to: 'centsOf', code: 'function NAME(amount) {\n  return Math.round(Number(amount) * 100);\n}', arg: '12.5', result: '1250' },
  { from: 'slugOf', to: 'toSlug', code: "function NAME(text) {\n  return String(text).trim().toLowerCase().replace(/[^a-z0-9]+/g, '-');\n}", arg: "'A b'", result: "'a-b'" },
  { from: 'isBlank', to: 'isEmptyText', code: "function NAME(text) {\n  return String(text ?? '').trim() === '';\n}", arg: "' '", result: 'true' },
  { from: 'dayKey', to: 'toDayKey', code: 'function NAME(date) {\n  return new Date(date).toISOString().slice(0, 10);\n}', arg: "'2024-03-05T10:00:00Z'", result: "'2024-03-05'" },
  { from: 'clampCount', to: 'boundCount', code: 'function NAME(count) {\n  return Math.max(0, Math.min(1000, Math.trunc(count)));\n}', arg: '5000', result: '1000' },
] as const;

/** The renameHelper family. */
export const renameHelper: V2Family = {
  name: 'renameHelper',
  description: 'rename a shared helper in its definition, every caller and the tests',
  build(project, random) {
    const helper = random.pick(HELPERS);
    const home = 'src/shared/common.js';
    const testPath = `test/${stem(home)}.test.js`;
    const definition = helper.code.replace('NAME', helper.from);
    const own: Record<string, string> = { [home]: plant(newModule(random, project, home), { functions: [`/** A helper the areas share. */\n${definition}`], names: [helper.from] }) };
    const checks: [string, Check][] = [[home, allOf(lacksWord(home, helper.from), contains(home, `function ${helper.to}(`))]];
    const cases: [string, string][] = [[home, `assert.strictEqual(mod.${helper.from}(${helper.arg}), ${helper.result})`]];
    for (const module of pickModules(random, project, random.int(8, 15))) {
      const name = `apply${capitalize(helper.from)}In${capitalize(stem(module.path))}`;
      const body = `function ${name}(value) {\n  return ${helper.from}(value);\n}`;
      own[module.path] = plant(module, { requires: [requireLine(module.path, helper.from, home)], functions: [body], names: [name] });
      cases.push([module.path, `assert.strictEqual(mod.${name}(${helper.arg}), ${helper.result})`]);
      checks.push([module.path, allOf(lacksWord(module.path, helper.from), contains(module.path, helper.to))]);
    }
    own[testPath] = plantedTests(cases);
    checks.push([testPath, lacksWord(testPath, helper.from)]);
    const files = taskFiles(project, random, own);
    const changes: FileChange[] = checks.map(([path, check]) => ({ path, edits: renameEdits(files[path]!, helper.from, helper.to), check }));
    return crossFileTask({
      goal: `Rename the shared helper ${helper.from} to ${helper.to} everywhere: its definition, every file that uses it, and the tests. Keep the tests passing.`,
      files,
      changes,
      acceptance: { command: `grep -rlw ${helper.from} src test`, title: `List the files that still use ${helper.from} (none may be left)` },
      search: { pattern: `\\b${helper.from}\\b`, glob: '**/*.js' },
      summary: `Renamed ${helper.from} to ${helper.to} in ${changes.length} files; the tests pass.`,
    });
  },
};
