// The extension's words come from its bundles: the manifest's through package.nls.json (every string people
// read is a %key% placeholder, every key exists and is used), the runtime's through vscode.l10n.t and
// l10n/bundle.l10n.json (which scripts/l10nBundle.js writes from the sources: it must match them exactly).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
// Plain JavaScript scripts, loaded from the repository as they are.
const { manifestStrings } = require(path.join(ROOT, 'scripts', 'manifestStrings.js')) as { manifestStrings: (manifest: unknown) => { path: (string | number)[]; key: string }[] };
const { collectMessages, bundleText, BUNDLE } = require(path.join(ROOT, 'scripts', 'l10nBundle.js')) as {
  collectMessages: (root: string) => { messages: string[]; problems: string[] };
  bundleText: (messages: string[]) => string;
  BUNDLE: string;
};

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
const nls = JSON.parse(readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;

function at(where: (string | number)[]): unknown {
  return where.reduce<unknown>((value, part) => (value as Record<string | number, unknown> | undefined)?.[part], manifest);
}

/** Every %key% placeholder anywhere in package.json. */
function placeholders(value: unknown): string[] {
  if (typeof value === 'string') return [.../^%([^%]+)%$/.exec(value)?.slice(1) ?? []];
  if (Array.isArray(value)) return value.flatMap(placeholders);
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholders);
  return [];
}

describe('package.nls.json', () => {
  it('holds every string of the manifest people read: none is left literal', () => {
    const literal = manifestStrings(manifest).filter(({ path: where }) => !/^%[^%]+%$/.test(String(at(where))));
    assert.deepEqual(literal.map(({ path: where }) => where.join('.')), []);
  });

  it('has a non-empty text for every placeholder the manifest uses', () => {
    const missing = placeholders(manifest).filter((key) => !(typeof nls[key] === 'string' && nls[key].trim() !== ''));
    assert.deepEqual(missing, []);
  });

  it('has no key the manifest does not use', () => {
    const used = new Set(placeholders(manifest));
    assert.deepEqual(Object.keys(nls).filter((key) => !used.has(key)), []);
  });

  it('is declared with the runtime bundle folder', () => {
    assert.equal(manifest.l10n, './l10n');
  });
});

describe('l10n/bundle.l10n.json', () => {
  const { messages, problems } = collectMessages(ROOT);

  it('is collected from literal messages only', () => {
    assert.deepEqual(problems, []);
  });

  it('holds exactly the messages of src (run node scripts/l10nBundle.js after changing one)', () => {
    const bundle = JSON.parse(readFileSync(BUNDLE, 'utf8')) as Record<string, string>;
    assert.deepEqual(Object.keys(bundle).filter((key) => !messages.includes(key)), [], 'entries no l10n.t call uses');
    assert.deepEqual(messages.filter((message) => !Object.hasOwn(bundle, message)), [], 'messages missing from the bundle');
    assert.equal(readFileSync(BUNDLE, 'utf8'), bundleText(messages));
  });
});
