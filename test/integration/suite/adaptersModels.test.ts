// API keys and the model factory inside a real extension host: keys per endpoint in SecretStorage, the
// Set / Clear API Key flows, the key never written to a settings file, and the models built from settings
// (typed errors when nothing is configured; the key sent only to its own endpoint).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { defaultHostSettings, type HostSettings } from '../../../src/core/hostSettings';
import { ModelError } from '../../../src/core/errors';
import { OpenAiChatModel } from '../../../src/node/openAiChatModel';
import { buildChatModels, ChatModelFactory } from '../../../src/vscode/models/chatModelFactory';
import { LmChatModel } from '../../../src/vscode/models/lmChatModel';
import { ApiKeyStore, apiKeyProblem, clearApiKey, promptForApiKey, type ApiKeyUi } from '../../../src/vscode/models/secretStore';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { MemorySecretStorage, RecordingLogger } from './adaptersSupport';
import { planwright } from './support';

const SECRET = 'sk-planwright-test-0123456789abcdef';

function settings(overrides: Partial<HostSettings>): HostSettings {
  return { ...defaultHostSettings(), ...overrides };
}

/** A window that answers from a script and records what it was shown. */
class ScriptedUi implements ApiKeyUi {
  readonly shown: string[] = [];
  inputOptions: vscode.InputBoxOptions | undefined;
  constructor(
    private readonly answer?: string,
    private readonly pick?: (labels: string[]) => string | undefined,
  ) {}
  async showInputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    this.inputOptions = options;
    return this.answer;
  }
  async showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[]): Promise<T | undefined> {
    const label = this.pick?.(items.map((item) => item.label));
    return items.find((item) => item.label === label);
  }
  async showInformationMessage(message: string): Promise<undefined> {
    this.shown.push(message);
    return undefined;
  }
  async showWarningMessage(message: string): Promise<undefined> {
    this.shown.push(message);
    return undefined;
  }
}

/** A settings source the test changes by hand. */
class ManualSettings {
  private readonly emitter = new vscode.EventEmitter<HostSettings>();
  readonly onDidChange = this.emitter.event;
  constructor(public current: HostSettings) {}
  set(next: HostSettings): void {
    this.current = next;
    this.emitter.fire(next);
  }
}

describe('ApiKeyStore and the key commands', () => {
  let secrets: MemorySecretStorage;
  let store: ApiKeyStore;
  beforeEach(() => {
    secrets = new MemorySecretStorage();
    store = new ApiKeyStore(secrets);
  });
  afterEach(() => store.dispose());

  it('keeps one key per endpoint and gives it only for that endpoint', async () => {
    await store.set('https://api.openai.com/v1/', 'key-a');
    await store.set('http://127.0.0.1:11434/v1', 'key-b');
    assert.equal(await store.get('HTTPS://api.openai.com/v1'), 'key-a');
    assert.equal(await store.get('http://127.0.0.1:11434/v1'), 'key-b');
    assert.equal(await store.get('https://api.openai.com.evil.example/v1'), undefined);
    assert.equal(await store.get('https://api.openai.com/v2'), undefined);
    assert.equal(await store.get('not a url'), undefined);
    assert.deepEqual(await store.endpoints(), ['https://api.openai.com/v1', 'http://127.0.0.1:11434/v1']);
    assert.equal(await store.delete('https://api.openai.com/v1'), true);
    assert.equal(await store.get('https://api.openai.com/v1'), undefined);
    assert.deepEqual(await store.endpoints(), ['http://127.0.0.1:11434/v1']);
  });

  it('announces changes to its keys', async () => {
    let fired = 0;
    const subscription = store.onDidChange(() => fired++);
    await store.set('https://api.openai.com/v1', 'k');
    await secrets.store('someone.else', 'x');
    subscription.dispose();
    assert.ok(fired >= 1);
    const before = fired;
    await secrets.store('someone.else', 'y');
    assert.equal(fired, before);
  });

  it('asks for the key in a password box, refuses an empty one, and stores it for the configured endpoint only', async () => {
    const ui = new ScriptedUi(`  ${SECRET}  `);
    assert.equal(await promptForApiKey(store, settings({ baseUrl: 'https://api.openai.com/v1' }), ui), true);
    assert.equal(ui.inputOptions?.password, true);
    assert.ok(ui.inputOptions?.prompt?.includes('https://api.openai.com/v1'));
    for (const bad of ['', '   ', 'two words']) assert.ok(ui.inputOptions?.validateInput?.(bad), JSON.stringify(bad));
    assert.equal(ui.inputOptions?.validateInput?.(SECRET), undefined);
    assert.equal(apiKeyProblem(SECRET), undefined);
    assert.equal(await store.get('https://api.openai.com/v1'), SECRET);
    assert.ok(!ui.shown.join('\n').includes(SECRET), 'the key was shown');
  });

  it('stores nothing when the box is cancelled, without an endpoint, or for the Language Model API', async () => {
    assert.equal(await promptForApiKey(store, settings({ baseUrl: 'https://api.openai.com/v1' }), new ScriptedUi(undefined)), false);
    const noEndpoint = new ScriptedUi(SECRET);
    assert.equal(await promptForApiKey(store, settings({}), noEndpoint), false);
    assert.match(noEndpoint.shown[0] ?? '', /planwright\.baseUrl/);
    assert.equal(noEndpoint.inputOptions, undefined);
    const lm = new ScriptedUi(SECRET);
    assert.equal(await promptForApiKey(store, settings({ provider: 'vscode-lm', baseUrl: 'https://api.openai.com/v1' }), lm), false);
    assert.match(lm.shown[0] ?? '', /needs no API key/);
    assert.deepEqual([...secrets.values.keys()], []);
  });

  it('clears the one key there is, or the one the user picks, or all', async () => {
    const current = settings({ baseUrl: 'https://api.openai.com/v1' });
    assert.equal(await clearApiKey(store, current, new ScriptedUi()), false);
    await store.set('https://api.openai.com/v1', 'a');
    assert.equal(await clearApiKey(store, current, new ScriptedUi()), true);
    assert.deepEqual(await store.endpoints(), []);
    await store.set('https://api.openai.com/v1', 'a');
    await store.set('https://openrouter.ai/api/v1', 'b');
    let offered: string[] = [];
    assert.equal(await clearApiKey(store, current, new ScriptedUi(undefined, (labels) => ((offered = labels), 'https://openrouter.ai/api/v1'))), true);
    assert.deepEqual(offered, ['https://api.openai.com/v1', 'https://openrouter.ai/api/v1', 'All endpoints']);
    assert.deepEqual(await store.endpoints(), ['https://api.openai.com/v1']);
    await store.set('https://openrouter.ai/api/v1', 'b');
    assert.equal(await clearApiKey(store, current, new ScriptedUi(undefined, () => 'All endpoints')), true);
    assert.deepEqual([...secrets.values.entries()].filter(([key]) => key.startsWith('planwright.apiKey:')), []);
    assert.equal(await clearApiKey(store, current, new ScriptedUi(undefined, () => undefined)), false);
  });

  it('never writes the key to a settings file', async () => {
    await promptForApiKey(store, settings({ baseUrl: 'https://api.openai.com/v1' }), new ScriptedUi(SECRET));
    await vscode.commands.executeCommand('workbench.action.openSettingsJson');
    const userSettings = vscode.window.activeTextEditor?.document;
    assert.ok(userSettings, 'the user settings file did not open');
    assert.ok(!userSettings.getText().includes(SECRET));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    for (const uri of await vscode.workspace.findFiles('**/settings.json', null)) {
      assert.ok(!new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)).includes(SECRET), uri.toString());
    }
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration('planwright')).includes(SECRET));
  });

  it('keeps the key in the extension\'s real SecretStorage', async () => {
    const real = new ApiKeyStore((await planwright()).secrets);
    try {
      await real.set('https://planwright.test/v1', SECRET);
      assert.equal(await real.get('https://planwright.test/v1'), SECRET);
      await real.delete('https://planwright.test/v1');
      assert.equal(await real.get('https://planwright.test/v1'), undefined);
    } finally {
      real.dispose();
    }
  });
});

describe('Chat models from settings', () => {
  it('says what to configure when no endpoint is set, naming the setting and the command', () => {
    assert.throws(
      () => buildChatModels(settings({}), undefined),
      (error: unknown) => error instanceof ModelError && error.reason === 'noEndpoint' && error.message.includes('planwright.baseUrl') && error.message.includes('Planwright: Configure Model…'),
    );
  });

  it('refuses a base URL that is not http(s), and a configuration without a model name', () => {
    assert.throws(() => buildChatModels(settings({ baseUrl: 'ftp://models.example' }), undefined), (error: unknown) => error instanceof ModelError && error.reason === 'noEndpoint' && error.message.includes('ftp://models.example'));
    assert.throws(() => buildChatModels(settings({ baseUrl: 'http://127.0.0.1:11434/v1' }), undefined), (error: unknown) => error instanceof ModelError && error.reason === 'modelNotFound' && error.message.includes('planwright.plannerModel'));
  });

  it('builds one OpenAI-compatible model for both roles', () => {
    const models = buildChatModels(settings({ baseUrl: 'http://127.0.0.1:11434/v1', plannerModel: 'big', workerModel: 'small' }), undefined);
    assert.ok(models.planner instanceof OpenAiChatModel);
    assert.equal(models.planner, models.worker);
    assert.equal((models.planner as OpenAiChatModel).modelFor('planner').model, 'big');
    assert.equal((models.planner as OpenAiChatModel).modelFor('worker').model, 'small');
    assert.equal(models.description, 'big (planner), small (worker) at http://127.0.0.1:11434/v1, no API key');
  });

  it('builds a Language Model API model with a selector per role', () => {
    const models = buildChatModels(settings({ provider: 'vscode-lm', languageModelVendor: 'copilot', languageModelFamily: 'gpt-4o', workerModel: 'gpt-4o-mini' }), undefined);
    assert.ok(models.planner instanceof LmChatModel);
    assert.equal(models.description, 'VS Code language model: copilot gpt-4o (planner), copilot gpt-4o-mini (worker)');
    assert.equal(buildChatModels(settings({ provider: 'vscode-lm' }), undefined).description, 'VS Code language model: any model');
  });

  describe('ChatModelFactory', () => {
    let servers: ScriptedModelServer[];
    let secrets: MemorySecretStorage;
    let keys: ApiKeyStore;
    beforeEach(async () => {
      servers = [await ScriptedModelServer.start(() => ({ content: 'ok' })), await ScriptedModelServer.start(() => ({ content: 'ok' }))];
      secrets = new MemorySecretStorage();
      keys = new ApiKeyStore(secrets);
    });
    afterEach(async () => {
      keys.dispose();
      for (const server of servers) await server.close();
    });

    it('rejects with the typed error until a model is configured, then builds it and rebuilds after a change', async () => {
      const source = new ManualSettings(settings({}));
      const factory = new ChatModelFactory(source, keys, new RecordingLogger());
      try {
        await assert.rejects(factory.models(), (error: unknown) => error instanceof ModelError && error.reason === 'noEndpoint');
        let changes = 0;
        factory.onDidChange(() => changes++);
        source.set(settings({ baseUrl: servers[0]!.baseUrl, plannerModel: 'm' }));
        const first = await factory.models();
        assert.equal(await factory.models(), first, 'built once while nothing changes');
        source.set({ ...source.current, maxParallel: 2, autoApprove: 'none' });
        assert.equal(await factory.models(), first, 'not rebuilt for settings that do not choose the models');
        await keys.set(servers[0]!.baseUrl, SECRET);
        const second = await factory.models();
        assert.notEqual(second, first, 'rebuilt after the key changed');
        source.set(settings({ provider: 'vscode-lm' }));
        assert.ok((await factory.models()).planner instanceof LmChatModel);
        assert.equal(changes, 3);
      } finally {
        factory.dispose();
      }
    });

    it('sends the key to its own endpoint only', async () => {
      const [own, other] = servers as [ScriptedModelServer, ScriptedModelServer];
      await keys.set(own.baseUrl, SECRET);
      const source = new ManualSettings(settings({ baseUrl: own.baseUrl, plannerModel: 'm' }));
      const logger = new RecordingLogger();
      const factory = new ChatModelFactory(source, keys, logger);
      try {
        const ask = async () => (await factory.models()).planner.chat({ role: 'planner', messages: [{ role: 'user', content: 'hi' }] });
        assert.equal((await ask()).content, 'ok');
        source.set(settings({ baseUrl: other.baseUrl, plannerModel: 'm' }));
        assert.equal((await ask()).content, 'ok');
        assert.equal(own.requests[0]?.authorization, `Bearer ${SECRET}`);
        assert.ok(!other.requests[0]?.authorization?.includes(SECRET), other.requests[0]?.authorization);
        assert.ok(!logger.text().includes(SECRET), 'the key was logged');
      } finally {
        factory.dispose();
      }
    });
  });
});
