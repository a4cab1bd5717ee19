// Replace console.log with the project's logger in one area (10–16 files there), leaving the other
// areas' console.log alone: the goal names the area, the search finds the files in it.
import { allOf, contains, lacks } from '../../stepBuilders';
import { crossFileTask, type FileChange } from '../crossFileChange';
import { capitalize } from '../fillerCode';
import { newModule, pickModules, plant, plantedTests, stem, taskFiles } from '../plantCode';
import { requirePath } from '../v2Fixture';
import type { V2Family } from '../v2Family';

const LOGGER = 'src/shared/log.js';
const INFO = "function info(...parts) {\n  return parts.map(String).join(' ');\n}";

/** The swapLogger family. */
export const swapLogger: V2Family = {
  name: 'swapLogger',
  description: "replace console.log with the project's logger across one area",
  build(project, random) {
    const counts = new Map<string, number>();
    for (const module of project.modules) counts.set(module.area, (counts.get(module.area) ?? 0) + 1);
    const area = random.pick(project.areas.filter((name) => (counts.get(name) ?? 0) >= 13));
    const own: Record<string, string> = { [LOGGER]: plant(newModule(random, project, LOGGER), { functions: [`/** An info line: the parts, joined by spaces. */\n${INFO}`], names: ['info'] }) };
    const cases: [string, string][] = [];
    const changes: FileChange[] = [];
    const logLine = (module: { path: string; area: string }): { name: string; code: string; line: string } => {
      const name = `report${capitalize(stem(module.path))}`;
      const line = `  console.log('${stem(module.path)} processed', count);`;
      return { name, line, code: `/** Reports how many ${module.area} entries were processed. */\nfunction ${name}(count) {\n${line}\n  return count;\n}` };
    };
    for (const module of pickModules(random, project, random.int(10, Math.min(16, counts.get(area)!)), area)) {
      const { name, code, line } = logLine(module);
      const strict = "'use strict';";
      own[module.path] = plant(module, { functions: [code], names: [name] });
      cases.push([module.path, `assert.strictEqual(mod.${name}(3), 3)`]);
      changes.push({
        path: module.path,
        edits: [{ find: strict, replace: `${strict}\nconst log = require('${requirePath(module.path, LOGGER)}');` }, { find: line, replace: line.replace('console.log(', 'log.info(') }],
        check: allOf(lacks(module.path, 'console.log('), contains(module.path, 'log.info(')),
      });
    }
    const others = pickModules(random, project, 4).filter((other) => other.area !== area);
    for (const module of others) {
      const { name, code } = logLine(module);
      own[module.path] = plant(module, { functions: [code], names: [name] });
    }
    own['test/reporting.test.js'] = plantedTests(cases);
    const instruction = `Use the project logger instead of console.log: require it as log from ${LOGGER} (relative path from this file, after 'use strict') and call log.info with the same arguments.`;
    return crossFileTask({
      goal: `Code in src/${area}/ must not print with console.log: use the project logger instead (${LOGGER}; log.info takes the same arguments). Leave the other areas alone and keep the tests passing.`,
      files: taskFiles(project, random, own),
      changes: changes.map((change) => ({ ...change, instruction })),
      acceptance: { command: `grep -rl "console\\.log(" src/${area}`, title: `List the files in src/${area}/ that still use console.log (none may be left)` },
      search: { pattern: 'console\\.log\\(', glob: `src/${area}/**` },
      extraTruth: others.map((module) => contains(module.path, 'console.log(')),
      summary: `src/${area}/ logs through log.info in ${changes.length} files; the tests pass.`,
    });
  },
};
