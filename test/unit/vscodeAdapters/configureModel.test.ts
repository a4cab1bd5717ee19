// Configure Model…'s flow with a scripted window: nothing is "current" before a provider is in use, the endpoint
// is tried by listing its models (with its own key) and the models are picked from that list, or the prompt says
// why they could not be listed; the settings are written only once the flow is through.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { defaultHostSettings, type HostSettings } from '../../../src/core/hostSettings';
import { englishText } from '../../../src/core/text/englishText';
import type { EndpointModels } from '../../../src/node/listEndpointModels';
import { configureModel, currentProvider, type ConfigureModelDeps, type ModelWindow } from '../../../src/vscode/models/configureModel';

/** What the user does at each prompt: the label picked (by its start, icons left out), or the text typed; undefined gives up. */
type Answer = string | undefined;

/** A window that answers from a script, in order, and records what each prompt showed. */
class ScriptedWindow implements ModelWindow {
  readonly picks: { readonly placeHolder: string | undefined; readonly items: readonly { label: string; description: string | undefined }[] }[] = [];
  readonly inputs: vscode.InputBoxOptions[] = [];
  readonly messages: string[] = [];
  constructor(private readonly answers: Answer[]) {}

  async showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    this.picks.push({ placeHolder: options.placeHolder, items: items.map((item) => ({ label: item.label, description: item.description })) });
    const answer = this.answers.shift();
    return answer === undefined ? undefined : items.find((item) => item.label.replace(/^\$\([\w-]+\) /, '').startsWith(answer));
  }
  async showInputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    this.inputs.push(options);
    return this.answers.shift();
  }
  async showInformationMessage(message: string, ...buttons: string[]): Promise<string | undefined> {
    this.messages.push(message);
    const answer = this.answers.shift();
    return buttons.find((button) => button === answer);
  }
  async showWarningMessage(message: string): Promise<undefined> {
    this.messages.push(message);
    return undefined;
  }
}

function setup(answers: Answer[], options: { readonly settings?: Partial<HostSettings>; readonly listed?: EndpointModels; readonly keys?: Record<string, string> } = {}) {
  const window = new ScriptedWindow(answers);
  const updates: [string, string][] = [];
  const asked: [string, string | undefined][] = [];
  const logged: string[] = [];
  const keyFlows: string[] = [];
  const deps: ConfigureModelDeps = {
    settings: () => ({ ...defaultHostSettings(), ...options.settings }),
    keys: { setApiKey: async () => keyFlows.push('set'), clearApiKey: async () => keyFlows.push('clear') },
    apiKey: async (baseUrl) => options.keys?.[baseUrl],
    log: { info: (line) => logged.push(line), warn: (line) => logged.push(line), error: (line) => logged.push(line) },
    l10n: englishText,
    window,
    update: async (key, value) => void updates.push([key, value]),
    listModels: async (baseUrl, apiKey) => {
      asked.push([baseUrl, apiKey]);
      return options.listed ?? { ok: true, models: ['llama3', 'qwen2.5-coder'] };
    },
    languageModels: async () => [{ name: 'GPT-4o', vendor: 'copilot', family: 'gpt-4o' }],
    openSettings: async () => keyFlows.push('settings'),
  };
  return { window, updates, asked, logged, keyFlows, run: () => configureModel(deps) };
}

const providerDescriptions = (window: ScriptedWindow) => window.picks[0]!.items.map((item) => item.description);

describe('configureModel', () => {
  it('marks no provider "current" before an endpoint or a language model is set, and writes nothing when given up', async () => {
    const { window, updates, run } = setup([undefined]);
    assert.equal(await run(), false);
    assert.deepEqual(providerDescriptions(window), ['', '', undefined]);
    assert.deepEqual(updates, []);
  });

  it('marks the endpoint current once its base URL is set, and a language model once it is chosen', async () => {
    const endpoint = setup([undefined], { settings: { baseUrl: 'http://127.0.0.1:11434/v1' } });
    await endpoint.run();
    assert.deepEqual(providerDescriptions(endpoint.window), ['current', '', undefined]);
    const lm = setup([undefined], { settings: { provider: 'vscode-lm' } });
    await lm.run();
    assert.deepEqual(providerDescriptions(lm.window), ['', 'current', undefined]);
    assert.equal(currentProvider({ provider: 'openai-compatible', baseUrl: '  ' }), undefined);
  });

  it('tries the endpoint by listing its models with its own key, offers them to pick, and then writes the settings', async () => {
    const { window, updates, asked, logged, keyFlows, run } = setup(['OpenAI-compatible', ' https://models.example/v1 ', 'qwen2.5-coder', 'The planner model', 'Set API Key…'], { keys: { 'https://models.example/v1': 'sk-1' } });
    assert.equal(await run(), true);
    assert.deepEqual(asked, [['https://models.example/v1', 'sk-1']]);
    assert.deepEqual(window.picks[1]!.items.map((item) => item.label), ['llama3', 'qwen2.5-coder', '$(edit) Type a model name…']);
    assert.deepEqual(window.picks[2]!.items.map((item) => item.label), ['llama3', 'qwen2.5-coder', '$(dash) The planner model', '$(edit) Type a model name…']);
    assert.deepEqual(updates, [['provider', 'openai-compatible'], ['baseUrl', 'https://models.example/v1'], ['plannerModel', 'qwen2.5-coder'], ['workerModel', '']]);
    assert.deepEqual(window.messages, ['Planwright will use qwen2.5-coder at https://models.example/v1. Set the API key next; it is kept in VS Code’s secret storage.']);
    assert.deepEqual(keyFlows, ['set']);
    assert.ok(logged.includes('https://models.example/v1 lists 2 models'), logged.join('\n'));
  });

  it('says why the endpoint could not list its models in the prompt for the name to type, and in the log', async () => {
    const reason = 'http://127.0.0.1:9/v1/models could not be reached (connect ECONNREFUSED 127.0.0.1:9)';
    const { window, updates, logged, run } = setup(['OpenAI-compatible', 'http://127.0.0.1:9/v1', 'my-model', '', undefined], { listed: { ok: false, reason } });
    assert.equal(await run(), true);
    assert.deepEqual(window.picks.length, 1, 'no list to pick from');
    assert.equal(window.inputs[1]!.prompt, `The planner model (writes and revises plans; use your strongest). The endpoint's models could not be listed: ${reason}.`);
    assert.equal(window.inputs[2]!.prompt, `The worker model (model steps and the summary; empty: the planner model). The endpoint's models could not be listed: ${reason}.`);
    assert.ok(logged.includes(`Could not list the models: ${reason}`), logged.join('\n'));
    assert.deepEqual(updates.map(([key]) => key), ['provider', 'baseUrl', 'plannerModel', 'workerModel']);
    assert.deepEqual(window.messages, ['Planwright will use my-model at http://127.0.0.1:9/v1. A local endpoint usually needs no API key.']);
  });

  it('is through once a local endpoint is written, without waiting for its note to be answered; a remote one waits for the key question', async () => {
    const local = setup(['OpenAI-compatible', 'http://127.0.0.1:11434/v1', 'llama3', '']);
    local.window.showInformationMessage = async (message: string) => {
      local.window.messages.push(message);
      return new Promise<undefined>(() => undefined);
    };
    assert.equal(await local.run(), true);
    assert.deepEqual(local.updates.map(([key]) => key), ['provider', 'baseUrl', 'plannerModel', 'workerModel']);
    assert.deepEqual(local.window.messages, ['Planwright will use llama3 at http://127.0.0.1:11434/v1. A local endpoint usually needs no API key.']);
    const remote = setup(['OpenAI-compatible', 'https://models.example/v1', 'llama3', '', 'Set API Key…']);
    assert.equal(await remote.run(), true);
    assert.deepEqual(remote.keyFlows, ['set'], 'the remote endpoint\'s key is asked for before the flow is through');
  });

  it('writes nothing when the flow is given up at the planner model, after the endpoint was tried', async () => {
    const { updates, asked, run } = setup(['OpenAI-compatible', 'https://models.example/v1', undefined]);
    assert.equal(await run(), false);
    assert.equal(asked.length, 1);
    assert.deepEqual(updates, []);
  });

  it('says a model is "set now" only on the endpoint it is set for', async () => {
    const settings = { baseUrl: 'https://models.example/v1', plannerModel: 'llama3' };
    const same = setup(['OpenAI-compatible', 'https://models.example/v1', undefined], { settings });
    await same.run();
    assert.deepEqual(same.window.picks[1]!.items.map((item) => item.description), ['set now', '', '']);
    const other = setup(['OpenAI-compatible', 'http://127.0.0.1:11434/v1', undefined], { settings });
    await other.run();
    assert.deepEqual(other.window.picks[1]!.items.map((item) => item.description), ['', '', '']);
  });

  it('writes the VS Code language model picked, with no endpoint asked for', async () => {
    const { updates, asked, run } = setup(['VS Code language model', 'GPT-4o']);
    assert.equal(await run(), true);
    assert.deepEqual(updates, [['provider', 'vscode-lm'], ['languageModelVendor', 'copilot'], ['languageModelFamily', 'gpt-4o']]);
    assert.deepEqual(asked, []);
  });
});
