// Rename a configuration key in config.json and in every module that reads it (10–18 files). The goal
// gives both names, so every edit is exact text: the JSON key, and in each module (which may read the
// key more than once) the key renamed as one replaceAll edit, by the re-planner and the agent alike.
import type { Check } from '../../../../src/core/checks/checkSchema';
import { allOf, contains, jsonWith, lacksWord, nodeAsserts, renameEdits } from '../../stepBuilders';
import { crossFileTask, type FileChange } from '../crossFileChange';
import { capitalize } from '../fillerCode';
import { pickModules, plant, plantedTests, stem, taskFiles } from '../plantCode';
import type { V2Family } from '../v2Family';

const KEYS = [
  { from: 'timeoutMs', to: 'requestTimeoutMs', value: 5000 },
  { from: 'maxRows', to: 'pageSize', value: 50 },
  { from: 'retryCount', to: 'maxRetries', value: 3 },
  { from: 'cacheTtl', to: 'cacheTtlSeconds', value: 300 },
] as const;

/** The renameConfigKey family. */
export const renameConfigKey: V2Family = {
  name: 'renameConfigKey',
  description: 'rename a config key in config.json and every module that reads it',
  build(project, random) {
    const key = random.pick(KEYS);
    const config = `${JSON.stringify({ port: 8080, logLevel: 'info', [key.from]: key.value }, null, 2)}\n`;
    const own: Record<string, string> = { 'config.json': config };
    const json: FileChange = { path: 'config.json', edits: [{ find: `"${key.from}":`, replace: `"${key.to}":` }], check: jsonWith('config.json', `"${key.to}": ${key.value}`) };
    const checks: [string, Check][] = [];
    const cases: [string, string][] = [];
    for (const module of pickModules(random, project, random.int(10, 18))) {
      const name = `${stem(module.path)}${capitalize(key.from)}`;
      const twice = random.chance(0.4);
      const lines = twice
        ? [`  const base = config.${key.from};`, `  return config.${key.from} > 0 ? base * factor : 0;`]
        : [`  return config.${key.from} * factor;`];
      own[module.path] = plant(module, { functions: [`/** The ${module.area} share of a configured amount. */\nfunction ${name}(config, factor) {\n${lines.join('\n')}\n}`], names: [name] });
      cases.push([module.path, `assert.strictEqual(mod.${name}(require('../config.json'), 2), ${key.value * 2})`]);
      checks.push([module.path, allOf(lacksWord(module.path, key.from), contains(module.path, `config.${key.to}`))]);
    }
    own['test/settings.test.js'] = plantedTests(cases);
    const files = taskFiles(project, random, own);
    const changes: FileChange[] = [json, ...checks.map(([path, check]) => ({ path, edits: renameEdits(files[path]!, key.from, key.to), check }))];
    return crossFileTask({
      goal: `Rename the configuration key ${key.from} to ${key.to}: in config.json (keep its value) and in every module that reads it. Keep the tests passing.`,
      files,
      changes,
      acceptance: { command: `grep -rlw ${key.from} src config.json`, title: `List the files that still use ${key.from} (none may be left)` },
      search: { pattern: `\\b${key.from}\\b`, glob: '**/*' },
      extraTruth: [nodeAsserts(`require('./config.json').${key.to} === ${key.value}`)],
      summary: `Renamed ${key.from} to ${key.to} in config.json and ${changes.length - 1} modules; the tests pass.`,
    });
  },
};
