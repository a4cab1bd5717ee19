// The bulk of a v2 fixture's source files: working, pure CommonJS functions drawn from a few templates
// and named from an area's vocabulary, each with a test assertion, so a module reaches its drawn size
// (2–50 KB) with code a test run really loads and exercises.
import type { Random } from '../random';

/** One generated function: its name, source and an assertion over `mod` (the required module). */
export interface FillerFunction {
  readonly name: string;
  readonly code: string;
  readonly assertion: string;
}

type Template = (name: string, noun: string, n: number) => { code: string; assertion: string };

const TEMPLATES: readonly Template[] = [
  (name, noun) => ({
    code: [
      `/**`,
      ` * Normalises the keys and string values of a ${noun} record: keys are trimmed and lower-cased,`,
      ` * string values trimmed; anything else is kept as it is.`,
      ` */`,
      `function ${name}(record) {`,
      `  const result = {};`,
      `  for (const key of Object.keys(record)) {`,
      `    const value = record[key];`,
      `    result[key.trim().toLowerCase()] = typeof value === 'string' ? value.trim() : value;`,
      `  }`,
      `  return result;`,
      `}`,
    ].join('\n'),
    assertion: `assert.deepStrictEqual(mod.${name}({ ' Name ': ' x ' }), { name: 'x' })`,
  }),
  (name, noun, n) => ({
    code: [
      `/** The total of the ${noun} amounts, rounded to ${n % 3} decimal places; non-numbers count as zero. */`,
      `function ${name}(items) {`,
      `  let total = 0;`,
      `  for (const item of items) {`,
      `    const amount = Number(item.amount);`,
      `    if (Number.isFinite(amount)) total += amount;`,
      `  }`,
      `  const scale = 10 ** ${n % 3};`,
      `  return Math.round(total * scale) / scale;`,
      `}`,
    ].join('\n'),
    assertion: `assert.strictEqual(mod.${name}([{ amount: 2 }, { amount: 'x' }, { amount: 3 }]), 5)`,
  }),
  (name, noun) => ({
    code: [
      `/** Groups ${noun} entries by the value of \`key\`, keeping their order within each group. */`,
      `function ${name}(entries, key) {`,
      `  const groups = new Map();`,
      `  for (const entry of entries) {`,
      `    const group = groups.get(entry[key]) || [];`,
      `    group.push(entry);`,
      `    groups.set(entry[key], group);`,
      `  }`,
      `  return groups;`,
      `}`,
    ].join('\n'),
    assertion: `assert.strictEqual(mod.${name}([{ k: 1 }, { k: 2 }, { k: 1 }], 'k').get(1).length, 2)`,
  }),
  (name, noun, n) => ({
    code: [
      `/** A fixed-width label for a ${noun}: the id padded to ${4 + (n % 5)} digits, then the name. */`,
      `function ${name}(id, label) {`,
      `  const digits = String(Math.max(0, Math.trunc(id))).padStart(${4 + (n % 5)}, '0');`,
      `  const name = String(label || '').replace(/\\s+/g, ' ').trim();`,
      `  return name ? \`\${digits} \${name}\` : digits;`,
      `}`,
    ].join('\n'),
    assertion: `assert.strictEqual(mod.${name}(7, '  a  b '), '${'7'.padStart(4 + (n % 5), '0')} a b')`,
  }),
  (name, noun, n) => ({
    code: [
      `/** Whether a ${noun} quantity lies within the accepted range [${n % 7}, ${100 + n}]. */`,
      `function ${name}(quantity) {`,
      `  if (typeof quantity !== 'number' || Number.isNaN(quantity)) return false;`,
      `  return quantity >= ${n % 7} && quantity <= ${100 + n};`,
      `}`,
    ].join('\n'),
    assertion: `assert.strictEqual(mod.${name}(${50 + (n % 7)}), true)`,
  }),
  (name, noun) => ({
    code: [
      `/**`,
      ` * Parses "key=value;key=value" ${noun} settings into an object. Empty parts are skipped; a part`,
      ` * without "=" becomes a flag set to true.`,
      ` */`,
      `function ${name}(text) {`,
      `  const settings = {};`,
      `  for (const part of String(text).split(';')) {`,
      `    const trimmed = part.trim();`,
      `    if (!trimmed) continue;`,
      `    const at = trimmed.indexOf('=');`,
      `    if (at === -1) settings[trimmed] = true;`,
      `    else settings[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();`,
      `  }`,
      `  return settings;`,
      `}`,
    ].join('\n'),
    assertion: `assert.deepStrictEqual(mod.${name}('a=1; b ;'), { a: '1', b: true })`,
  }),
  (name, noun, n) => ({
    code: [
      `/** The delays, in milliseconds, before each of ${2 + (n % 4)} retries of a ${noun} request (doubling, capped). */`,
      `function ${name}(baseMs) {`,
      `  const delays = [];`,
      `  let delay = baseMs;`,
      `  for (let attempt = 0; attempt < ${2 + (n % 4)}; attempt++) {`,
      `    delays.push(Math.min(delay, ${1000 * (5 + (n % 5))}));`,
      `    delay *= 2;`,
      `  }`,
      `  return delays;`,
      `}`,
    ].join('\n'),
    assertion: `assert.strictEqual(mod.${name}(100).length, ${2 + (n % 4)})`,
  }),
  (name, noun) => ({
    code: [
      `/** A copy of the ${noun} with only the listed fields, in the order they are listed. */`,
      `function ${name}(source, fields) {`,
      `  const picked = {};`,
      `  for (const field of fields) {`,
      `    if (Object.prototype.hasOwnProperty.call(source, field)) picked[field] = source[field];`,
      `  }`,
      `  return picked;`,
      `}`,
    ].join('\n'),
    assertion: `assert.deepStrictEqual(Object.keys(mod.${name}({ a: 1, b: 2, c: 3 }, ['c', 'a'])), ['c', 'a'])`,
  }),
];

const VERBS = ['normalise', 'total', 'group', 'label', 'accepts', 'parse', 'retryDelays', 'pick'];
const SUFFIXES = ['', 'Batch', 'Entry', 'Record', 'Draft', 'Snapshot', 'View', 'Row', 'Item', 'Summary'];

/** `word` with an upper-case first letter: `order` → `Order`. */
export const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** Functions for one module until their code reaches `targetBytes`; names unique within the module. */
export function fillerFunctions(random: Random, nouns: readonly string[], targetBytes: number): FillerFunction[] {
  const functions: FillerFunction[] = [];
  const used = new Set<string>();
  let bytes = 0;
  let n = random.int(0, 1000);
  while (bytes < targetBytes) {
    const kind = random.int(0, TEMPLATES.length - 1);
    const noun = random.pick(nouns);
    let name = `${VERBS[kind]}${capitalize(noun)}${random.pick(SUFFIXES)}`;
    while (used.has(name)) name = `${name}${used.size}`;
    used.add(name);
    const { code, assertion } = TEMPLATES[kind]!(name, noun, n++);
    functions.push({ name, code, assertion });
    bytes += code.length + 2;
  }
  return functions;
}
