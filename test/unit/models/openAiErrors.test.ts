// classifyFailure keeps secrets out of what it says: the text of a connection error (the cause a proxy or
// the network stack gives, which may echo a header) goes through the redaction like a server's reply.
import * as assert from 'node:assert/strict';
import { APIConnectionError } from 'openai';
import { classifyFailure, type CallContext } from '../../../src/node/openAiErrors';

const KEY = 'sk-live-abcdef0123456789';

const context: CallContext = {
  baseUrl: 'https://models.example/v1',
  model: 'm',
  modelSetting: 'planwright.workerModel',
  hasApiKey: true,
  attempts: 2,
  redact: (text) => text.split(KEY).join('***'),
};

describe('classifyFailure', () => {
  it('redacts the API key from the cause of a connection error', () => {
    const error = new APIConnectionError({ message: 'Connection error.', cause: new Error(`proxy refused CONNECT with Authorization: Bearer ${KEY}`) });
    const { error: reported, retryable } = classifyFailure(error, context, 0);
    assert.equal(reported.reason, 'unreachable');
    assert.ok(retryable);
    assert.ok(!reported.message.includes(KEY), reported.message);
    assert.match(reported.message, /proxy refused CONNECT with Authorization: Bearer \*\*\*; after 2 attempts/);
  });

  it('redacts the API key from an error that is not the client\'s own', () => {
    const { error: reported } = classifyFailure(new TypeError(`fetch failed for key ${KEY}`), context, 0);
    assert.equal(reported.reason, 'unreachable');
    assert.ok(!reported.message.includes(KEY), reported.message);
    assert.match(reported.message, /fetch failed for key \*\*\*/);
  });
});
