import * as assert from 'node:assert/strict';
import { ModelError, type ModelErrorReason } from '../../../src/core/errors';
import type { ChatRequest, Clock } from '../../../src/core/ports';
import { OpenAiChatModel, type OpenAiChatModelConfig } from '../../../src/node/openAiChatModel';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';

const API_KEY = 'sk-test-0123456789';

/** Real time, but sleeps are recorded and skipped. */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => Date.now(),
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new Error('aborted');
      sleeps.push(ms);
    },
  };
}

const ask = (role: ChatRequest['role'], text = 'Hello'): ChatRequest => ({ role, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: text }] });
const askJson = (schema?: Record<string, unknown>): ChatRequest => ({ ...ask('planner', 'Plan it'), responseFormat: { type: 'json', name: 'plan', ...(schema ? { schema } : {}) } });

async function rejection(promise: Promise<unknown>, reason: ModelErrorReason): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ModelError, `expected a ModelError, got ${String(error)}`);
    assert.equal(error.reason, reason, error.message);
    return error;
  }
  assert.fail(`expected a ModelError (${reason}), but the call succeeded`);
}

describe('OpenAiChatModel', () => {
  let server: ScriptedModelServer | undefined;
  let clock: ReturnType<typeof recordingClock>;

  async function start(script: Script, config: Partial<OpenAiChatModelConfig> = {}): Promise<{ server: ScriptedModelServer; model: OpenAiChatModel }> {
    server = await ScriptedModelServer.start(script);
    clock = recordingClock();
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: API_KEY, plannerModel: 'big-planner', workerModel: 'small-worker', clock, backoffMs: () => 10, ...config });
    return { server, model };
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('streams the reply and reads usage, cached tokens and the model from the final chunk', async () => {
    const { server, model } = await start([{ content: 'A fairly long answer that arrives in several chunks.', usage: { prompt_tokens: 1200, completion_tokens: 14, cached_tokens: 1024 }, model: 'big-planner-2025' }]);
    const response = await model.chat(ask('planner'));
    assert.equal(response.content, 'A fairly long answer that arrives in several chunks.');
    assert.equal(response.model, 'big-planner-2025');
    assert.deepEqual(response.usage, { promptTokens: 1200, completionTokens: 14, cachedTokens: 1024, estimated: false });
    assert.ok(response.latencyMs >= 0);
    const body = server.requests[0]!.body;
    assert.equal(body.stream, true);
    assert.deepEqual(body.stream_options, { include_usage: true });
    assert.equal(server.requests[0]!.authorization, `Bearer ${API_KEY}`);
  });

  it('chooses the model by role: planner and re-planner get the planner model, the rest the worker model', async () => {
    const { server, model } = await start(() => ({ content: 'ok' }));
    for (const role of ['planner', 'replanner', 'worker', 'solver', 'fused'] as const) await model.chat(ask(role));
    assert.deepEqual(server.requests.map((request) => request.body.model), ['big-planner', 'big-planner', 'small-worker', 'small-worker', 'small-worker']);
  });

  it('counts tokens locally and marks them estimated when the endpoint sends no usage', async () => {
    const { model } = await start([{ content: 'Four words of reply.', usage: null }]);
    const response = await model.chat(ask('worker', 'Say something short about tokens.'));
    assert.equal(response.usage.estimated, true);
    assert.ok(response.usage.promptTokens > 10, `prompt tokens ${response.usage.promptTokens}`);
    assert.ok(response.usage.completionTokens >= 4 && response.usage.completionTokens <= 8, `completion tokens ${response.usage.completionTokens}`);
  });

  it('retries a 429, waiting as long as Retry-After says, then succeeds', async () => {
    const { server, model } = await start([{ status: 429, message: 'slow down', headers: { 'retry-after': '2' } }, { content: 'done' }]);
    const response = await model.chat(ask('worker'));
    assert.equal(response.content, 'done');
    assert.equal(server.requests.length, 2);
    assert.deepEqual(clock.sleeps, [2000]);
  });

  it('retries a 500 with the injected backoff', async () => {
    const { server, model } = await start([{ status: 500 }, { status: 503 }, { content: 'third time' }], { backoffMs: (attempt) => attempt * 100 });
    assert.equal((await model.chat(ask('worker'))).content, 'third time');
    assert.equal(server.requests.length, 3);
    assert.deepEqual(clock.sleeps, [100, 200]);
  });

  it('gives up after the configured number of attempts with a rate-limit error', async () => {
    const { server, model } = await start(() => ({ status: 429, message: 'quota' }), { maxAttempts: 3 });
    const error = await rejection(model.chat(ask('worker')), 'rateLimited');
    assert.equal(server.requests.length, 3);
    assert.match(error.message, /after 3 attempts/);
  });

  it('does not wait for a Retry-After longer than the limit', async () => {
    const { server, model } = await start(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
    await rejection(model.chat(ask('worker')), 'rateLimited');
    assert.equal(server.requests.length, 1);
    assert.deepEqual(clock.sleeps, []);
  });

  it('turns a 401 into a message that says how to set the key, without retrying or echoing it', async () => {
    const { server, model } = await start(() => ({ status: 401, message: `Incorrect API key provided: ${API_KEY}` }));
    const error = await rejection(model.chat(ask('planner')), 'unauthorized');
    assert.match(error.message, /Planwright: Set API Key…/);
    assert.match(error.message, /PLANWRIGHT_API_KEY/);
    assert.ok(error.message.includes(server.baseUrl));
    assert.ok(!error.message.includes(API_KEY));
    assert.equal(server.requests.length, 1);
  });

  it('says a key is missing when none is set and the endpoint wants one', async () => {
    const { model } = await start(() => ({ status: 401 }), { apiKey: undefined });
    const error = await rejection(model.chat(ask('worker')), 'unauthorized');
    assert.match(error.message, /needs an API key and none is set/);
  });

  it('turns a 404 into "model not found", naming the model and the setting', async () => {
    const { model } = await start(() => ({ status: 404, message: 'model big-planner not found' }));
    const error = await rejection(model.chat(ask('planner')), 'modelNotFound');
    assert.match(error.message, /"big-planner"/);
    assert.match(error.message, /planwright\.plannerModel/);
  });

  it('names the URL when the host cannot be reached, after retrying', async () => {
    const probe = await ScriptedModelServer.start([]);
    const deadUrl = probe.baseUrl;
    await probe.close();
    clock = recordingClock();
    const model = new OpenAiChatModel({ baseUrl: deadUrl, plannerModel: 'm', clock, backoffMs: () => 1, maxAttempts: 2 });
    const error = await rejection(model.chat(ask('worker')), 'unreachable');
    assert.ok(error.message.includes(deadUrl), error.message);
    assert.match(error.message, /planwright\.baseUrl/);
    assert.deepEqual(clock.sleeps, [1]);
  });

  it('says which setting to fill when no endpoint or no model is configured', async () => {
    const noEndpoint = await rejection(new OpenAiChatModel({ plannerModel: 'm' }).chat(ask('planner')), 'noEndpoint');
    assert.match(noEndpoint.message, /planwright\.baseUrl/);
    assert.match(noEndpoint.message, /PLANWRIGHT_BASE_URL/);
    await rejection(new OpenAiChatModel({ baseUrl: 'not a url', plannerModel: 'm' }).chat(ask('planner')), 'noEndpoint');
    const noModel = await rejection(new OpenAiChatModel({ baseUrl: 'http://127.0.0.1:9/v1' }).chat(ask('solver')), 'modelNotFound');
    assert.match(noModel.message, /planwright\.workerModel/);
  });

  it('uses one configured model for every role', async () => {
    const { server, model } = await start(() => ({ content: 'ok' }), { plannerModel: undefined, workerModel: 'only-one' });
    await model.chat(ask('planner'));
    assert.equal(server.requests[0]!.body.model, 'only-one');
  });

  it('sends json_schema, falls back to json_object when the endpoint rejects it, and remembers that', async () => {
    const schema = { type: 'object', properties: { steps: { type: 'array' } } };
    const { server, model } = await start((body) =>
      body.response_format?.type === 'json_schema' ? { status: 400, message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", param: 'response_format' } : { content: '{"steps": []}' },
    );
    assert.equal((await model.chat(askJson(schema))).content, '{"steps": []}');
    await model.chat(askJson(schema));
    const formats = server.requests.map((request) => request.body.response_format);
    assert.deepEqual(formats, [{ type: 'json_schema', json_schema: { name: 'plan', schema, strict: false } }, { type: 'json_object' }, { type: 'json_object' }]);
    assert.deepEqual(clock.sleeps, []);
  });

  it('falls back to asking for JSON in words when json_object is rejected too', async () => {
    const { server, model } = await start((body) => (body.response_format ? { status: 400, message: `response_format ${body.response_format.type} unsupported` } : { content: '{}' }));
    await model.chat(askJson({ type: 'object' }));
    assert.equal(server.requests.length, 3);
    const last = server.requests[2]!.body;
    assert.equal(last.response_format, undefined);
    assert.match(last.messages.at(-1).content, /^Plan it\n\nReply with one JSON object only/);
  });

  it('drops stream_options for an endpoint that rejects them and estimates usage instead', async () => {
    const { server, model } = await start((body) => (body.stream_options ? { status: 400, message: 'Unrecognized request argument supplied: stream_options' } : { content: 'fine' }));
    const response = await model.chat(ask('worker'));
    assert.equal(response.usage.estimated, true);
    assert.equal(server.requests.length, 2);
  });

  it('passes tools through and joins streamed tool-call fragments', async () => {
    const { server, model } = await start([{ toolCalls: [{ id: 'call_a', name: 'readFile', arguments: '{"path":"src/cli.ts"}' }, { name: 'listFiles', arguments: '{"glob":"**/*.ts"}' }] }]);
    const tools = [{ name: 'readFile', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
    const response = await model.chat({
      role: 'fused',
      messages: [
        { role: 'user', content: 'Look around' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_0', name: 'readFile', arguments: '{"path":"a"}' }] },
        { role: 'tool', toolCallId: 'call_0', content: 'file text' },
      ],
      tools,
    });
    assert.deepEqual(response.toolCalls, [
      { id: 'call_a', name: 'readFile', arguments: '{"path":"src/cli.ts"}' },
      { id: 'call_1', name: 'listFiles', arguments: '{"glob":"**/*.ts"}' },
    ]);
    const body = server.requests[0]!.body;
    assert.deepEqual(body.tools, [{ type: 'function', function: tools[0] }]);
    assert.deepEqual(body.messages[1], { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'readFile', arguments: '{"path":"a"}' } }] });
    assert.deepEqual(body.messages[2], { role: 'tool', tool_call_id: 'call_0', content: 'file text' });
  });

  it('is cancelled by the signal while waiting for the endpoint', async () => {
    const { model } = await start(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await rejection(model.chat(ask('worker'), controller.signal), 'cancelled');
  });

  it('times out an endpoint that sends nothing, then retries', async () => {
    const { server, model } = await start(() => ({ hang: true }), { timeoutMs: 100, maxAttempts: 2 });
    const error = await rejection(model.chat(ask('worker')), 'timeout');
    assert.match(error.message, /after 2 attempts/);
    assert.equal(server.requests.length, 2);
  });

  it('reports other 4xx as a bad request with the server message, secrets removed', async () => {
    const { model } = await start(() => ({ status: 400, message: `context too long for key ${API_KEY}` }));
    const error = await rejection(model.chat(ask('worker')), 'badRequest');
    assert.match(error.message, /context too long/);
    assert.ok(!error.message.includes(API_KEY));
  });

  describe('streaming to onText', () => {
    const CONTENT = 'E1 readFile src/cli.ts\nE2 runCommand npm test\n';

    it('hands the text over piece by piece while the reply is still arriving', async () => {
      const { model } = await start([{ content: CONTENT, chunkChars: 6, chunkDelayMs: 15 }]);
      const deltas: string[] = [];
      let resolved = false;
      let firstArrivedBeforeTheEnd = false;
      const call = model.chat({ ...ask('planner'), onText: (delta) => {
        if (deltas.length === 0) firstArrivedBeforeTheEnd = !resolved;
        deltas.push(delta);
      } });
      const response = await call.finally(() => { resolved = true; });
      assert.ok(deltas.length > 2, `expected several pieces, got ${deltas.length}`);
      assert.ok(firstArrivedBeforeTheEnd);
      assert.equal(deltas.join(''), CONTENT);
      assert.equal(response.content, CONTENT);
    });

    it('retries a failure before any text arrived, and delivers the reply once', async () => {
      const { server, model } = await start([{ status: 503 }, { content: CONTENT, chunkChars: 8 }]);
      const deltas: string[] = [];
      const response = await model.chat({ ...ask('planner'), onText: (delta) => deltas.push(delta) });
      assert.equal(server.requests.length, 2);
      assert.equal(deltas.join(''), CONTENT);
      assert.equal(response.content, CONTENT);
    });

    it('does not retry once text was delivered: a reply cut off mid-stream fails the call', async () => {
      const { server, model } = await start([{ content: CONTENT, chunkChars: 8, cutAfterChunks: 3 }, { content: 'a second, different reply' }]);
      const deltas: string[] = [];
      let failure: unknown;
      await model.chat({ ...ask('planner'), onText: (delta) => deltas.push(delta) }).catch((error: unknown) => { failure = error; });
      assert.ok(failure instanceof ModelError, `expected a ModelError, got ${String(failure)}`);
      assert.match(failure.message, /broke off after 24 characters/);
      assert.equal(server.requests.length, 1);
      assert.equal(deltas.join(''), CONTENT.slice(0, 24));
    });
  });
});
