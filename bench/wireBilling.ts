// What a provider bills for a request, counted from the request body as it goes over the wire: every
// message (OpenAI's chat accounting: 4 tokens of role markup per message, the content, each tool call's
// name and arguments, 3 tokens priming the reply), every tool spec and the response_format (its JSON
// schema included) as the JSON text sent. One tokenizer (o200k_base) for all of it. The same walk gives
// the request's cacheable prefix: tool specs, then the response format, then the messages one by one,
// each with the prompt tokens up to its end and a hash of everything up to it, so two requests share
// a cached prefix exactly as far as their hashes agree.
import { createHash } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer';
import type { ChatRequest } from '../src/core/ports';
import { buildCompletionParams } from '../src/node/openAiStream';

/** A chat completion request body, as far as billing reads it. */
export interface WireRequest {
  readonly messages: readonly { readonly role: string; readonly content?: unknown; readonly tool_calls?: readonly { readonly function: { readonly name: string; readonly arguments: string } }[] }[];
  readonly tools?: readonly unknown[];
  readonly response_format?: unknown;
}

/** One point a cached prefix may end at: the prompt tokens up to it, and a hash of everything up to it. */
export interface PrefixMark {
  readonly hash: string;
  readonly tokens: number;
}

/** Texts counted so far: system prompts, tool specs and schemas repeat in every call of a run and every run. */
const counted = new Map<string, number>();
const MAX_COUNTED = 20_000;

function tokensOf(text: string): number {
  let tokens = counted.get(text);
  if (tokens === undefined) {
    tokens = countTokens(text);
    if (counted.size >= MAX_COUNTED) counted.clear();
    counted.set(text, tokens);
  }
  return tokens;
}

/** Tokens of role markup around each message. */
const PER_MESSAGE_TOKENS = 4;
/** Tokens that prime the assistant's reply. */
export const REPLY_PRIMING_TOKENS = 3;

function messageTokens(message: WireRequest['messages'][number]): number {
  const content = typeof message.content === 'string' ? message.content : message.content == null ? '' : JSON.stringify(message.content);
  let total = PER_MESSAGE_TOKENS + tokensOf(content);
  for (const call of message.tool_calls ?? []) total += tokensOf(call.function.name) + tokensOf(call.function.arguments);
  return total;
}

/** The request's prefix marks: after the tool specs, after the response format, after each message. */
export function prefixMarks(body: WireRequest): PrefixMark[] {
  const units: { readonly key: string; readonly tokens: number }[] = [];
  const tools = body.tools ?? [];
  units.push({ key: JSON.stringify(tools), tokens: tools.reduce<number>((sum, tool) => sum + tokensOf(JSON.stringify(tool)), 0) });
  const format = body.response_format === undefined ? '' : JSON.stringify(body.response_format);
  units.push({ key: format, tokens: tokensOf(format) });
  for (const message of body.messages) units.push({ key: JSON.stringify(message), tokens: messageTokens(message) });
  let hash = '';
  let tokens = 0;
  return units.map((unit) => {
    hash = createHash('sha256').update(hash).update('\u0000').update(unit.key).digest('hex').slice(0, 16);
    tokens += unit.tokens;
    return { hash, tokens };
  });
}

/** The prompt tokens a provider bills for `body`. */
export function billedPromptTokens(body: WireRequest): number {
  return prefixMarks(body).at(-1)!.tokens + REPLY_PRIMING_TOKENS;
}

/** The completion tokens of a reply: its text, and each tool call's name and arguments. */
export function billedCompletionTokens(content: string, toolCalls: readonly { readonly name: string; readonly arguments: string }[]): number {
  return countTokens(content) + toolCalls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.arguments), 0);
}

/** The body the openai client sends for `request` to an endpoint that takes structured output. */
export function wireRequestOf(request: ChatRequest): WireRequest {
  return buildCompletionParams(request, { model: 'bench', jsonMode: 'jsonSchema', streamUsage: true }) as WireRequest;
}

/** The longest prefix (in prompt tokens) two requests share, from their marks. */
export function sharedPrefixTokens(a: readonly PrefixMark[], b: readonly PrefixMark[]): number {
  let shared = 0;
  for (let index = 0; index < Math.min(a.length, b.length) && a[index]!.hash === b[index]!.hash; index++) shared = a[index]!.tokens;
  return shared;
}
