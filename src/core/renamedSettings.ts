// Settings renamed so that the Settings editor, which titles a setting from its key and capitalizes none of our
// abbreviations ("Lm Vendor"), shows a readable title ("Language Model Vendor"). A user's settings under the old
// name keep working: the old key is read, with a warning that names the new one, wherever the new key is set
// nowhere. package.json keeps the old keys, marked deprecated, so VS Code still knows them.
import type { HostSettingKey, SettingLevels } from './hostSettings';

/** Each renamed setting's new key and the old key still read in its place. */
export const RENAMED_SETTINGS = {
  languageModelVendor: 'lmVendor',
  languageModelFamily: 'lmFamily',
} as const satisfies Partial<Record<HostSettingKey, string>>;

/** An old key that is still read. */
export type OldSettingKey = (typeof RENAMED_SETTINGS)[keyof typeof RENAMED_SETTINGS];

/** The old keys, for a reader to gather their values too. */
export const OLD_SETTING_KEYS: readonly OldSettingKey[] = Object.values(RENAMED_SETTINGS);

/** Whether a setting has a value at any level a person sets: user, workspace or folder. */
function isSet(levels: SettingLevels | undefined): boolean {
  return levels !== undefined && [levels.user, levels.workspace, levels.folder].some((value) => value !== undefined);
}

/**
 * The levels to read `key` from: its own, or, when it is set nowhere and it was renamed, those of its old key.
 * A set old key adds a warning saying whether it is used or, the new key being set, ignored.
 */
export function levelsUnderEitherName(
  key: HostSettingKey,
  levels: Readonly<Partial<Record<HostSettingKey | OldSettingKey, SettingLevels>>>,
  warnings: string[],
  settingName: (key: string) => string,
): SettingLevels {
  const own = levels[key] ?? {};
  const oldKey = (RENAMED_SETTINGS as Partial<Record<HostSettingKey, OldSettingKey>>)[key];
  if (oldKey === undefined || !isSet(levels[oldKey])) return own;
  if (isSet(own)) {
    warnings.push(`${settingName(oldKey)} is ignored: it was renamed ${settingName(key)}, which is set. Remove ${settingName(oldKey)} from your settings.`);
    return own;
  }
  warnings.push(`${settingName(oldKey)} was renamed ${settingName(key)}; its value is used until you rename it in your settings.`);
  return levels[oldKey] ?? {};
}
