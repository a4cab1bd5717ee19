// Rename a library function everywhere it is used: one edit per file (independent, so they run in
// parallel), a search that proves no use is left, and the tests.
import { baseProject } from '../fixtureProject';
import { allOf, contains, editStep, lacksWord, lineEdits, readStep, renameWord, testsPass, testStep } from '../stepBuilders';
import type { TaskFamily } from '../taskFamily';

/** A better name for each function of the module pool. */
const NEW_NAMES: Readonly<Record<string, string>> = {
  slugify: 'toSlug', capitalize: 'upperFirst', truncate: 'ellipsize', clamp: 'limit', sum: 'total', average: 'mean',
  isoDay: 'toIsoDay', addDays: 'shiftDays', joinPath: 'joinSegments', extension: 'fileExtension', hexToRgb: 'parseHex',
  rgbToHex: 'formatHex', chunk: 'splitEvery', unique: 'dedupe', last: 'lastItem', backoffDelay: 'retryDelay',
  shouldRetry: 'isRetryable', isEmail: 'looksLikeEmail', isPort: 'isValidPort',
};

/** The renameFunction family: rename a function across every file that uses it. */
export const renameFunction: TaskFamily = {
  name: 'renameFunction',
  description: 'rename a function across every file that uses it',
  build(random) {
    const project = baseProject(random);
    const module = random.pick(project.modules);
    const oldName = random.pick(module.functions).name;
    const newName = NEW_NAMES[oldName]!;
    const word = new RegExp(`\\b${oldName}\\b`);
    const users = Object.keys(project.files).filter((path) => word.test(project.files[path]!)).sort();
    const edits = users.map((path, index) =>
      editStep(
        `E${index + 1}`,
        `Rename ${oldName} in ${path}`,
        path,
        project.files[path]!,
        lineEdits(project.files[path]!, (line) => renameWord(line, oldName, newName)),
        allOf(lacksWord(path, oldName), contains(path, newName)),
      ),
    );
    const editIds = edits.map((step) => step.id);
    const search = readStep(`E${edits.length + 1}`, `Check no use of ${oldName} is left`, 'searchText', { pattern: `\\b${oldName}\\b` }, { dependsOn: editIds });
    const tests = testStep(`E${edits.length + 2}`, { dependsOn: editIds });
    return {
      goal: `Rename the function ${oldName} (defined in ${module.path}) to ${newName} everywhere it is used, and keep the tests passing.`,
      files: project.files,
      openFiles: users.slice(0, 5),
      groundTruth: [...users.map((path) => lacksWord(path, oldName)), contains(module.path, `function ${newName}(`), testsPass],
      steps: [...edits, search, tests],
      summary: `Renamed ${oldName} to ${newName} in ${users.length} files; no use of the old name is left and the tests pass.`,
    };
  },
};
