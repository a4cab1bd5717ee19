// The API key lives only in VS Code's SecretStorage (the OS keychain on desktop), never in a setting or a
// log. It is stored per endpoint (src/node/apiKeyScope.ts): a key entered for https://api.openai.com/v1
// is only ever handed to a client for that endpoint, so changing planwright.baseUrl (or a setting trying
// to change it) cannot send it anywhere else. A small index of the endpoints that have a key, kept in
// SecretStorage too, lets Clear API Key offer them, since SecretStorage cannot list its keys.
import * as vscode from 'vscode';
import type { HostSettings } from '../../core/hostSettings';
import { apiKeyScope } from '../../node/apiKeyScope';
import { Disposable } from '../disposableStore';

const KEY_PREFIX = 'planwright.apiKey:';
const INDEX_KEY = 'planwright.apiKeyEndpoints';

/** API keys by endpoint, over the extension's SecretStorage. */
export class ApiKeyStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());

  /** Fires when a Planwright key is stored or deleted, here or in another window. */
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this._register(
      secrets.onDidChange((event) => {
        if (event.key.startsWith(KEY_PREFIX)) this.changed.fire();
      }),
    );
  }

  /** The key for the endpoint `baseUrl` names, or `undefined` (also for a base URL that is not http(s)). */
  async get(baseUrl: string): Promise<string | undefined> {
    const scope = apiKeyScope(baseUrl);
    return scope ? ((await this.secrets.get(KEY_PREFIX + scope)) ?? undefined) : undefined;
  }

  /** Stores `key` for the endpoint `baseUrl` names; returns that endpoint. */
  async set(baseUrl: string, key: string): Promise<string> {
    const scope = apiKeyScope(baseUrl);
    if (!scope) throw new Error(`Not an http(s) endpoint: ${baseUrl}`);
    await this.secrets.store(KEY_PREFIX + scope, key);
    const endpoints = await this.endpoints();
    if (!endpoints.includes(scope)) await this.secrets.store(INDEX_KEY, JSON.stringify([...endpoints, scope]));
    return scope;
  }

  /** Deletes the key of one endpoint (as `apiKeyScope` names it); true when there was one. */
  async delete(endpoint: string): Promise<boolean> {
    const scope = apiKeyScope(endpoint);
    if (!scope) return false;
    const had = (await this.secrets.get(KEY_PREFIX + scope)) !== undefined;
    await this.secrets.delete(KEY_PREFIX + scope);
    const endpoints = await this.endpoints();
    if (endpoints.includes(scope)) await this.secrets.store(INDEX_KEY, JSON.stringify(endpoints.filter((entry) => entry !== scope)));
    return had;
  }

  /** The endpoints that have a key. */
  async endpoints(): Promise<string[]> {
    try {
      const parsed: unknown = JSON.parse((await this.secrets.get(INDEX_KEY)) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
    } catch {
      return [];
    }
  }

}

/** The few window functions the key commands use; tests pass their own. */
export interface ApiKeyUi {
  showInputBox(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined>;
  showInformationMessage(message: string): Thenable<unknown>;
  showWarningMessage(message: string): Thenable<unknown>;
}

/** The real window. */
export const windowUi: ApiKeyUi = {
  showInputBox: (options) => vscode.window.showInputBox(options),
  showQuickPick: (items, options) => vscode.window.showQuickPick(items, options),
  showInformationMessage: (message) => vscode.window.showInformationMessage(message),
  showWarningMessage: (message) => vscode.window.showWarningMessage(message),
};

/** What a user must type for the key to be accepted, or the reason it is not. */
export function apiKeyProblem(value: string): string | undefined {
  const key = value.trim();
  if (key.length === 0) return vscode.l10n.t('Enter the API key, or press Escape to cancel.');
  if (/\s/.test(key)) return vscode.l10n.t('An API key has no spaces or line breaks.');
  return undefined;
}

/**
 * "Planwright: Set API Key…": asks for the key of the configured endpoint in a password box and stores
 * it. Returns true when a key was stored. The key is never shown, logged or put in a message.
 */
export async function promptForApiKey(store: ApiKeyStore, settings: HostSettings, ui: ApiKeyUi = windowUi): Promise<boolean> {
  if (settings.provider === 'vscode-lm') {
    await ui.showInformationMessage(vscode.l10n.t('Planwright uses a VS Code language model (planwright.provider is "vscode-lm"), which needs no API key.'));
    return false;
  }
  const endpoint = apiKeyScope(settings.baseUrl);
  if (!endpoint) {
    await ui.showWarningMessage(vscode.l10n.t('Set planwright.baseUrl in your user settings first (or run "Planwright: Configure Model…"): the key is kept for that endpoint only.'));
    return false;
  }
  const replacing = (await store.get(endpoint)) !== undefined;
  const entered = await ui.showInputBox({
    title: vscode.l10n.t('Planwright: API Key'),
    prompt: replacing
      ? vscode.l10n.t("The API key for {0}. It is kept in VS Code's secret storage and sent only to this endpoint. It replaces the key stored now.", endpoint)
      : vscode.l10n.t("The API key for {0}. It is kept in VS Code's secret storage and sent only to this endpoint.", endpoint),
    placeHolder: vscode.l10n.t('API key'),
    password: true,
    ignoreFocusOut: true,
    validateInput: apiKeyProblem,
  });
  if (entered === undefined || apiKeyProblem(entered)) return false;
  await store.set(endpoint, entered.trim());
  await ui.showInformationMessage(vscode.l10n.t('API key saved for {0}.', endpoint));
  return true;
}

/**
 * "Planwright: Clear API Key": deletes the stored key. With keys for several endpoints, asks which (the
 * configured one first, or all). Returns true when a key was deleted.
 */
export async function clearApiKey(store: ApiKeyStore, settings: HostSettings, ui: ApiKeyUi = windowUi): Promise<boolean> {
  const endpoints = await store.endpoints();
  const current = apiKeyScope(settings.baseUrl);
  if (endpoints.length === 0) {
    await ui.showInformationMessage(vscode.l10n.t('No Planwright API key is stored.'));
    return false;
  }
  let chosen: readonly string[] = endpoints;
  if (endpoints.length > 1) {
    const ordered = [...endpoints].sort((a, b) => Number(b === current) - Number(a === current));
    const items = [
      ...ordered.map((endpoint) => ({ label: endpoint, description: endpoint === current ? 'planwright.baseUrl' : undefined, endpoints: [endpoint] })),
      { label: vscode.l10n.t('All endpoints'), description: vscode.l10n.t('{0} keys', endpoints.length), endpoints },
    ];
    const picked = await ui.showQuickPick(items, { title: vscode.l10n.t('Planwright: Clear API Key'), placeHolder: vscode.l10n.t("Which endpoint's key to delete?") });
    if (!picked) return false;
    chosen = picked.endpoints;
  }
  for (const endpoint of chosen) await store.delete(endpoint);
  await ui.showInformationMessage(chosen.length === 1 ? vscode.l10n.t('API key deleted for {0}.', chosen[0] ?? '') : vscode.l10n.t('{0} API keys deleted.', chosen.length));
  return true;
}
