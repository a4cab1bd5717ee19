// The library modules a fixture project is made of: small CommonJS modules with working functions and a
// passing test for each, so a task's "run the tests" step means something.

/** One function of a module, with the test case that exercises it. */
export interface FunctionTemplate {
  readonly name: string;
  /** The function's source, `function name(...) {...}`. */
  readonly code: string;
  /** A test name and a boolean-free assertion expression, e.g. `assert.strictEqual(f(1), 2)`. */
  readonly test: { readonly title: string; readonly assertion: string };
  /** A one-place bug that makes the test fail: `find` in the code replaced by `replace`. */
  readonly bug?: { readonly find: string; readonly replace: string };
}

/** A module: its file name (without `.js`) and its functions. */
export interface ModuleTemplate {
  readonly name: string;
  readonly functions: readonly FunctionTemplate[];
}

const fn = (name: string, code: string, title: string, assertion: string, bug?: [string, string]): FunctionTemplate => ({
  name,
  code,
  test: { title, assertion },
  ...(bug ? { bug: { find: bug[0], replace: bug[1] } } : {}),
});

/** The pool of modules; a project draws a few of them. */
export const MODULE_TEMPLATES: readonly ModuleTemplate[] = [
  {
    name: 'strings',
    functions: [
      fn('slugify', "function slugify(text) {\n  return text.trim().toLowerCase().split(/\\s+/).join('-');\n}", 'slugify joins lowercased words', "assert.strictEqual(slugify('Hello World'), 'hello-world')", [".join('-')", ".join('_')"]),
      fn('capitalize', 'function capitalize(word) {\n  return word.charAt(0).toUpperCase() + word.slice(1);\n}', 'capitalize upper-cases the first letter', "assert.strictEqual(capitalize('plan'), 'Plan')", ['toUpperCase()', 'toLowerCase()']),
      fn('truncate', "function truncate(text, max) {\n  return text.length <= max ? text : text.slice(0, max - 1) + '~';\n}", 'truncate shortens long text', "assert.strictEqual(truncate('abcdef', 4), 'abc~')", ['max - 1', 'max']),
    ],
  },
  {
    name: 'math',
    functions: [
      fn('clamp', 'function clamp(value, min, max) {\n  return Math.min(Math.max(value, min), max);\n}', 'clamp keeps values in range', 'assert.strictEqual(clamp(12, 0, 10), 10)', ['Math.max(value, min), max)', 'Math.max(value, min), min)']),
      fn('sum', 'function sum(values) {\n  return values.reduce((total, value) => total + value, 0);\n}', 'sum adds every value', 'assert.strictEqual(sum([1, 2, 3]), 6)', ['total + value, 0', 'total + value, 1']),
      fn('average', 'function average(values) {\n  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;\n}', 'average of an empty list is zero', 'assert.strictEqual(average([]), 0)', ['values.length === 0 ? 0', 'values.length === 0 ? NaN']),
    ],
  },
  {
    name: 'dates',
    functions: [
      fn('isoDay', 'function isoDay(date) {\n  return date.toISOString().slice(0, 10);\n}', 'isoDay keeps the date part', "assert.strictEqual(isoDay(new Date(Date.UTC(2024, 0, 31))), '2024-01-31')"),
      fn('addDays', 'function addDays(date, days) {\n  return new Date(date.getTime() + days * 86400000);\n}', 'addDays moves forward', 'assert.strictEqual(addDays(new Date(0), 2).getTime(), 172800000)', ['days * 86400000', 'days * 3600000']),
    ],
  },
  {
    name: 'paths',
    functions: [
      fn('joinPath', "function joinPath(...parts) {\n  return parts.filter(Boolean).join('/').replace(/\\/+/g, '/');\n}", 'joinPath collapses slashes', "assert.strictEqual(joinPath('a/', '/b'), 'a/b')"),
      fn('extension', "function extension(file) {\n  const dot = file.lastIndexOf('.');\n  return dot <= 0 ? '' : file.slice(dot + 1);\n}", 'extension reads the suffix', "assert.strictEqual(extension('notes.md'), 'md')", ['file.slice(dot + 1)', 'file.slice(dot)']),
    ],
  },
  {
    name: 'colors',
    functions: [
      fn('hexToRgb', 'function hexToRgb(hex) {\n  const value = parseInt(hex.replace(/^#/, \'\'), 16);\n  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];\n}', 'hexToRgb splits channels', "assert.deepStrictEqual(hexToRgb('#ff8000'), [255, 128, 0])"),
      fn('rgbToHex', "function rgbToHex(r, g, b) {\n  return '#' + [r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('');\n}", 'rgbToHex pads channels', "assert.strictEqual(rgbToHex(255, 8, 0), '#ff0800')", ["padStart(2, '0')", "padStart(1, '0')"]),
    ],
  },
  {
    name: 'lists',
    functions: [
      fn('chunk', 'function chunk(items, size) {\n  const chunks = [];\n  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));\n  return chunks;\n}', 'chunk splits into groups', 'assert.deepStrictEqual(chunk([1, 2, 3], 2), [[1, 2], [3]])', ['i += size)', 'i += size + 1)']),
      fn('unique', 'function unique(items) {\n  return [...new Set(items)];\n}', 'unique drops repeats', 'assert.deepStrictEqual(unique([1, 1, 2]), [1, 2])'),
      fn('last', 'function last(items) {\n  return items[items.length - 1];\n}', 'last returns the final item', 'assert.strictEqual(last([1, 2, 3]), 3)', ['items.length - 1', 'items.length - 2']),
    ],
  },
  {
    name: 'retry',
    functions: [
      fn('backoffDelay', 'function backoffDelay(attempt, base) {\n  return base * 2 ** (attempt - 1);\n}', 'backoffDelay doubles each attempt', 'assert.strictEqual(backoffDelay(3, 100), 400)', ['2 ** (attempt - 1)', '2 ** attempt']),
      fn('shouldRetry', 'function shouldRetry(status) {\n  return status === 429 || status >= 500;\n}', 'shouldRetry on server errors', 'assert.strictEqual(shouldRetry(503), true)', ['status >= 500', 'status > 503']),
    ],
  },
  {
    name: 'validate',
    functions: [
      fn('isEmail', 'function isEmail(text) {\n  return /^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(text);\n}', 'isEmail accepts a plain address', "assert.strictEqual(isEmail('a@b.io'), true)"),
      fn('isPort', 'function isPort(value) {\n  return Number.isInteger(value) && value > 0 && value < 65536;\n}', 'isPort rejects zero', 'assert.strictEqual(isPort(0), false)', ['value > 0', 'value >= 0']),
    ],
  },
];
