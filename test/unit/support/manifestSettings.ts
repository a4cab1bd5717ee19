// The settings package.json contributes, read from its categories: `contributes.configuration` is an array of
// titled categories (Model, Approvals, Runs, Integrations), each with its own `properties`. The one place the
// tests that check settings learn that shape.

/** One titled category of settings, as the Settings editor lists it under Planwright. */
export interface SettingsCategory<P = unknown> {
  readonly id?: string;
  readonly title?: string;
  readonly order?: number;
  readonly properties?: Readonly<Record<string, P>>;
}

/** The categories of `manifest`, in the order they are written; none when it contributes no settings. */
export function settingsCategories<P = unknown>(manifest: unknown): readonly SettingsCategory<P>[] {
  const configuration = (manifest as { contributes?: { configuration?: unknown } }).contributes?.configuration;
  if (configuration === undefined) return [];
  if (!Array.isArray(configuration)) throw new Error('package.json contributes.configuration is not an array of categories');
  return configuration as SettingsCategory<P>[];
}

/** Every setting of every category by its full name (`planwright.baseUrl`), in the order the categories list them. */
export function manifestSettings<P = unknown>(manifest: unknown): Readonly<Record<string, P>> {
  return Object.assign({}, ...settingsCategories<P>(manifest).map((category) => category.properties ?? {})) as Record<string, P>;
}
