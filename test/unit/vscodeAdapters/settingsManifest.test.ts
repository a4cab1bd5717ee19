// Checks package.json's contributes.configuration against the settings schema in both directions: every key
// described, the same defaults, enums and bounds, and the scopes that keep a workspace from setting what only
// the user may; and that the Settings editor lists every key under one of Planwright's four titled categories.
import * as assert from 'node:assert/strict';
import { localizedManifest } from '../support/localizedManifest';
import { repoText } from '../docs/markdownParts';
import { manifestSettings, settingsCategories } from '../support/manifestSettings';
import { HOST_SETTING_KEYS, HostSettingsSchema, SETTINGS_SECTION, USER_ONLY_SETTINGS, defaultHostSettings, type HostSettingKey } from '../../../src/core/hostSettings';
import { OLD_SETTING_KEYS, RENAMED_SETTINGS } from '../../../src/core/renamedSettings';


interface Property {
  type?: string;
  default?: unknown;
  enum?: unknown[];
  markdownEnumDescriptions?: string[];
  markdownDescription?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  scope?: string;
  pattern?: string;
  order?: number;
  markdownDeprecationMessage?: string;
}

const manifest = localizedManifest();
const categories = settingsCategories<Property>(manifest);
const properties = manifestSettings<Property>(manifest);
const renamedTo = new Map<string, HostSettingKey>(Object.entries(RENAMED_SETTINGS).map(([key, old]) => [old, key as HostSettingKey]));
/** The schema's key a setting is read as: its own, or for an old name the setting's new one. */
const keyOf = (name: string) => {
  const key = name.slice(SETTINGS_SECTION.length + 1);
  return renamedTo.get(key) ?? (key as HostSettingKey);
};

describe('package.json contributes.configuration', () => {
  it('describes exactly the keys of the settings schema, and the old names of renamed ones', () => {
    assert.deepEqual(Object.keys(properties).sort(), [...HOST_SETTING_KEYS, ...OLD_SETTING_KEYS].map((key) => `${SETTINGS_SECTION}.${key}`).sort());
  });

  it('keeps each renamed setting\'s old key, deprecated in favour of the new one, with its type, default and scope', () => {
    for (const [key, old] of Object.entries(RENAMED_SETTINGS)) {
      const now = properties[`${SETTINGS_SECTION}.${key}`];
      const then = properties[`${SETTINGS_SECTION}.${old}`];
      assert.ok(now && then, `${key} and ${old}`);
      assert.ok(!now.markdownDeprecationMessage, `${key} is not deprecated`);
      assert.ok(then.markdownDeprecationMessage?.includes(`\`#${SETTINGS_SECTION}.${key}#\``), `${old} points at ${key}: ${then.markdownDeprecationMessage ?? 'no message'}`);
      for (const field of ['type', 'default', 'scope'] as const) assert.deepEqual(then[field], now[field], `${old}.${field}`);
    }
  });

  it('puts every setting in exactly one of the categories Model, Approvals, Runs and Integrations, in that order', () => {
    assert.deepEqual(categories.map((category) => category.title), ['Model', 'Approvals', 'Runs', 'Integrations']);
    assert.deepEqual(categories.map((category) => category.order), [1, 2, 3, 4]);
    // Each category needs an id of its own: without one VS Code files every category under the extension's id.
    assert.deepEqual(categories.map((category) => category.id), ['planwright.model', 'planwright.approvals', 'planwright.runs', 'planwright.integrations']);
    const homes = new Map<string, string[]>();
    for (const category of categories) for (const name of Object.keys(category.properties ?? {})) homes.set(name, [...(homes.get(name) ?? []), category.title ?? '']);
    for (const key of HOST_SETTING_KEYS) {
      const name = `${SETTINGS_SECTION}.${key}`;
      assert.equal(homes.get(name)?.length, 1, `${name} is in ${JSON.stringify(homes.get(name) ?? [])}, not in exactly one category`);
    }
  });

  it('is listed by category in docs/editor.md as the manifest groups it, old names left out', () => {
    const docs = repoText('docs/editor.md');
    for (const category of categories) {
      const line = new RegExp(`^- \\*\\*${category.title ?? '?'}\\*\\*: ([^]*?)\\.$`, 'm').exec(docs.replace(/\n  /g, ' '));
      assert.ok(line, `docs/editor.md has no "- **${category.title ?? '?'}**:" line`);
      const current = Object.entries(category.properties ?? {}).filter(([, property]) => !property.markdownDeprecationMessage);
      assert.deepEqual(line[1]!.split(', ').map((code) => code.replace(/`/g, '')), current.map(([name]) => name.slice(SETTINGS_SECTION.length + 1)), category.title);
    }
  });

  it('orders the settings within each category 1, 2, 3, … as they are written', () => {
    for (const category of categories) {
      const orders = Object.values(category.properties ?? {}).map((property) => property.order);
      assert.deepEqual(orders, orders.map((_order, i) => i + 1), `${category.title ?? '?'}: ${JSON.stringify(orders)}`);
    }
  });

  it('gives every key a Markdown description and a scope', () => {
    for (const [name, property] of Object.entries(properties)) {
      assert.ok((property.markdownDescription ?? '').length > 40, `${name} has no real description`);
      assert.ok(property.scope, `${name} has no scope`);
    }
  });

  it('names in words, in bold at the start of its description, a setting whose title VS Code derives with an abbreviation', () => {
    // The Settings editor titles a setting from its key ("Base Url", "Lm Vendor", "Mcp Servers", "Command Timeout Ms")
    // and capitalizes no abbreviation of ours, so the description leads with the name a person says.
    const abbreviations = new Set(['url', 'lm', 'mcp', 'ms']);
    const abbreviated = Object.keys(properties).filter((name) => name.slice(SETTINGS_SECTION.length + 1).split(/(?=[A-Z])/).some((word) => abbreviations.has(word.toLowerCase())));
    assert.ok(abbreviated.length >= 4, `found only ${abbreviated.join(', ')}`);
    for (const name of abbreviated) assert.match(properties[name]?.markdownDescription ?? '', /^\*\*[A-Z][^*]+\*\*/, name);
  });

  it('declares the defaults the schema uses', () => {
    const defaults = defaultHostSettings() as Record<string, unknown>;
    for (const [name, property] of Object.entries(properties)) assert.deepEqual(property.default, defaults[keyOf(name)], name);
  });

  it('offers exactly the enum values the schema accepts, each described', () => {
    for (const [name, property] of Object.entries(properties)) {
      if (!property.enum) continue;
      const field = HostSettingsSchema.shape[keyOf(name)];
      for (const value of property.enum) assert.ok(field.safeParse(value).success, `${name}: ${String(value)}`);
      assert.equal(field.safeParse('not-an-option').success, false, name);
      assert.equal(property.markdownEnumDescriptions?.length, property.enum.length, `${name} enum descriptions`);
    }
  });

  it('declares the bounds the schema enforces', () => {
    for (const [name, property] of Object.entries(properties)) {
      if (property.type !== 'integer') continue;
      const field = HostSettingsSchema.shape[keyOf(name)];
      assert.ok(property.minimum !== undefined && property.maximum !== undefined, `${name} bounds`);
      assert.ok(field.safeParse(property.minimum).success && field.safeParse(property.maximum).success, `${name} accepts its bounds`);
      assert.ok(!field.safeParse(property.minimum - 1).success && !field.safeParse(property.maximum + 1).success, `${name} refuses beyond its bounds`);
    }
  });

  it('lets only user settings set baseUrl and approvedCommands, and workspaces set the rest', () => {
    for (const [name, property] of Object.entries(properties)) {
      const userOnly = USER_ONLY_SETTINGS.has(keyOf(name));
      assert.equal(property.scope === 'application', userOnly, `${name} scope ${property.scope}`);
      if (!userOnly) assert.ok(['window', 'resource'].includes(property.scope ?? ''), `${name} scope ${property.scope}`);
    }
  });

  it('accepts an empty base URL and an http(s) one in the settings editor, nothing else', () => {
    const pattern = new RegExp(properties['planwright.baseUrl']?.pattern ?? '');
    for (const ok of ['', 'https://api.openai.com/v1', 'http://127.0.0.1:11434/v1']) assert.ok(pattern.test(ok), ok);
    for (const bad of ['ftp://x', 'api.openai.com/v1', 'javascript:alert(1)']) assert.ok(!pattern.test(bad), bad);
  });
});
