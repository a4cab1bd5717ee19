// Configure Model…: a short guided input that writes the model settings (provider, endpoint and model
// names, or a VS Code language model) to the user's settings, then offers Set API Key…. The endpoint's models
// are listed from its `/models` (so the names are picked, not typed, and the endpoint is tried at once), or
// the prompt says why they could not be. The key itself is never a setting: Set API Key… and Clear API Key
// are the secret store's flows, registered here.
import * as vscode from 'vscode';
import { SETTINGS_SECTION, type HostSettings } from '../../core/hostSettings';
import { listEndpointModels, type EndpointModels } from '../../node/listEndpointModels';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';

/** The API key flows (SecretStorage) this module registers as commands. */
export interface ApiKeyFlows {
  setApiKey(): Promise<unknown>;
  clearApiKey(): Promise<unknown>;
}

/** What the model commands work with. */
export interface ModelCommandDeps {
  readonly settings: () => HostSettings;
  readonly keys: ApiKeyFlows;
  /** The API key stored for the endpoint `baseUrl`, if any. */
  readonly apiKey: (baseUrl: string) => Promise<string | undefined>;
  readonly log: vscode.LogOutputChannel;
}

interface ProviderPick extends vscode.QuickPickItem {
  readonly provider?: HostSettings['provider'];
  readonly openSettings?: true;
}

async function update(key: keyof HostSettings, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, value, vscode.ConfigurationTarget.Global);
}

async function ask(title: string, prompt: string, value: string, optional = false): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt,
    value,
    ignoreFocusOut: true,
    validateInput: (text) => (optional || text.trim().length > 0 ? undefined : vscode.l10n.t('Required.')),
  });
}

/** A model of the endpoint's list, or a name typed when the list is missing (its prompt then says why). */
async function pickModel(title: string, prompt: string, value: string, listed: EndpointModels, optional = false): Promise<string | undefined> {
  if (!listed.ok) return ask(title, vscode.l10n.t("{0}. The endpoint's models could not be listed: {1}.", prompt, listed.reason), value, optional);
  const typeAName = `$(edit) ${vscode.l10n.t('Type a model name…')}`;
  const items = [
    ...listed.models.map((id) => ({ label: id, description: id === value ? vscode.l10n.t('set now') : '' })),
    ...(optional ? [{ label: `$(dash) ${vscode.l10n.t('The planner model')}`, description: '', empty: true }] : []),
    { label: typeAName, description: '' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: prompt, ignoreFocusOut: true });
  if (!picked) return undefined;
  if ('empty' in picked) return '';
  return picked.label === typeAName ? ask(title, prompt, value, optional) : picked.label;
}

async function configureOpenAi(deps: ModelCommandDeps): Promise<boolean> {
  const current = deps.settings();
  const title = vscode.l10n.t('Configure Model: OpenAI-compatible endpoint');
  const baseUrl = await ask(title, vscode.l10n.t('The API root, usually ending in /v1 (e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 for Ollama)'), current.baseUrl || 'https://api.openai.com/v1');
  if (baseUrl === undefined) return false;
  const listed = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Planwright: listing the models of {0}…', baseUrl.trim()) },
    async () => listEndpointModels(baseUrl.trim(), await deps.apiKey(baseUrl.trim())),
  );
  deps.log.info(listed.ok ? `${baseUrl.trim()} lists ${listed.models.length} models` : `Could not list the models: ${listed.reason}`);
  const plannerModel = await pickModel(title, vscode.l10n.t('The planner model (writes and revises plans; use your strongest)'), current.plannerModel, listed);
  if (plannerModel === undefined) return false;
  const workerModel = await pickModel(title, vscode.l10n.t('The worker model (model steps and the summary; empty: the planner model)'), current.workerModel, listed, true);
  if (workerModel === undefined) return false;
  await update('provider', 'openai-compatible');
  await update('baseUrl', baseUrl.trim());
  await update('plannerModel', plannerModel.trim());
  await update('workerModel', workerModel.trim());
  deps.log.info(`Model configured: ${baseUrl.trim()}, planner ${plannerModel.trim()}, worker ${workerModel.trim() || plannerModel.trim()}`);
  const local = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/i.test(baseUrl.trim());
  const setKey = vscode.l10n.t('Set API Key…');
  const choice = await vscode.window.showInformationMessage(
    local
      ? vscode.l10n.t('Planwright will use {0} at {1}. A local endpoint usually needs no API key.', plannerModel.trim(), baseUrl.trim())
      : vscode.l10n.t('Planwright will use {0} at {1}. Set the API key next; it is kept in VS Code’s secret storage.', plannerModel.trim(), baseUrl.trim()),
    setKey,
  );
  if (choice === setKey) await vscode.commands.executeCommand(COMMANDS.setApiKey);
  return true;
}

async function configureLm(deps: ModelCommandDeps): Promise<boolean> {
  const models = await vscode.lm.selectChatModels({});
  if (models.length === 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('No VS Code language model is available. Install and sign in to an extension that provides one (such as GitHub Copilot Chat), or use an OpenAI-compatible endpoint.'));
    return false;
  }
  const picked = await vscode.window.showQuickPick(
    models.map((model) => ({ label: model.name, description: `${model.vendor} · ${model.family}`, model })),
    { title: vscode.l10n.t('Configure Model: VS Code language model'), placeHolder: vscode.l10n.t('The model for planning and work') },
  );
  if (!picked) return false;
  await update('provider', 'vscode-lm');
  await update('lmVendor', picked.model.vendor);
  await update('lmFamily', picked.model.family);
  deps.log.info(`Model configured: VS Code language model ${picked.model.vendor}/${picked.model.family}`);
  return true;
}

/** Asks for the provider, then its details. Resolves to whether settings were written. */
async function configureModel(deps: ModelCommandDeps): Promise<boolean> {
  // "current" only for a provider the user chose: the default is no choice.
  const inspected = vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<string>('provider');
  const chosen = inspected?.globalValue !== undefined || inspected?.workspaceValue !== undefined || inspected?.workspaceFolderValue !== undefined;
  const provider = chosen ? deps.settings().provider : undefined;
  const picked = await vscode.window.showQuickPick<ProviderPick>(
    [
      { label: `$(globe) ${vscode.l10n.t('OpenAI-compatible endpoint')}`, description: provider === 'openai-compatible' ? vscode.l10n.t('current') : '', detail: 'OpenAI, Azure OpenAI, OpenRouter, Ollama, LM Studio, vLLM, llama.cpp', provider: 'openai-compatible' },
      { label: `$(copilot) ${vscode.l10n.t('VS Code language model')}`, description: provider === 'vscode-lm' ? vscode.l10n.t('current') : '', detail: vscode.l10n.t('A chat model another extension provides (e.g. GitHub Copilot Chat); no key needed'), provider: 'vscode-lm' },
      { label: `$(settings-gear) ${vscode.l10n.t('Open Settings')}`, detail: vscode.l10n.t('Every {0}.* setting', SETTINGS_SECTION), openSettings: true },
    ],
    { title: vscode.l10n.t('Configure Model'), placeHolder: vscode.l10n.t('Where should Planwright send its model calls?') },
  );
  if (!picked) return false;
  if (picked.openSettings) {
    await vscode.commands.executeCommand('workbench.action.openSettings', `@ext:planwright.planwright`);
    return false;
  }
  return picked.provider === 'vscode-lm' ? configureLm(deps) : configureOpenAi(deps);
}

/** Registers Configure Model…, Set API Key… and Clear API Key; the caller owns the returned disposables. */
export function registerModelCommands(deps: ModelCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.configureModel, () => configureModel(deps)),
    registerCommand(COMMANDS.setApiKey, () => deps.keys.setApiKey()),
    registerCommand(COMMANDS.clearApiKey, () => deps.keys.clearApiKey()),
  ];
}

