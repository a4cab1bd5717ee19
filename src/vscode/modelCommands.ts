// Configure Model…: a short guided input that writes the model settings (provider, endpoint and model
// names, or a VS Code language model) to the user's settings, then offers Set API Key…. The key itself is
// never a setting: Set API Key… and Clear API Key are the secret store's flows, registered here.
import * as vscode from 'vscode';
import { SETTINGS_SECTION, type HostSettings } from '../core/hostSettings';
import { COMMANDS } from './ids';

/** The API key flows (SecretStorage) this module registers as commands. */
export interface ApiKeyFlows {
  setApiKey(): Promise<unknown>;
  clearApiKey(): Promise<unknown>;
}

/** What the model commands work with. */
export interface ModelCommandDeps {
  readonly settings: () => HostSettings;
  readonly keys: ApiKeyFlows;
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
    validateInput: (text) => (optional || text.trim().length > 0 ? undefined : 'Required.'),
  });
}

async function configureOpenAi(deps: ModelCommandDeps): Promise<boolean> {
  const current = deps.settings();
  const title = 'Configure Model: OpenAI-compatible endpoint';
  const baseUrl = await ask(title, 'The API root, usually ending in /v1 (e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 for Ollama)', current.baseUrl || 'https://api.openai.com/v1');
  if (baseUrl === undefined) return false;
  const plannerModel = await ask(title, 'The planner model (writes and revises plans; use your strongest)', current.plannerModel);
  if (plannerModel === undefined) return false;
  const workerModel = await ask(title, 'The worker model (model steps and the summary; empty: the planner model)', current.workerModel, true);
  if (workerModel === undefined) return false;
  await update('provider', 'openai-compatible');
  await update('baseUrl', baseUrl.trim());
  await update('plannerModel', plannerModel.trim());
  await update('workerModel', workerModel.trim());
  deps.log.info(`Model configured: ${baseUrl.trim()}, planner ${plannerModel.trim()}, worker ${workerModel.trim() || plannerModel.trim()}`);
  const local = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/i.test(baseUrl.trim());
  const choice = await vscode.window.showInformationMessage(
    `Planwright will use ${plannerModel.trim()} at ${baseUrl.trim()}.${local ? ' A local endpoint usually needs no API key.' : ' Set the API key next; it is kept in VS Code’s secret storage.'}`,
    'Set API Key…',
  );
  if (choice) await vscode.commands.executeCommand(COMMANDS.setApiKey);
  return true;
}

async function configureLm(deps: ModelCommandDeps): Promise<boolean> {
  const models = await vscode.lm.selectChatModels({});
  if (models.length === 0) {
    void vscode.window.showWarningMessage('No VS Code language model is available. Install and sign in to an extension that provides one (such as GitHub Copilot Chat), or use an OpenAI-compatible endpoint.');
    return false;
  }
  const picked = await vscode.window.showQuickPick(
    models.map((model) => ({ label: model.name, description: `${model.vendor} · ${model.family}`, model })),
    { title: 'Configure Model: VS Code language model', placeHolder: 'The model for planning and work' },
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
  const provider = deps.settings().provider;
  const picked = await vscode.window.showQuickPick<ProviderPick>(
    [
      { label: '$(globe) OpenAI-compatible endpoint', description: provider === 'openai-compatible' ? 'current' : '', detail: 'OpenAI, Azure OpenAI, OpenRouter, Ollama, LM Studio, vLLM, llama.cpp', provider: 'openai-compatible' },
      { label: '$(copilot) VS Code language model', description: provider === 'vscode-lm' ? 'current' : '', detail: 'A chat model another extension provides (e.g. GitHub Copilot Chat); no key needed', provider: 'vscode-lm' },
      { label: '$(settings-gear) Open Settings', detail: `Every ${SETTINGS_SECTION}.* setting`, openSettings: true },
    ],
    { title: 'Configure Model', placeHolder: 'Where should Planwright send its model calls?' },
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
  return [
    vscode.commands.registerCommand(COMMANDS.configureModel, () => configureModel(deps)),
    vscode.commands.registerCommand(COMMANDS.setApiKey, () => deps.keys.setApiKey()),
    vscode.commands.registerCommand(COMMANDS.clearApiKey, () => deps.keys.clearApiKey()),
  ];
}

