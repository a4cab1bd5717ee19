import * as assert from 'node:assert/strict';
import { apiKeyScope } from '../../../src/node/apiKeyScope';

describe('apiKeyScope', () => {
  it('names the endpoint by scheme, host, port and path', () => {
    assert.equal(apiKeyScope('https://api.openai.com/v1'), 'https://api.openai.com/v1');
    assert.equal(apiKeyScope('http://127.0.0.1:11434/v1'), 'http://127.0.0.1:11434/v1');
    assert.equal(apiKeyScope('https://res.openai.azure.com/openai/v1'), 'https://res.openai.azure.com/openai/v1');
  });

  it('gives spellings of one endpoint the same scope', () => {
    const scope = 'https://api.openai.com/v1';
    for (const spelling of ['HTTPS://API.OpenAI.com/v1', 'https://api.openai.com:443/v1', 'https://api.openai.com/v1/', ' https://api.openai.com/v1// ', 'https://api.openai.com/v1?x=1#y', 'https://user:pw@api.openai.com/v1']) {
      assert.equal(apiKeyScope(spelling), scope, spelling);
    }
  });

  it('keeps different hosts, ports, schemes and paths apart', () => {
    const scopes = ['https://api.openai.com/v1', 'https://api.openai.com.evil.example/v1', 'http://api.openai.com/v1', 'https://api.openai.com:8443/v1', 'https://api.openai.com/v2', 'https://openrouter.ai/api/v1'].map(apiKeyScope);
    assert.equal(new Set(scopes).size, scopes.length);
  });

  it('refuses what is not an http(s) URL', () => {
    for (const bad of ['', 'api.openai.com/v1', 'file:///etc/passwd', 'ftp://host/v1', 'javascript:alert(1)']) assert.equal(apiKeyScope(bad), undefined, bad);
  });
});
