// Configure Model…, Set API Key… and Clear API Key as commands. Configure Model's flow (configureModel.ts) gets
// VS Code's window, the user's settings, the endpoint's `/models` behind a progress notification and the
// language models here; the key itself is never a setting: Set API Key… and Clear API Key are the secret
// store's flows.
import * as vscode from 'vscode';
import { SETTINGS_SECTION, type HostSettings } from '../../core/hostSettings';
import { listEndpointModels } from '../../node/listEndpointModels';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';
import { configureModel, type ApiKeyFlows, type ConfigureModelDeps } from './configureModel';

/** What the model commands work with. */
export interface ModelCommandDeps {
  readonly settings: () => HostSettings;
  readonly keys: ApiKeyFlows;
  /** The API key stored for the endpoint `baseUrl`, if any. */
  readonly apiKey: (baseUrl: string) => Promise<string | undefined>;
  readonly log: vscode.LogOutputChannel;
}

/** Configure Model's ports over VS Code. */
function editorPorts(deps: ModelCommandDeps): ConfigureModelDeps {
  return {
    ...deps,
    l10n: vscode.l10n,
    window: vscode.window,
    update: async (key, value) => {
      await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, value, vscode.ConfigurationTarget.Global);
    },
    listModels: (baseUrl, apiKey) =>
      Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Planwright: listing the models of {0}…', baseUrl) }, () => listEndpointModels(baseUrl, apiKey))),
    languageModels: async () => vscode.lm.selectChatModels({}),
    openSettings: async () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:planwright.planwright'),
  };
}

/** Registers Configure Model…, Set API Key… and Clear API Key; the caller owns the returned disposables. */
export function registerModelCommands(deps: ModelCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.configureModel, () => configureModel(editorPorts(deps))),
    registerCommand(COMMANDS.setApiKey, () => deps.keys.setApiKey()),
    registerCommand(COMMANDS.clearApiKey, () => deps.keys.clearApiKey()),
  ];
}
