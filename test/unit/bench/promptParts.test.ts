// Where a request's billed prompt tokens go: the parts add up to what wireBilling bills, a worker's file
// body is told from its instruction, and an agent turn's tool results are named by the tool that made them.
import * as assert from 'node:assert/strict';
import { countTokens } from 'gpt-tokenizer';
import type { ChatRequest } from '../../../src/core/ports';
import { buildProposeEditMessages, proposedEditsJsonSchema } from '../../../src/core/tools/proposeEditPrompt';
import { promptParts } from '../../../bench/promptParts';
import { billedPromptTokens, wireRequestOf } from '../../../bench/wireBilling';

const sum = (parts: Map<string, number>) => [...parts.values()].reduce((a, b) => a + b, 0);
const FILE = "'use strict';\nconst { legacyFetch } = require('../net/legacy');\nmodule.exports = { load: () => legacyFetch('/a') };";

describe('promptParts', () => {
  it('splits a worker request into system, instruction, file body and response schema, adding up to the bill', () => {
    const request: ChatRequest = {
      role: 'worker',
      messages: buildProposeEditMessages('src/a.js', FILE, 'Call httpGet instead of legacyFetch.'),
      responseFormat: { type: 'json', name: 'proposed_edits', schema: proposedEditsJsonSchema() },
    };
    const parts = promptParts(request);
    assert.equal(parts.get('file body'), countTokens(FILE));
    assert.ok(parts.get('instruction')! > 0 && parts.get('response schema')! > 0 && parts.get('system')! > 0);
    assert.equal(sum(parts), billedPromptTokens(wireRequestOf(request)));
  });

  it('names an agent turn\'s tool results by tool, and counts its calls and tool specs', () => {
    const request: ChatRequest = {
      role: 'fused',
      tools: [{ name: 'readFile', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } } } }],
      messages: [
        { role: 'system', content: 'You act.' },
        { role: 'user', content: 'Task: migrate.' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'readFile', arguments: '{"path":"src/a.js"}' }] },
        { role: 'tool', toolCallId: 'c1', content: FILE },
      ],
    };
    const parts = promptParts(request);
    assert.equal(parts.get('result: readFile'), countTokens(FILE));
    assert.equal(parts.get('agent calls'), countTokens('readFile') + countTokens('{"path":"src/a.js"}'));
    assert.ok(parts.get('tool specs')! > 0);
    assert.equal(sum(parts), billedPromptTokens(wireRequestOf(request)));
  });
});
