// Where a request's billed prompt tokens go, part by part, counted as wireBilling counts the body that
// goes over the wire: the tool specs, the response format's schema, and each message by what it holds —
// the system text, the task, a worker's instruction and the file body it sends, the agent's own calls
// and each tool's results by tool name — plus the role markup around every message. The parts add up to
// the billed prompt tokens.
import { countTokens } from 'gpt-tokenizer';
import type { ChatRequest } from '../src/core/ports';
import { REPLY_PRIMING_TOKENS, wireRequestOf } from './wireBilling';

/** Tokens of role markup around each message (as wireBilling counts them). */
const PER_MESSAGE_TOKENS = 4;

/** The file a proposeEdit request sends, between its markers. */
const FILE_BODY = /\n<<<FILE\n([\s\S]*)\nFILE>>>$/;

/** Billed prompt tokens of `request`, by part name; the values sum to what the provider bills. */
export function promptParts(request: ChatRequest): Map<string, number> {
  const parts = new Map<string, number>();
  const add = (part: string, tokens: number) => parts.set(part, (parts.get(part) ?? 0) + tokens);
  const body = wireRequestOf(request);
  for (const tool of body.tools ?? []) add('tool specs', countTokens(JSON.stringify(tool)));
  if (body.response_format !== undefined) add('response schema', countTokens(JSON.stringify(body.response_format)));
  const toolNames = new Map<string, string>();
  for (const message of request.messages) {
    add('message markup', PER_MESSAGE_TOKENS);
    for (const call of message.toolCalls ?? []) {
      toolNames.set(call.id, call.name);
      add('agent calls', countTokens(call.name) + countTokens(call.arguments));
    }
    if (message.role === 'tool') add(`result: ${toolNames.get(message.toolCallId ?? '') ?? 'unknown'}`, countTokens(message.content));
    else if (message.role === 'system') add('system', countTokens(message.content));
    else if (message.role === 'assistant') add('agent text', countTokens(message.content));
    else {
      const file = FILE_BODY.exec(message.content);
      if (!file) add('task', countTokens(message.content));
      else {
        const fileTokens = countTokens(file[1]!);
        add('file body', fileTokens);
        add('instruction', countTokens(message.content) - fileTokens);
      }
    }
  }
  add('message markup', REPLY_PRIMING_TOKENS);
  return parts;
}
