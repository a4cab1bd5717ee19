// A scripted OpenAI-compatible chat endpoint for tests: node:http on 127.0.0.1, an ephemeral port,
// replies chosen per request from a script, streamed as SSE with a final usage chunk, tool calls, error
// statuses, and every request body recorded. A test double only: nothing in src/ knows it exists.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A streamed answer. `usage: null` sends no usage chunk, as some servers do. */
export interface TextReply {
  readonly content?: string;
  readonly toolCalls?: readonly { readonly id?: string; readonly name: string; readonly arguments: string }[];
  readonly usage?: { readonly prompt_tokens: number; readonly completion_tokens: number; readonly cached_tokens?: number } | null;
  readonly model?: string;
  /** Wait this long before answering (a slow model, so a test can watch what happens meanwhile). */
  readonly delayMs?: number;
  /** Answer only once this settles: a test holds the reply until it has seen what happens meanwhile. */
  readonly heldUntil?: Promise<unknown>;
  /** Characters of content per chunk (default 16). */
  readonly chunkChars?: number;
  /** Wait this long between two content chunks, so a client sees the reply arrive over time. */
  readonly chunkDelayMs?: number;
  /** Cut the connection after this many content chunks, mid-reply, as a dropped stream does. */
  readonly cutAfterChunks?: number;
  /** Send nothing more after this many content chunks, keeping the connection open: a reply that never ends. */
  readonly stallAfterChunks?: number;
}

/** An error status with an OpenAI-style body. */
export interface ErrorReply {
  readonly status: number;
  readonly message?: string;
  readonly param?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A body sent as it is, with its own content type: a web page, a whole JSON completion, broken events. */
export interface RawReply {
  readonly body: string;
  readonly contentType: string;
  /** 200 unless given. */
  readonly status?: number;
}

/** Never answers (until the client gives up or the server closes). */
export interface HangReply {
  readonly hang: true;
}

export type ScriptedReply = TextReply | ErrorReply | HangReply | RawReply;

/** A chat completion request as the server received it. */
export interface RecordedRequest {
  readonly body: any;
  readonly authorization: string | undefined;
}

/** The replies in order, or a function of the request body and its index. */
export type Script = readonly ScriptedReply[] | ((body: any, index: number) => ScriptedReply);

/** The scripted endpoint; `baseUrl` ends in /v1 like a real API root. */
export class ScriptedModelServer {
  readonly requests: RecordedRequest[] = [];

  private constructor(
    private readonly server: Server,
    private readonly script: Script,
  ) {}

  /** Starts a server on 127.0.0.1 and an ephemeral port. */
  static async start(script: Script): Promise<ScriptedModelServer> {
    const server = createServer();
    const scripted = new ScriptedModelServer(server, script);
    server.on('request', (request, response) => void scripted.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return scripted;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Stops the server, cutting any connection still open. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of request) text += chunk;
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${request.url}` } }));
      return;
    }
    const body = JSON.parse(text);
    const index = this.requests.length;
    this.requests.push({ body, authorization: request.headers.authorization });
    const reply = typeof this.script === 'function' ? this.script(body, index) : this.script[index];
    if (!reply) {
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `script has no reply #${index}` } }));
    } else if ('body' in reply) {
      response.writeHead(reply.status ?? 200, { 'content-type': reply.contentType }).end(reply.body);
    } else if ('hang' in reply) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
    } else if ('status' in reply) {
      const error = { message: reply.message ?? `status ${reply.status}`, type: 'scripted', param: reply.param ?? null, code: null };
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify({ error }));
    } else {
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (reply.heldUntil) await reply.heldUntil.catch(() => undefined);
      if (response.destroyed) return;
      await this.stream(response, body, reply);
    }
  }

  /**
   * Content in pieces (paced by `chunkDelayMs`, cut off after `cutAfterChunks`, stalled after
   * `stallAfterChunks`), tool calls in fragments, then the usage chunk when asked for, then [DONE].
   */
  private async stream(response: ServerResponse, body: any, reply: TextReply): Promise<void> {
    const model = reply.model ?? body.model;
    const chunk = (delta: object, extra: object = {}) => ({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: null }], ...extra });
    const content = reply.content ?? '';
    const size = reply.chunkChars ?? 16;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: '' }))}\n\n`);
    for (let at = 0, sent = 0; at < content.length; at += size, sent++) {
      if (sent === reply.cutAfterChunks) {
        // Closed, not reset: what was written reaches the client, then the connection ends mid-response.
        response.socket?.end();
        return;
      }
      // Left open: the client's idle timeout, its cancellation or the server's close ends it.
      if (sent === reply.stallAfterChunks) return;
      if (reply.chunkDelayMs && sent > 0) await new Promise((resolve) => setTimeout(resolve, reply.chunkDelayMs));
      await new Promise((resolve) => response.write(`data: ${JSON.stringify(chunk({ content: content.slice(at, at + size) }))}\n\n`, resolve));
    }
    const events: object[] = [];
    (reply.toolCalls ?? []).forEach((call, index) => {
      const half = Math.ceil(call.arguments.length / 2);
      events.push(chunk({ tool_calls: [{ index, id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: call.arguments.slice(0, half) } }] }));
      events.push(chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }));
    });
    events.push(chunk({}, { choices: [{ index: 0, delta: {}, finish_reason: (reply.toolCalls ?? []).length > 0 ? 'tool_calls' : 'stop' }] }));
    const usage = reply.usage === undefined ? { prompt_tokens: 100, completion_tokens: 20 } : reply.usage;
    if (usage && body.stream_options?.include_usage) {
      const { cached_tokens, ...counts } = usage;
      events.push({ ...chunk({}), choices: [], usage: { ...counts, total_tokens: counts.prompt_tokens + counts.completion_tokens, prompt_tokens_details: { cached_tokens: cached_tokens ?? 0 } } });
    }
    for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
    response.end('data: [DONE]\n\n');
  }
}
