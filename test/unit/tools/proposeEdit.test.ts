import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ModelError } from '../../../src/core/errors';
import type { ChatRequest, ChatResponse } from '../../../src/core/ports';
import { proposeEditTool } from '../../../src/core/tools/proposeEdit';
import { z } from 'zod';
import { buildProposeEditMessages, parseProposedEdits, ProposedEditsSchema, proposedEditsJsonSchema } from '../../../src/core/tools/proposeEditPrompt';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, MemoryWorkspace, ScriptedChatModel, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('buildProposeEditMessages', () => {
  it('puts the instruction and the whole file in the user message and asks for JSON edits', () => {
    const [system, user] = buildProposeEditMessages('src/a.ts', 'const a = 1;', 'rename a to b');
    assert.match(system!.content, /"edits"/);
    assert.match(user!.content, /rename a to b/);
    assert.match(user!.content, /File: src\/a\.ts\n<<<FILE\nconst a = 1;\nFILE>>>/);
  });
});

describe('parseProposedEdits', () => {
  it('accepts a bare JSON reply and one wrapped in a ```json fence', () => {
    const json = '{"edits":[{"find":"a","replace":"b"}]}';
    assert.deepEqual(parseProposedEdits(json), { ok: true, edits: [{ find: 'a', replace: 'b' }] });
    assert.deepEqual(parseProposedEdits('```json\n' + json + '\n```'), { ok: true, edits: [{ find: 'a', replace: 'b' }] });
  });

  it('says when the reply is not JSON', () => {
    const result = parseProposedEdits('Sure! Here are the edits');
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.problem, /^the reply is not JSON/);
  });

  it('names the field that has the wrong shape', () => {
    const result = parseProposedEdits('{"edits":[{"find":"a"}]}');
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.problem, /edits\.0\.replace/);
  });
});

describe('proposedEditsJsonSchema', () => {
  it("is the reply schema's JSON Schema, built once on first use", () => {
    assert.deepEqual(proposedEditsJsonSchema(), z.toJSONSchema(ProposedEditsSchema));
    assert.equal(proposedEditsJsonSchema(), proposedEditsJsonSchema());
  });
});

describe('proposeEditTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
    await workspace.writeFile('src/a.ts', 'export const a = 1;\n');
  });
  afterEach(() => removeTempDir(root));

  it('applies the edits the worker proposes and writes the file', async () => {
    const model = new ScriptedChatModel(['{"edits":[{"find":"a = 1","replace":"a = 2"}]}']);
    const output = await proposeEditTool.execute({ path: 'src/a.ts', instruction: 'bump a' }, toolContext({ workspace, model }));
    assert.equal(await readFile(path.join(root, 'src/a.ts'), 'utf8'), 'export const a = 2;\n');
    assert.equal(model.requests[0]!.role, 'worker');
    assert.deepEqual(model.requests[0]!.responseFormat, { type: 'json', name: 'proposed_edits', schema: proposedEditsJsonSchema() });
    assert.deepEqual(output.details?.edits, [{ find: 'a = 1', replace: 'a = 2' }]);
  });

  it('fails definite and writes nothing when the reply is not valid', async () => {
    const model = new ScriptedChatModel(['{"changes": []}']);
    const error = await assertToolError(proposeEditTool.execute({ path: 'src/a.ts', instruction: 'x' }, toolContext({ workspace, model })), 'definite', 'badReply');
    assert.match(error.message, /does not have the shape/);
    assert.equal(error.output, '{"changes": []}');
    assert.equal(await readFile(path.join(root, 'src/a.ts'), 'utf8'), 'export const a = 1;\n');
  });

  it('fails definite, naming the count, when a proposed find does not occur exactly once', async () => {
    const model = new ScriptedChatModel(['{"edits":[{"find":"zzz","replace":"y"}]}']);
    const error = await assertToolError(proposeEditTool.execute({ path: 'src/a.ts', instruction: 'x' }, toolContext({ workspace, model })), 'definite', 'badEdits');
    assert.match(error.message, /occurs 0 times/);
  });

  it('fails definite without a model or a file', async () => {
    await assertToolError(proposeEditTool.execute({ path: 'src/a.ts', instruction: 'x' }, toolContext({ workspace })), 'definite', 'noModel');
    const model = new ScriptedChatModel([]);
    await assertToolError(proposeEditTool.execute({ path: 'nope.ts', instruction: 'x' }, toolContext({ workspace, model })), 'definite', 'fileNotFound');
  });

  it('maps a lost connection to ambiguous and a refused key to definite', async () => {
    const lost = new ScriptedChatModel([new ModelError('unreachable', 'connection reset')]);
    await assertToolError(proposeEditTool.execute({ path: 'src/a.ts', instruction: 'x' }, toolContext({ workspace, model: lost })), 'ambiguous', 'unreachable');
    const refused = new ScriptedChatModel([new ModelError('unauthorized', 'bad key')]);
    await assertToolError(proposeEditTool.execute({ path: 'src/a.ts', instruction: 'x' }, toolContext({ workspace, model: refused })), 'definite', 'unauthorized');
  });

  it('fails definite and writes nothing when the file changed while the model was answering', async () => {
    const memory = new MemoryWorkspace({ 'a.ts': 'one' });
    const model = {
      chat: async (_request: ChatRequest): Promise<ChatResponse> => {
        // Not an append (text appended meanwhile is carried over): a change to what the model saw.
        memory.files.set('a.ts', 'the user edited one');
        return { content: '{"edits":[{"find":"one","replace":"two"}]}', toolCalls: [], model: 'm', usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, estimated: true }, latencyMs: 1 };
      },
    };
    await assertToolError(proposeEditTool.execute({ path: 'a.ts', instruction: 'x' }, toolContext({ workspace: memory, model })), 'definite', 'fileChanged');
    assert.equal(memory.files.get('a.ts'), 'the user edited one');
  });

  it('settles as notDone when the file is unchanged since the snapshot, and cannot tell otherwise', async () => {
    const memory = new MemoryWorkspace({ 'a.ts': 'one' });
    const input = { path: 'a.ts', instruction: 'x' };
    assert.equal(await proposeEditTool.statusRead!(input, toolContext({ workspace: memory }), [{ path: 'a.ts', content: 'one' }]), 'notDone');
    assert.equal(await proposeEditTool.statusRead!(input, toolContext({ workspace: memory }), [{ path: 'a.ts', content: 'zero' }]), 'cannotTell');
  });
});
