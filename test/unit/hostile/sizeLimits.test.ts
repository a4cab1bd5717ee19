// Size limits on everything read into memory or the journal: files over the read limit are refused
// before they are read (definitely, so never retried), binary content is known by size and digest only,
// fileContains streams a file of any size, the journal of a binary read stays small, and a step's
// snapshots, before and after, follow the run's limit.
import * as assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { findInPieces } from '../../../src/core/checks/fileContains';
import { BinaryFileError, FileTooLargeError, UndoUnavailableError } from '../../../src/core/errors';
import { decideAfterFailure, DEFAULT_RETRY_LIMITS } from '../../../src/core/run/retryPolicy';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { takeSnapshots, undoFromSnapshots } from '../../../src/core/tools/fileSnapshots';
import { findTool } from '../../../src/core/tools/toolCatalog';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { PlanRun } from '../../../src/core/executor/planRun';
import { fakeRunDeps, liveSignal, runOptions, stepRecords, validPlan } from '../support/executorFakes';
import { assertToolError, ScriptedChatModel, ScriptedCommandRunner, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const MiB = 1024 * 1024;

describe('read limits and binary files', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
  });
  afterEach(() => removeTempDir(root));

  /** A file of `bytes` whose content is mostly a hole: large on paper, cheap to make. */
  async function sparse(name: string, bytes: number, tail = ''): Promise<void> {
    const handle = await open(path.join(root, name), 'w');
    await handle.truncate(bytes - Buffer.byteLength(tail));
    await handle.write(tail, bytes - Buffer.byteLength(tail));
    await handle.close();
  }

  it('refuses a file over the limit in readFile definitely, naming the size, the limit and the setting', async () => {
    await sparse('huge.log', 537 * MiB);
    const error = await assertToolError(findTool('readFile')!.execute({ path: 'huge.log' }, toolContext({ workspace })), 'definite', 'fileTooLarge');
    assert.match(error.message, /huge\.log is 537\.0 MiB, over the read limit of 4\.0 MiB \(setting planwright\.maxReadBytes, flag --max-read-bytes\)/);
    assert.equal(decideAfterFailure('readOnly', error.kind, 1, DEFAULT_RETRY_LIMITS).action, 'fail', 'never retried');
  });

  it('enforces the limit in the adapter too, for a caller that did not stat first', async () => {
    await writeFile(path.join(root, 'a.txt'), 'x'.repeat(100));
    await assert.rejects(workspace.readFile('a.txt', { maxBytes: 99 }), (error: unknown) => error instanceof FileTooLargeError && error.size === 100 && error.limit === 99);
    assert.equal((await workspace.readFile('a.txt', { maxBytes: 100 })).length, 100);
  });

  it('refuses a large file in editFile and proposeEdit before reading it, and the limit follows the run options', async () => {
    await writeFile(path.join(root, 'a.txt'), 'hello world');
    const limits = { ...DEFAULT_TOOL_LIMITS, maxReadBytes: 5 };
    await assertToolError(findTool('editFile')!.execute({ path: 'a.txt', edits: [{ find: 'hello', replace: 'bye' }] }, toolContext({ workspace, limits })), 'definite', 'fileTooLarge');
    const model = new ScriptedChatModel([]);
    const error = await assertToolError(findTool('proposeEdit')!.execute({ path: 'a.txt', instruction: 'say bye' }, toolContext({ workspace, limits, model })), 'definite', 'fileTooLarge');
    assert.match(error.message, /a\.txt is 11 bytes, over the read limit of 5 bytes/);
    assert.equal(model.requests.length, 0, 'the model was never asked');
  });

  it('gives a binary file read as its size and SHA-256 digest, and its journal record stays small', async () => {
    const bytes = randomBytes(3 * MiB);
    await writeFile(path.join(root, 'blob.bin'), bytes);
    const output = await findTool('readFile')!.execute({ path: 'blob.bin' }, toolContext({ workspace }));
    assert.match(output.text, /blob\.bin is a binary file: 3\.0 MiB, sha256 [0-9a-f]{64}/);
    assert.equal(output.details?.bytes, bytes.length);
    // The output as the journal's step record holds it (JSON): bytes, not megabytes.
    assert.ok(JSON.stringify({ text: output.text, details: output.details }).length < 1_000);
  });

  it('refuses to edit a binary file rather than rewriting it as text', async () => {
    await writeFile(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0d, 0x0a]));
    await assertToolError(findTool('editFile')!.execute({ path: 'logo.png', edits: [{ find: 'PNG', replace: 'GIF' }] }, toolContext({ workspace })), 'definite', 'binaryFile');
    await assert.rejects(workspace.readFile('logo.png'), BinaryFileError);
  });

  it('snapshots a binary or too-large file by size and digest, and undo then refuses instead of guessing', async () => {
    await writeFile(path.join(root, 'blob.bin'), Buffer.from([1, 0, 2]));
    await writeFile(path.join(root, 'big.txt'), 'x'.repeat(50));
    const [blob, big] = await takeSnapshots(workspace, ['blob.bin', 'big.txt'], 10);
    assert.deepEqual(blob, { path: 'blob.bin', notKept: 'it is binary', bytes: 3, sha256: createHash('sha256').update(Buffer.from([1, 0, 2])).digest('hex') });
    assert.match(big!.notKept ?? '', /50 bytes is over the read limit of 10 bytes/);
    await assert.rejects(undoFromSnapshots(workspace, [blob!, big!]), UndoUnavailableError);
  });

  it("records a step's after-snapshot under the run's read limit: a file over it by size, not its text", async () => {
    const limits = { ...DEFAULT_TOOL_LIMITS, maxReadBytes: 1024 };
    const deps = fakeRunDeps({ workspace });
    const plan = validPlan([
      { id: 'W1', title: 'write', tool: 'writeFile', args: { path: 'big.txt', content: 'x'.repeat(2048) }, postcondition: { kind: 'fileExists', path: 'big.txt' } },
      { id: 'W2', title: 'write small', tool: 'writeFile', args: { path: 'small.txt', content: 'y'.repeat(1024) }, postcondition: { kind: 'fileExists', path: 'small.txt' } },
    ]);
    const run = await PlanRun.start(plan, { runId: 'after-limit', options: runOptions({ limits }) }, deps);
    assert.equal((await run.execute(liveSignal())).status, 'succeeded');
    const after = Object.fromEntries((await stepRecords(deps.journal)).flatMap((record) => (record.after ? [[record.stepId, record.after]] : [])));
    assert.deepEqual(after, {
      W1: [{ path: 'big.txt', notKept: '2.0 KiB is over the read limit of 1.0 KiB', bytes: 2048 }],
      W2: [{ path: 'small.txt', content: 'y'.repeat(1024) }],
    });
  });

  it('finds text in a file larger than the read limit by streaming it (fileContains)', async () => {
    await sparse('big.log', 6 * MiB, '\nline before\nthe needle\n');
    const context = { workspace, commands: new ScriptedCommandRunner(() => ({})), limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal };
    const found = await evaluateCheck({ kind: 'fileContains', path: 'big.log', text: 'the needle' }, context);
    assert.equal(found.ok, true, found.detail);
    assert.match(found.detail, /found on line 3$/);
    const whole = await evaluateCheck({ kind: 'fileMatches', path: 'big.log', pattern: 'needle' }, context);
    assert.equal(whole.unevaluable, true);
    assert.match(whole.detail, /over the read limit of 4\.0 MiB/);
  });
});

describe('findInPieces', () => {
  async function* pieces(...parts: string[]): AsyncIterable<string> {
    yield* parts;
  }

  it('finds text cut across pieces and gives its line', async () => {
    assert.deepEqual(await findInPieces(pieces('a\nb', 'c\nne', 'ed', 'le\n'), 'needle'), { found: true, line: 3 });
    assert.deepEqual(await findInPieces(pieces('x\n', '\n', 'y'), 'x'), { found: true, line: 1 });
  });

  it('counts the lines of a file without the text, as countLines does', async () => {
    assert.deepEqual(await findInPieces(pieces('a\nb', '\nc\n'), 'zz'), { found: false, lines: 3 });
    assert.deepEqual(await findInPieces(pieces('a\nb', '\nc'), 'zz'), { found: false, lines: 3 });
    assert.deepEqual(await findInPieces(pieces(), 'zz'), { found: false, lines: 0 });
  });
});
