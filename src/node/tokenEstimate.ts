// Token counts for calls whose endpoint reported no usage, with a real BPE tokenizer (o200k_base, the
// encoding of current OpenAI models). For other model families the figure is close, not exact, which
// is why every usage counted here is marked `estimated`.
import type * as GptTokenizer from 'gpt-tokenizer';
import type { ChatMessage, ChatToolCall, ChatToolSpec, ChatUsage } from '../core/ports';

let tokenizer: typeof GptTokenizer | undefined;

/**
 * Loaded on the first estimate, not at start-up: building the encoding tables takes about 250 ms, which
 * every activation and every CLI call would otherwise pay though most endpoints report usage themselves.
 */
function countTokens(text: string): number {
  tokenizer ??= require('gpt-tokenizer') as typeof GptTokenizer;
  return tokenizer.countTokens(text);
}

/** Tokens a chat template adds around each message (role markers), as OpenAI documents for its models. */
const PER_MESSAGE_TOKENS = 4;
/** Tokens that prime the assistant's reply. */
const REPLY_PRIMING_TOKENS = 3;

/** The tokens of a conversation as a model would be prompted with it, tools included. */
export function estimatePromptTokens(messages: readonly ChatMessage[], tools: readonly ChatToolSpec[] = []): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    total += PER_MESSAGE_TOKENS + countTokens(message.content);
    for (const call of message.toolCalls ?? []) total += countTokens(call.name) + countTokens(call.arguments);
  }
  for (const tool of tools) total += countTokens(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters }));
  return total;
}

/** The usage of one call, counted locally and marked estimated. */
export function estimateUsage(messages: readonly ChatMessage[], tools: readonly ChatToolSpec[] | undefined, content: string, toolCalls: readonly ChatToolCall[]): ChatUsage {
  const completion = countTokens(content) + toolCalls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.arguments), 0);
  return { promptTokens: estimatePromptTokens(messages, tools), completionTokens: completion, cachedTokens: 0, estimated: true };
}
