// What the benchmark bills for a request: every message, every tool spec and the response format's JSON
// schema, counted from the body the openai client sends; and the prefix marks the cache compares.
import * as assert from 'node:assert/strict';
import { countTokens } from 'gpt-tokenizer';
import type { ChatRequest } from '../../../src/core/ports';
import { billedCompletionTokens, billedPromptTokens, prefixMarks, REPLY_PRIMING_TOKENS, sharedPrefixTokens, wireRequestOf } from '../../../bench/wireBilling';

const SCHEMA = { type: 'object', properties: { steps: { type: 'array', items: { type: 'string' } } }, required: ['steps'] };
const TOOL = { name: 'readFile', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } } } };
const messages = [
  { role: 'system' as const, content: 'You plan coding tasks.' },
  { role: 'user' as const, content: 'Add a flag.' },
];

describe('wireBilling', () => {
  it('bills the response format\'s schema with the messages, as the JSON text sent', () => {
    const planning: ChatRequest = { role: 'planner', messages, responseFormat: { type: 'json', name: 'plan', schema: SCHEMA } };
    const body = wireRequestOf(planning);
    const format = JSON.stringify({ type: 'json_schema', json_schema: { name: 'plan', schema: SCHEMA, strict: false } });
    assert.equal(JSON.stringify(body.response_format), format);
    const messageTokens = 4 + countTokens(messages[0]!.content) + 4 + countTokens(messages[1]!.content);
    assert.equal(billedPromptTokens(body), countTokens(format) + messageTokens + REPLY_PRIMING_TOKENS);
    assert.equal(billedPromptTokens(body) - billedPromptTokens(wireRequestOf({ role: 'planner', messages })), countTokens(format));
  });

  it('bills each tool spec as sent, and the tool calls of earlier turns', () => {
    const turn: ChatRequest = {
      role: 'fused',
      tools: [TOOL],
      messages: [...messages, { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'readFile', arguments: '{"path":"a.js"}' }] }, { role: 'tool', toolCallId: 'c1', content: 'x = 1' }],
    };
    const body = wireRequestOf(turn);
    const spec = countTokens(JSON.stringify({ type: 'function', function: TOOL }));
    const call = 4 + countTokens('') + countTokens('readFile') + countTokens('{"path":"a.js"}');
    const reply = 4 + countTokens('x = 1');
    assert.equal(billedPromptTokens(body), spec + 8 + countTokens(messages[0]!.content) + countTokens(messages[1]!.content) + call + reply + REPLY_PRIMING_TOKENS);
  });

  it('bills a reply\'s text and tool calls as completion tokens', () => {
    assert.equal(billedCompletionTokens('hello world', [{ name: 'readFile', arguments: '{}' }]), countTokens('hello world') + countTokens('readFile') + countTokens('{}'));
  });

  it('marks the prefix after the tools, the format and each message, and shares it exactly as far as two requests agree', () => {
    const first = prefixMarks(wireRequestOf({ role: 'planner', messages, responseFormat: { type: 'json', name: 'plan', schema: SCHEMA } }));
    assert.equal(first.length, 2 + messages.length);
    const sameSystem = prefixMarks(wireRequestOf({ role: 'replanner', messages: [messages[0]!, { role: 'user', content: 'Fix the flag.' }], responseFormat: { type: 'json', name: 'plan', schema: SCHEMA } }));
    assert.equal(sharedPrefixTokens(first, sameSystem), first[2]!.tokens);
    const otherSchema = prefixMarks(wireRequestOf({ role: 'planner', messages, responseFormat: { type: 'json', name: 'replan', schema: SCHEMA } }));
    assert.equal(sharedPrefixTokens(first, otherSchema), 0);
    assert.equal(sharedPrefixTokens(first, first), first.at(-1)!.tokens);
  });
});
