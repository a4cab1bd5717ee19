// The one reader of the `planwright.*` settings. It gathers each key's values per level from VS Code and
// hands them to core's rules (src/core/hostSettings.ts): defaults for what is unset or invalid, with a
// warning in the log naming the setting; baseUrl and approvedCommands from user settings only; autoApprove
// only ever made stricter by a workspace; a renamed setting's old key read where the new one is not set.
// Re-read and announced when, and only when, a planwright setting changes.
import * as vscode from 'vscode';
import { HOST_SETTING_KEYS, resolveHostSettings, SETTINGS_SECTION, type HostSettingKey, type HostSettings, type ResolvedHostSettings, type SettingLevels } from '../core/hostSettings';
import { OLD_SETTING_KEYS, type OldSettingKey } from '../core/renamedSettings';
import type { Logger } from '../core/ports';
import { Disposable } from './disposableStore';

/** Something that knows the current settings and says when they change; what the factory and runs need. */
export interface SettingsSource {
  readonly current: HostSettings;
  readonly onDidChange: vscode.Event<HostSettings>;
}

/** Reads every `planwright.*` setting once, for `scope` (a workspace folder in a multi-root window). */
export function readSettings(scope?: vscode.ConfigurationScope): ResolvedHostSettings {
  const configuration = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  const levels: Partial<Record<HostSettingKey | OldSettingKey, SettingLevels>> = {};
  for (const key of [...HOST_SETTING_KEYS, ...OLD_SETTING_KEYS]) {
    const inspected = configuration.inspect(key);
    levels[key] = {
      effective: configuration.get(key),
      user: inspected?.globalValue,
      workspace: inspected?.workspaceValue,
      folder: inspected?.workspaceFolderValue,
    };
  }
  return resolveHostSettings(levels);
}

/** The current settings, kept up to date; warnings about values not used as written go to the log once. */
export class SettingsReader extends Disposable implements SettingsSource {
  private resolved: ResolvedHostSettings;
  private readonly changed = this._register(new vscode.EventEmitter<HostSettings>());

  /** Fires with the new settings after a `planwright.*` setting changed; other settings do not fire it. */
  readonly onDidChange: vscode.Event<HostSettings> = this.changed.event;

  constructor(
    private readonly logger: Logger,
    private readonly scope?: vscode.ConfigurationScope,
  ) {
    super();
    this.resolved = this.read([]);
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(SETTINGS_SECTION, this.scope)) return;
        this.resolved = this.read(this.resolved.warnings);
        this.changed.fire(this.resolved.settings);
      }),
    );
  }

  /** The settings as they are now. */
  get current(): HostSettings {
    return this.resolved.settings;
  }

  /** What was not used as written, one sentence per setting. */
  get warnings(): readonly string[] {
    return this.resolved.warnings;
  }

  /** Reads the settings and logs the warnings that `previous` did not already have. */
  private read(previous: readonly string[]): ResolvedHostSettings {
    const resolved = readSettings(this.scope);
    for (const warning of resolved.warnings) if (!previous.includes(warning)) this.logger.warn(warning);
    return resolved;
  }
}
