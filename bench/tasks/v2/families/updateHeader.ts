// Files taken over from another company carry its copyright line; replace it with the project's in every
// such file (12–30, spread over the areas). The goal gives both lines, so the re-planner writes exact edits.
import { allOf, contains, lacks } from '../../stepBuilders';
import { crossFileTask, type FileChange } from '../crossFileChange';
import { pickModules, plant, taskFiles } from '../plantCode';
import type { V2Family } from '../v2Family';

const FORMER = ['Lumen Works', 'Quill Systems', 'Nimbus Data', 'Cobalt Labs'];

/** The updateHeader family. */
export const updateHeader: V2Family = {
  name: 'updateHeader',
  description: "replace a former owner's copyright line with the project's in every file that has it",
  build(project, random) {
    const former = random.pick(FORMER);
    const oldHeader = `// Copyright ${random.int(2015, 2020)} ${former} (MIT)`;
    const newHeader = `// Copyright ${project.year} ${project.org}`;
    const own: Record<string, string> = {};
    const changes: FileChange[] = [];
    for (const module of pickModules(random, project, random.int(12, 30))) {
      own[module.path] = plant(module, { functions: [], names: [], header: oldHeader });
      changes.push({ path: module.path, edits: [{ find: oldHeader, replace: newHeader }], check: allOf(lacks(module.path, former), contains(module.path, newHeader)) });
    }
    return crossFileTask({
      goal: `The modules taken over from ${former} still say "${oldHeader}". Replace that line with "${newHeader}" in every file that has it.`,
      files: taskFiles(project, random, own),
      changes,
      acceptance: { command: `grep -rl "${former}" src test`, title: `List the files that still name ${former} (none may be left)` },
      search: { pattern: former, glob: '**/*.js' },
      summary: `Replaced the ${former} header in ${changes.length} files; the tests pass.`,
    });
  },
};
