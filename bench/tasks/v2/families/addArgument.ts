// Give a shared formatter a required second argument and pass it at every call site (8–14 callers and
// their tests): the definition, the calls and the expected outputs all change.
import { contains, lacks } from '../../stepBuilders';
import { crossFileTask, type FileChange } from '../crossFileChange';
import { capitalize } from '../fillerCode';
import { newModule, pickModules, plant, plantedTests, requireLine, stem, taskFiles } from '../plantCode';
import type { V2Family } from '../v2Family';

const HOME = 'src/shared/money.js';
const TESTS = 'test/money.test.js';
const BEFORE = 'function formatMoney(amount) {\n  return (Math.round(amount * 100) / 100).toFixed(2);\n}';
const AFTER = 'function formatMoney(amount, currency) {\n  return `${(Math.round(amount * 100) / 100).toFixed(2)} ${currency}`;\n}';

/** The addArgument family. */
export const addArgument: V2Family = {
  name: 'addArgument',
  description: 'add a required argument to a shared function and pass it at every call site',
  build(project, random) {
    const currency = random.pick(['EUR', 'USD', 'GBP', 'CHF']);
    const own: Record<string, string> = { [HOME]: plant(newModule(random, project, HOME), { functions: [`/** The amount as text with two decimals. */\n${BEFORE}`], names: ['formatMoney'] }) };
    const changes: FileChange[] = [{ path: HOME, edits: [{ find: BEFORE, replace: AFTER }], check: contains(HOME, 'function formatMoney(amount, currency)') }];
    const cases: [string, string][] = [[HOME, "assert.strictEqual(mod.formatMoney(12.5), '12.50')"]];
    const expectations: string[] = [];
    for (const module of pickModules(random, project, random.int(8, 14))) {
      const name = `describe${capitalize(stem(module.path))}Total`;
      const label = `${stem(module.path)} total`;
      const call = `  return '${label} ' + formatMoney(total);`;
      const required = requireLine(module.path, 'formatMoney', HOME);
      own[module.path] = plant(module, { requires: [required], functions: [`/** The ${module.area} total as a line of text. */\nfunction ${name}(total) {\n${call}\n}`], names: [name] });
      const amount = random.int(2, 900);
      cases.push([module.path, `assert.strictEqual(mod.${name}(${amount}), '${label} ${amount.toFixed(2)}')`]);
      expectations.push(`'${label} ${amount.toFixed(2)}')`);
      changes.push({ path: module.path, edits: [{ find: call, replace: call.replace('formatMoney(total)', `formatMoney(total, '${currency}')`) }], check: contains(module.path, `formatMoney(total, '${currency}')`) });
    }
    own[TESTS] = plantedTests(cases);
    const testEdits = [{ find: "mod.formatMoney(12.5), '12.50')", replace: `mod.formatMoney(12.5, '${currency}'), '12.50 ${currency}')` }, ...expectations.map((text) => ({ find: text, replace: text.replace(/'\)$/, ` ${currency}')`) }))];
    changes.push({ path: TESTS, edits: testEdits, check: lacks(TESTS, "mod.formatMoney(12.5)") });
    const instruction = `formatMoney now takes a second argument, currency, and appends it ("12.50 ${currency}"): pass '${currency}' at every call of formatMoney here, and update what this file expects of formatted amounts.`;
    return crossFileTask({
      goal: `formatMoney (${HOME}) must print the currency: give it a second parameter, currency, that it appends after the amount ("12.50 ${currency}"), pass '${currency}' at every call site, and update the tests to match.`,
      files: taskFiles(project, random, own),
      changes: changes.map((change) => (change.path === HOME ? { ...change, instruction: `Give formatMoney a second parameter, currency, and append it to the result after a space ("12.50 ${currency}").` } : { ...change, instruction })),
      acceptance: { command: 'grep -rlE "formatMoney\\([^,()]*\\)" src test', title: 'List the files that still call formatMoney with one argument (none may be left)' },
      search: { pattern: 'formatMoney\\(', glob: '**/*.js' },
      summary: `formatMoney takes the currency; ${changes.length - 2} callers pass '${currency}' and the tests expect it.`,
    });
  },
};
