// One streamed chat completion against an OpenAI-compatible endpoint: the request body built from a
// ChatRequest (messages, tools, the output format the endpoint has shown it accepts), and the stream
// read back into content, tool calls and the usage of the final chunk.
import type OpenAI from 'openai';
import { APIError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage, ChatRequest, ChatToolCall, ChatUsage } from '../core/ports';
import { bodyExcerpt, isEventStream, sseData, UnexpectedReplyError } from './sseData';

/** How JSON output is asked for, from the strongest form down to asking in words. */
export type JsonMode = 'jsonSchema' | 'jsonObject' | 'prompted';

/** What one attempt sends, besides the request itself. */
export interface AttemptOptions {
  readonly model: string;
  /** The JSON mode to use when the request asks for JSON. */
  readonly jsonMode: JsonMode;
  /** Whether to ask for usage in the final chunk (`stream_options.include_usage`). */
  readonly streamUsage: boolean;
}

/** What a stream delivered; `usage` is absent when the endpoint sent none. */
export interface StreamResult {
  readonly content: string;
  readonly toolCalls: readonly ChatToolCall[];
  readonly model: string;
  readonly usage?: ChatUsage;
  /** A finish reason arrived: the model ended the reply, rather than the connection ending it. */
  readonly finished: boolean;
}

const PROMPTED_JSON = 'Reply with one JSON object only: no prose, no code fences.';

function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content };
    case 'assistant':
      if (!message.toolCalls || message.toolCalls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content.length > 0 ? message.content : null,
        tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
      };
  }
}

/** The messages, with the JSON instruction on the last user turn when JSON is only asked for in words. */
function messagesFor(request: ChatRequest, jsonMode: JsonMode): ChatCompletionMessageParam[] {
  const messages = request.messages.map(toOpenAiMessage);
  if (!request.responseFormat || jsonMode !== 'prompted') return messages;
  const last = messages.at(-1);
  // Appended to the last turn, not sent as a trailing system message: some chat templates reject a
  // system message anywhere but first. The shared prefix stays untouched either way.
  if (last?.role === 'user' && typeof last.content === 'string') return [...messages.slice(0, -1), { role: 'user', content: `${last.content}\n\n${PROMPTED_JSON}` }];
  return [...messages, { role: 'user', content: PROMPTED_JSON }];
}

/** The request body for one attempt. */
export function buildCompletionParams(request: ChatRequest, options: AttemptOptions): ChatCompletionCreateParamsStreaming {
  const format = request.responseFormat;
  const params: ChatCompletionCreateParamsStreaming = {
    model: options.model,
    messages: messagesFor(request, options.jsonMode),
    stream: true,
    ...(options.streamUsage ? { stream_options: { include_usage: true } } : {}),
  };
  if (format && options.jsonMode === 'jsonSchema' && format.schema) {
    params.response_format = { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: false } };
  } else if (format && options.jsonMode !== 'prompted') {
    params.response_format = { type: 'json_object' };
  }
  if (request.tools && request.tools.length > 0) {
    params.tools = request.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
  }
  return params;
}

function usageOf(usage: NonNullable<ChatCompletionChunk['usage']>): ChatUsage {
  return {
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    cachedTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
    estimated: false,
  };
}

/**
 * Sends one streaming request and reads it to the end. Tool-call deltas arrive in pieces keyed by
 * `index` (id and name first, arguments in fragments) and are joined here; text is also handed to
 * `onText` piece by piece as it arrives. A body that is not an event stream, or a chunk that is not
 * JSON, throws an UnexpectedReplyError that carries what came back.
 */
export async function streamCompletion(
  client: OpenAI,
  params: ChatCompletionCreateParamsStreaming,
  signal: AbortSignal,
  onChunk: () => void,
  onText?: (delta: string) => void,
): Promise<StreamResult> {
  const response = await client.chat.completions.create(params, { signal, maxRetries: 0 }).asResponse();
  if (!isEventStream(response)) throw new UnexpectedReplyError('notAStream', response.headers.get('content-type') ?? '', await bodyExcerpt(response));
  let content = '';
  let model = params.model;
  let usage: ChatUsage | undefined;
  let finished = false;
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  for await (const data of sseData(response)) {
    onChunk();
    if (data.startsWith('[DONE]')) break;
    let chunk: ChatCompletionChunk;
    try {
      chunk = JSON.parse(data) as ChatCompletionChunk;
    } catch {
      throw new UnexpectedReplyError('malformedChunk', response.headers.get('content-type') ?? '', data);
    }
    // An error sent inside the stream, as OpenAI and vLLM do: the same APIError the SDK's own reader throws.
    const error = (chunk as { error?: unknown }).error;
    if (error) throw new APIError(undefined, error as object, undefined, response.headers);
    if (chunk.model) model = chunk.model;
    if (chunk.usage) usage = usageOf(chunk.usage);
    if (chunk.choices?.[0]?.finish_reason) finished = true;
    const delta = chunk.choices?.[0]?.delta;
    if (!delta) continue;
    if (typeof delta.content === 'string' && delta.content.length > 0) {
      content += delta.content;
      onText?.(delta.content);
    }
    for (const part of delta.tool_calls ?? []) {
      const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' };
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
      calls.set(part.index, call);
    }
  }
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
  return { content, toolCalls, model, finished, ...(usage ? { usage } : {}) };
}
