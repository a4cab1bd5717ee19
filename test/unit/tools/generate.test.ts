import * as assert from 'node:assert/strict';
import { ModelError } from '../../../src/core/errors';
import { generateTool } from '../../../src/core/tools/generate';
import { assertToolError, MemoryWorkspace, ScriptedChatModel, toolContext } from '../support/fakePorts';

describe('generateTool', () => {
  const workspace = new MemoryWorkspace();

  it('asks the worker model and returns its reply as text, with usage in the details', async () => {
    const model = new ScriptedChatModel(['A short summary.']);
    const output = await generateTool.execute({ instruction: 'Summarise the changes' }, toolContext({ workspace, model }));
    assert.equal(output.text, 'A short summary.');
    assert.equal(model.requests[0]!.role, 'worker');
    assert.equal(model.requests[0]!.messages.at(-1)!.content, 'Summarise the changes');
    assert.equal(output.details?.model, 'test-worker');
  });

  it('fails definite when no worker model is configured', async () => {
    await assertToolError(generateTool.execute({ instruction: 'x' }, toolContext({ workspace })), 'definite', 'noModel');
  });

  it('fails definite on an empty reply', async () => {
    const model = new ScriptedChatModel(['  ']);
    await assertToolError(generateTool.execute({ instruction: 'x' }, toolContext({ workspace, model })), 'definite', 'badReply');
  });

  it('maps model errors that prove the call was refused to definite', async () => {
    for (const reason of ['unauthorized', 'modelNotFound', 'noEndpoint', 'badRequest', 'badReply'] as const) {
      const model = new ScriptedChatModel([new ModelError(reason, 'no')]);
      await assertToolError(generateTool.execute({ instruction: 'x' }, toolContext({ workspace, model })), 'definite', reason);
    }
  });

  it('maps model errors that leave the call in doubt to ambiguous', async () => {
    for (const reason of ['unreachable', 'timeout', 'serverError', 'rateLimited', 'cancelled'] as const) {
      const model = new ScriptedChatModel([new ModelError(reason, 'lost')]);
      await assertToolError(generateTool.execute({ instruction: 'x' }, toolContext({ workspace, model })), 'ambiguous', reason);
    }
  });

  it('is read-only', () => {
    assert.equal(generateTool.effect({ instruction: 'x' }, {}), 'readOnly');
  });
});
