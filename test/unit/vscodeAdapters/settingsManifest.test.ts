// Checks package.json's contributes.configuration against the settings schema in both directions: every key
// described, the same defaults, enums and bounds, and the scopes that keep a workspace from setting what only
// the user may.
import * as assert from 'node:assert/strict';
import { localizedManifest } from '../support/localizedManifest';
import { HOST_SETTING_KEYS, HostSettingsSchema, SETTINGS_SECTION, USER_ONLY_SETTINGS, defaultHostSettings, type HostSettingKey } from '../../../src/core/hostSettings';


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
}

const manifest = localizedManifest() as { contributes: { configuration?: { title?: string; properties?: Record<string, Property> } } };
const configuration = manifest.contributes.configuration;
const properties = configuration?.properties ?? {};
const keyOf = (name: string) => name.slice(SETTINGS_SECTION.length + 1) as HostSettingKey;

describe('package.json contributes.configuration', () => {
  it('has a title and describes exactly the keys of the settings schema', () => {
    assert.equal(configuration?.title, 'Planwright');
    assert.deepEqual(Object.keys(properties).sort(), HOST_SETTING_KEYS.map((key) => `${SETTINGS_SECTION}.${key}`).sort());
  });

  it('gives every key a Markdown description and a scope', () => {
    for (const [name, property] of Object.entries(properties)) {
      assert.ok((property.markdownDescription ?? '').length > 40, `${name} has no real description`);
      assert.ok(property.scope, `${name} has no scope`);
    }
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
