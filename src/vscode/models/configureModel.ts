// Configure Model…'s flow: the provider, then an OpenAI-compatible endpoint (its base URL, then the planner and
// worker models picked from the endpoint's `/models`, which tries the endpoint at once, or typed under the reason
// the list could not be had) or a VS Code language model; the settings are written only at the end, so a flow
// given up on leaves them as they were. A provider is marked "current" only when one is in use: an endpoint once
// its base URL is set, a VS Code language model once chosen (the default provider with no endpoint is neither).
// The window, the settings and the endpoint come in as ports (modelCommands.ts passes VS Code's), so the flow is
// unit-tested.
import type * as vscode from 'vscode';
import { SETTINGS_SECTION, type HostSettings } from '../../core/hostSettings';
import type { Localize, Logger } from '../../core/ports';
import type { EndpointModels } from '../../node/listEndpointModels';

/** The API key flows (SecretStorage) the model commands offer. */
export interface ApiKeyFlows {
  setApiKey(): Promise<unknown>;
  clearApiKey(): Promise<unknown>;
}

/** The window functions the flow uses (vscode.window's). */
export interface ModelWindow {
  showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined>;
  showInputBox(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  showInformationMessage(message: string, ...buttons: string[]): Thenable<string | undefined>;
  showWarningMessage(message: string): Thenable<unknown>;
}

/** A VS Code language model as the flow offers it. */
export interface LanguageModelChoice {
  readonly name: string;
  readonly vendor: string;
  readonly family: string;
}

/** What the flow works with. */
export interface ConfigureModelDeps {
  readonly settings: () => HostSettings;
  readonly keys: ApiKeyFlows;
  /** The API key stored for the endpoint `baseUrl`, if any. */
  readonly apiKey: (baseUrl: string) => Promise<string | undefined>;
  readonly log: Logger;
  readonly l10n: Localize;
  readonly window: ModelWindow;
  /** Writes one setting to the user's settings. */
  readonly update: (key: keyof HostSettings, value: string) => Promise<void>;
  /** Lists the endpoint's models (the user sees that it is asked). */
  readonly listModels: (baseUrl: string, apiKey: string | undefined) => Promise<EndpointModels>;
  readonly languageModels: () => Promise<readonly LanguageModelChoice[]>;
  readonly openSettings: () => Promise<unknown>;
}

type Provider = HostSettings['provider'];

interface ProviderPick extends vscode.QuickPickItem {
  readonly provider?: Provider;
  readonly openSettings?: true;
}

/** The provider in use, to be marked "current": none until an endpoint or a language model is set. */
export function currentProvider(settings: Pick<HostSettings, 'provider' | 'baseUrl'>): Provider | undefined {
  if (settings.provider === 'vscode-lm') return 'vscode-lm';
  return settings.baseUrl.trim() !== '' ? 'openai-compatible' : undefined;
}

/** Asks for the provider, then its details. Resolves to whether settings were written. */
export async function configureModel(deps: ConfigureModelDeps): Promise<boolean> {
  const { l10n } = deps;
  const current = currentProvider(deps.settings());
  const picked = await deps.window.showQuickPick<ProviderPick>(
    [
      { label: `$(globe) ${l10n.t('OpenAI-compatible endpoint')}`, description: current === 'openai-compatible' ? l10n.t('current') : '', detail: 'OpenAI, Azure OpenAI, OpenRouter, Ollama, LM Studio, vLLM, llama.cpp', provider: 'openai-compatible' },
      { label: `$(copilot) ${l10n.t('VS Code language model')}`, description: current === 'vscode-lm' ? l10n.t('current') : '', detail: l10n.t('A chat model another extension provides (e.g. GitHub Copilot Chat); no key needed'), provider: 'vscode-lm' },
      { label: `$(settings-gear) ${l10n.t('Open Settings')}`, detail: l10n.t('Every {0}.* setting', SETTINGS_SECTION), openSettings: true },
    ],
    { title: l10n.t('Configure Model'), placeHolder: l10n.t('Where should Planwright send its model calls?') },
  );
  if (!picked) return false;
  if (picked.openSettings) {
    await deps.openSettings();
    return false;
  }
  return picked.provider === 'vscode-lm' ? configureLm(deps) : configureOpenAi(deps);
}

async function configureOpenAi(deps: ConfigureModelDeps): Promise<boolean> {
  const { l10n } = deps;
  const current = deps.settings();
  const title = l10n.t('Configure Model: OpenAI-compatible endpoint');
  const entered = await ask(deps, title, l10n.t('The API root, usually ending in /v1 (e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 for Ollama)'), current.baseUrl || 'https://api.openai.com/v1');
  if (entered === undefined) return false;
  const baseUrl = entered.trim();
  const listed = await deps.listModels(baseUrl, await deps.apiKey(baseUrl));
  deps.log.info(listed.ok ? `${baseUrl} lists ${listed.models.length} models` : `Could not list the models: ${listed.reason}`);
  // A model is "set now" only for the endpoint it is set for.
  const sameEndpoint = baseUrl === current.baseUrl.trim();
  const plannerModel = await pickModel(deps, title, l10n.t('The planner model (writes and revises plans; use your strongest)'), current.plannerModel, sameEndpoint, listed);
  if (plannerModel === undefined) return false;
  const workerModel = await pickModel(deps, title, l10n.t('The worker model (model steps and the summary; empty: the planner model)'), current.workerModel, sameEndpoint, listed, true);
  if (workerModel === undefined) return false;
  const planner = plannerModel.trim();
  const worker = workerModel.trim();
  await deps.update('provider', 'openai-compatible');
  await deps.update('baseUrl', baseUrl);
  await deps.update('plannerModel', planner);
  await deps.update('workerModel', worker);
  deps.log.info(`Model configured: ${baseUrl}, planner ${planner}, worker ${worker || planner}`);
  const local = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/i.test(baseUrl);
  const setKey = l10n.t('Set API Key…');
  // A local endpoint needs nothing more, so the note does not hold up what waits for this flow (Plan a Task… opens
  // again once a model is set); a remote one needs its key first.
  if (local) {
    void deps.window.showInformationMessage(l10n.t('Planwright will use {0} at {1}. A local endpoint usually needs no API key.', planner, baseUrl), setKey).then((choice) => (choice === setKey ? deps.keys.setApiKey() : undefined));
    return true;
  }
  const choice = await deps.window.showInformationMessage(l10n.t('Planwright will use {0} at {1}. Set the API key next; it is kept in VS Code’s secret storage.', planner, baseUrl), setKey);
  if (choice === setKey) await deps.keys.setApiKey();
  return true;
}

async function configureLm(deps: ConfigureModelDeps): Promise<boolean> {
  const { l10n } = deps;
  const models = await deps.languageModels();
  if (models.length === 0) {
    void deps.window.showWarningMessage(l10n.t('No VS Code language model is available. Install and sign in to an extension that provides one (such as GitHub Copilot Chat), or use an OpenAI-compatible endpoint.'));
    return false;
  }
  const picked = await deps.window.showQuickPick(
    models.map((model) => ({ label: model.name, description: `${model.vendor} · ${model.family}`, model })),
    { title: l10n.t('Configure Model: VS Code language model'), placeHolder: l10n.t('The model for planning and work') },
  );
  if (!picked) return false;
  await deps.update('provider', 'vscode-lm');
  await deps.update('languageModelVendor', picked.model.vendor);
  await deps.update('languageModelFamily', picked.model.family);
  deps.log.info(`Model configured: VS Code language model ${picked.model.vendor}/${picked.model.family}`);
  return true;
}

function ask(deps: ConfigureModelDeps, title: string, prompt: string, value: string, optional = false): Thenable<string | undefined> {
  return deps.window.showInputBox({
    title,
    prompt,
    value,
    ignoreFocusOut: true,
    validateInput: (text) => (optional || text.trim().length > 0 ? undefined : deps.l10n.t('Required.')),
  });
}

/** A model of the endpoint's list, or a name typed when the list is missing (its prompt then says why). */
async function pickModel(deps: ConfigureModelDeps, title: string, prompt: string, value: string, sameEndpoint: boolean, listed: EndpointModels, optional = false): Promise<string | undefined> {
  const { l10n } = deps;
  if (!listed.ok) return ask(deps, title, l10n.t("{0}. The endpoint's models could not be listed: {1}.", prompt, listed.reason), value, optional);
  const typeAName = `$(edit) ${l10n.t('Type a model name…')}`;
  const items = [
    ...listed.models.map((id) => ({ label: id, description: sameEndpoint && id === value ? l10n.t('set now') : '' })),
    ...(optional ? [{ label: `$(dash) ${l10n.t('The planner model')}`, description: '', empty: true }] : []),
    { label: typeAName, description: '' },
  ];
  const picked = await deps.window.showQuickPick(items, { title, placeHolder: prompt, ignoreFocusOut: true });
  if (!picked) return undefined;
  if ('empty' in picked) return '';
  return picked.label === typeAName ? ask(deps, title, prompt, value, optional) : picked.label;
}
