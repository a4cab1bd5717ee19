// The planner and worker models, built from the settings and the stored API key the way the CLI builds
// them from the environment (src/cli/modelsFromEnv.ts): one OpenAI-compatible client serving both
// roles (planner model for planning and re-planning, worker model for the rest), or the VS Code Language
// Model API with a selector per role. Rebuilt after the settings or the key change; a model that is not
// configured is a ModelError that names the setting to change and the command that helps, in the user's language
// (it is thrown before a run starts, so no journal or model reads it). Whether one is configured is a context key
// the welcome view reads.
import * as vscode from 'vscode';
import type { HostSettings } from '../../core/hostSettings';
import { ModelError } from '../../core/errors';
import type { ChatModel, Logger } from '../../core/ports';
import { apiKeyScope } from '../../node/apiKeyScope';
import { OpenAiChatModel } from '../../node/openAiChatModel';
import { Disposable } from '../disposableStore';
import { LmChatModel } from './lmChatModel';
import type { ApiKeyStore } from './secretStore';
import type { SettingsSource } from '../settings';
import { CONTEXT_KEYS } from '../ids';

/** The models a run uses, and a line saying which they are (for the log and the status bar). */
export interface ChatModels {
  readonly planner: ChatModel;
  readonly worker: ChatModel;
  readonly description: string;
}

/** Builds the models `settings` configure; `apiKey` is the key stored for their endpoint, if any. */
export function buildChatModels(settings: HostSettings, apiKey: string | undefined): ChatModels {
  if (settings.provider === 'vscode-lm') return languageModels(settings);
  const baseUrl = settings.baseUrl;
  if (!baseUrl) {
    throw new ModelError(
      'noEndpoint',
      vscode.l10n.t(
        'No model is configured. Run "Planwright: Configure Model…", or set planwright.baseUrl in your user settings to an OpenAI-compatible API root (e.g. https://api.openai.com/v1, or http://127.0.0.1:11434/v1 for Ollama), or set planwright.provider to "vscode-lm" to use a model another extension provides.',
      ),
    );
  }
  const endpoint = apiKeyScope(baseUrl);
  if (!endpoint) {
    throw new ModelError('noEndpoint', vscode.l10n.t('planwright.baseUrl {0} is not an http(s) URL: set it to an API root such as https://api.openai.com/v1, or run "Planwright: Configure Model…".', JSON.stringify(baseUrl.slice(0, 200))));
  }
  if (!settings.plannerModel && !settings.workerModel) {
    throw new ModelError('modelNotFound', vscode.l10n.t('No model name is configured for {0}: set planwright.plannerModel (and planwright.workerModel for a cheaper worker), or run "Planwright: Configure Model…".', endpoint));
  }
  const model = new OpenAiChatModel({ baseUrl, apiKey, plannerModel: settings.plannerModel || undefined, workerModel: settings.workerModel || undefined, planFormat: settings.planFormat, timeoutMs: settings.modelTimeoutSeconds * 1000 });
  const planner = settings.plannerModel || settings.workerModel;
  const worker = settings.workerModel || settings.plannerModel;
  const names = planner === worker ? planner : `${planner} (planner), ${worker} (worker)`;
  return { planner: model, worker: model, description: `${names} at ${endpoint}${apiKey ? '' : ', no API key'}` };
}

/** Models from the Language Model API: the role's model setting names a family, falling back to languageModelFamily. */
function languageModels(settings: HostSettings): ChatModels {
  const selector = (family: string): vscode.LanguageModelChatSelector => ({
    ...(settings.languageModelVendor ? { vendor: settings.languageModelVendor } : {}),
    ...(family ? { family } : {}),
  });
  const planner = selector(settings.plannerModel || settings.languageModelFamily);
  const worker = selector(settings.workerModel || settings.languageModelFamily);
  const model = new LmChatModel({ planner, worker, planFormat: settings.planFormat });
  const describe = (chosen: vscode.LanguageModelChatSelector): string => [chosen.vendor, chosen.family].filter(Boolean).join(' ') || 'any model';
  const names = describe(planner) === describe(worker) ? describe(planner) : `${describe(planner)} (planner), ${describe(worker)} (worker)`;
  return { planner: model, worker: model, description: `VS Code language model: ${names}` };
}

/** The current models, rebuilt when the settings or the stored keys change. */
export class ChatModelFactory extends Disposable {
  private cached: ChatModels | undefined;
  private generation = 0;
  private modelSettings: string;
  private readonly changed = this._register(new vscode.EventEmitter<void>());

  /** Fires when the models should be fetched again (a model setting or a key changed). */
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(
    private readonly settings: SettingsSource,
    private readonly keys: ApiKeyStore,
    private readonly logger?: Logger,
  ) {
    super();
    this.modelSettings = modelSettingsOf(settings.current);
    // Only the settings that choose the models rebuild them: a rebuilt OpenAI client forgets which
    // structured-output mode its endpoint accepts.
    this._register(
      settings.onDidChange((next) => {
        const modelSettings = modelSettingsOf(next);
        if (modelSettings === this.modelSettings) return;
        this.modelSettings = modelSettings;
        this.invalidate();
      }),
    );
    this._register(keys.onDidChange(() => this.invalidate()));
    void this.sayConfigured();
  }

  /** Whether the settings build a model now, without saying why not (asking for the models says that). */
  async configured(): Promise<boolean> {
    return this.models().then(
      () => true,
      (error: unknown) => (error instanceof ModelError ? false : Promise.reject(error)),
    );
  }

  /** The models to use now; rejects with a ModelError saying what to configure when there are none. */
  async models(): Promise<ChatModels> {
    for (;;) {
      if (this.cached) return this.cached;
      const generation = this.generation;
      const settings = this.settings.current;
      const apiKey = settings.provider === 'openai-compatible' && settings.baseUrl ? await this.keys.get(settings.baseUrl) : undefined;
      // A change while the key was read: build from the newer settings instead.
      if (generation !== this.generation) continue;
      this.cached = buildChatModels(settings, apiKey);
      this.logger?.info(`Models: ${this.cached.description}.`);
      return this.cached;
    }
  }

  private invalidate(): void {
    this.generation++;
    this.cached = undefined;
    this.changed.fire();
    void this.sayConfigured();
  }

  /** Keeps the `planwright:modelConfigured` context key current, for the welcome view. */
  private async sayConfigured(): Promise<void> {
    const configured = await this.configured().catch(() => true);
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.modelConfigured, configured);
  }
}

/** The settings that decide which models are built, as one comparable value. */
function modelSettingsOf(settings: HostSettings): string {
  const { provider, baseUrl, plannerModel, workerModel, languageModelVendor, languageModelFamily, planFormat, modelTimeoutSeconds } = settings;
  return JSON.stringify([provider, baseUrl, plannerModel, workerModel, languageModelVendor, languageModelFamily, planFormat, modelTimeoutSeconds]);
}
