// Unit tests of listEndpointModels against a server on 127.0.0.1: the ids, the key sent, and one-line reasons.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listEndpointModels } from '../../../src/node/listEndpointModels';

describe('listEndpointModels', () => {
  let server: Server;
  let baseUrl: string;
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let authorization: string | undefined;

  before(async () => {
    server = createServer((request, response) => {
      authorization = request.headers.authorization;
      response.writeHead(request.url === '/v1/models' ? answer.status : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists the ids the endpoint serves, sorted, sending the key', async () => {
    answer = { status: 200, body: { object: 'list', data: [{ id: 'b-model', object: 'model' }, { id: 'a-model' }] } };
    assert.deepEqual(await listEndpointModels(`${baseUrl}/`, 'sk-test'), { ok: true, models: ['a-model', 'b-model'] });
    assert.equal(authorization, 'Bearer sk-test');
  });

  it('says why when the endpoint refuses, fails or answers something else', async () => {
    answer = { status: 401, body: { error: 'no key' } };
    const refused = await listEndpointModels(baseUrl, undefined);
    assert.ok(!refused.ok && /HTTP 401\): set the API key first$/.test(refused.reason));
    answer = { status: 200, body: { models: [] } };
    const other = await listEndpointModels(baseUrl, undefined);
    assert.ok(!other.ok && /did not answer with a model list$/.test(other.reason));
    const unreachable = await listEndpointModels('http://127.0.0.1:1/v1', undefined);
    assert.ok(!unreachable.ok && /could not be reached/.test(unreachable.reason));
  });
});
