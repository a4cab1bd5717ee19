// OpenAiChatModel against endpoints that answer, but not with a chat completion stream: a web page, a
// whole JSON completion, events whose data is not JSON. Each failure says what came back (its content
// type and the start of the body, the API key removed), rather than "an empty reply" or "cannot reach".
import * as assert from 'node:assert/strict';
import { ModelError } from '../../../src/core/errors';
import type { ChatRequest } from '../../../src/core/ports';
import { OpenAiChatModel } from '../../../src/node/openAiChatModel';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';

const API_KEY = 'sk-test-0123456789';
const ask: ChatRequest = { role: 'planner', messages: [{ role: 'user', content: 'Plan it' }] };

async function failure(model: OpenAiChatModel): Promise<ModelError> {
  try {
    await model.chat(ask);
  } catch (error) {
    assert.ok(error instanceof ModelError, `expected a ModelError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('OpenAiChatModel on odd endpoints', () => {
  let server: ScriptedModelServer | undefined;

  async function start(script: Script): Promise<OpenAiChatModel> {
    server = await ScriptedModelServer.start(script);
    return new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: API_KEY, plannerModel: 'planner', backoffMs: () => 0 });
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('says an HTML page came back, quoting its start sanitized and the key removed, without retrying', async () => {
    const page = `<!DOCTYPE html>\n<html>\n  <head><title>Welcome to nginx!</title></head>\n<body>key ${API_KEY}${' padding'.repeat(200)}</body></html>`;
    const model = await start(() => ({ body: page, contentType: 'text/html; charset=utf-8' }));
    const error = await failure(model);
    assert.equal(error.reason, 'badReply');
    assert.match(error.message, /answered with text\/html; charset=utf-8 instead of a stream of chat completion chunks \(a web page, not an API\): "<!DOCTYPE html> <html> <head><title>Welcome to nginx!<\/title><\/head> <body>key \*\*\* padding/);
    assert.match(error.message, /…"\. Check that planwright\.baseUrl/);
    assert.ok(!error.message.includes(API_KEY));
    assert.ok(!/empty reply|Cannot reach/.test(error.message), error.message);
    assert.ok(error.message.length < 600, `${error.message.length} characters`);
    assert.equal(server!.requests.length, 1);
  });

  it('says a whole JSON body came back where a stream was asked for', async () => {
    const completion = { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'E1 readFile {"path":"a"}' }, finish_reason: 'stop' }] };
    const model = await start(() => ({ body: JSON.stringify(completion), contentType: 'application/json' }));
    const error = await failure(model);
    assert.equal(error.reason, 'badReply');
    assert.match(error.message, /answered with application\/json instead of a stream of chat completion chunks \(a whole JSON body: the server ignored "stream": true, which Planwright needs\): "\{\\"id\\":\\"chatcmpl-1\\",\\"object\\":\\"chat\.completion\\"/);
  });

  it('says a stream chunk is not JSON, quoting it, instead of calling the endpoint unreachable', async () => {
    const model = await start(() => ({ body: `data: {"choices":[{"delta":{"content":"E1"}}]}\n\ndata: {oops, not json ${API_KEY}\n\n`, contentType: 'text/event-stream' }));
    const error = await failure(model);
    assert.equal(error.reason, 'badReply');
    assert.equal(error.message.startsWith(`The model endpoint at ${server!.baseUrl} sent a stream chunk that is not JSON: "{oops, not json ***"`), true, error.message);
    assert.equal(server!.requests.length, 1);
  });

  it('still reads a stream with comments, event fields and CRLF line ends', async () => {
    const chunk = (content: string) => JSON.stringify({ model: 'planner', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    const end = JSON.stringify({ model: 'planner', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    const body = `: a comment\r\ndata: ${chunk('Hello, ')}\r\n\r\nevent: message\r\ndata: ${chunk('world')}\r\n\r\ndata: ${end}\n\ndata: [DONE]\n\n`;
    const model = await start(() => ({ body, contentType: 'text/event-stream; charset=utf-8' }));
    const response = await model.chat(ask);
    assert.equal(response.content, 'Hello, world');
  });

  it('says the endpoint closed the connection mid-reply, not that it cannot be reached, when a stream is cut', async () => {
    const model = await start(() => ({ content: 'Hello, world, this reply is cut', chunkChars: 8, cutAfterChunks: 2 }));
    const error = await failure(model);
    assert.equal(error.reason, 'unreachable');
    assert.match(error.message, new RegExp(`^The model endpoint at ${server!.baseUrl.replace(/\./g, '\\.')} closed the connection in the middle of its reply \\(.+; after 4 attempts\\)`));
    assert.ok(!/Cannot reach/.test(error.message), error.message);
    assert.equal(server!.requests.length, 4, 'retried, since nothing of the reply was handed on');
  });
});
