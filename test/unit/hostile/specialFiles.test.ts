// FIFOs, sockets and device files in the workspace: every tool, every check and the snapshot taken
// before a write checks the file type first, so nothing blocks on a FIFO and no device is read; each
// refusal is definite and names the path and its type. A FIFO with no writer would block any open()
// for reading forever, so each of these tests would hang (not fail slowly) if a read slipped through.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import * as path from 'node:path';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import type { Check } from '../../../src/core/checks/checkSchema';
import { NotAFileError, WorkspaceEscapeError } from '../../../src/core/errors';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { takeSnapshots } from '../../../src/core/tools/fileSnapshots';
import { findTool } from '../../../src/core/tools/toolCatalog';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, ScriptedChatModel, ScriptedCommandRunner, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

/** Whether this machine lets the test create a character device (root with CAP_MKNOD, outside most sandboxes). */
function tryMknod(target: string): boolean {
  try {
    execFileSync('mknod', [target, 'c', '1', '3'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('special files in the workspace', () => {
  let root: string;
  let workspace: NodeWorkspace;
  let server: Server | undefined;
  const specials: { name: string; type: 'fifo' | 'socket' | 'device'; words: RegExp }[] = [];

  before(async function () {
    root = await makeTempDir();
    await mkdir(path.join(root, 'dev'));
    execFileSync('mkfifo', [path.join(root, 'dev/pipe')]);
    specials.push({ name: 'dev/pipe', type: 'fifo', words: /FIFO \(named pipe\)/ });
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(path.join(root, 'dev/sock'), resolve));
    specials.push({ name: 'dev/sock', type: 'socket', words: /a socket/ });
    if (tryMknod(path.join(root, 'dev/null'))) specials.push({ name: 'dev/null', type: 'device', words: /a device file/ });
    workspace = new NodeWorkspace(root);
  });
  after(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await removeTempDir(root);
  });

  it('has a FIFO, a socket and (where mknod is permitted) a device to test with', async () => {
    assert.ok((await stat(path.join(root, 'dev/pipe'))).isFIFO());
    assert.ok((await stat(path.join(root, 'dev/sock'))).isSocket());
    assert.ok(specials.length >= 2);
  });

  it('stats each by its type without opening it', async () => {
    for (const special of specials) assert.equal((await workspace.stat(special.name))?.type, special.type, special.name);
  });

  it('refuses to read, write or append any of them, naming the path and its type', async () => {
    for (const special of specials) {
      for (const attempt of [() => workspace.readFile(special.name), () => workspace.writeFile(special.name, 'x'), () => workspace.appendFile(special.name, 'x'), () => drain(workspace.readTextChunks(special.name))]) {
        await assert.rejects(attempt(), (error: unknown) => error instanceof NotAFileError && error.type === special.type && error.message.includes(special.name) && special.words.test(error.message));
      }
    }
  });

  it('fails every file tool on them definitely, before any read or write', async () => {
    const calls: [string, (name: string) => Record<string, unknown>][] = [
      ['readFile', (name) => ({ path: name })],
      ['writeFile', (name) => ({ path: name, content: 'x' })],
      ['appendFile', (name) => ({ path: name, content: 'x' })],
      ['editFile', (name) => ({ path: name, edits: [{ find: 'a', replace: 'b' }] })],
      ['deleteFile', (name) => ({ path: name })],
      ['renameFile', (name) => ({ from: name, to: 'elsewhere' })],
      ['proposeEdit', (name) => ({ path: name, instruction: 'change it' })],
    ];
    // A model with no reply: proposeEdit must refuse the file before it asks the model anything.
    const model = new ScriptedChatModel([]);
    for (const special of specials) {
      for (const [tool, args] of calls) {
        const error = await assertToolError(findTool(tool)!.execute(args(special.name), toolContext({ workspace, model })), 'definite', 'notAFile');
        assert.match(error.message, special.words, `${tool} ${special.name}`);
        assert.ok(error.message.includes(special.name));
      }
    }
    assert.equal(model.requests.length, 0, 'the worker model was never asked');
    assert.ok((await stat(path.join(root, 'dev/pipe'))).isFIFO(), 'the FIFO is still there');
  });

  it('fails each file check on them as unevaluable, naming the type, and never blocks', async () => {
    const signal = new AbortController().signal;
    const context = { workspace, commands: new ScriptedCommandRunner(() => ({})), limits: DEFAULT_TOOL_LIMITS, signal };
    for (const special of specials) {
      for (const check of [
        { kind: 'fileContains', path: special.name, text: 'x' },
        { kind: 'fileMatches', path: special.name, pattern: 'x' },
        { kind: 'jsonValid', path: special.name },
      ] as Check[]) {
        const result = await evaluateCheck(check, context);
        assert.equal(result.ok, false);
        assert.equal(result.unevaluable, true);
        assert.match(result.detail, special.words);
      }
      const exists = await evaluateCheck({ kind: 'fileExists', path: special.name }, context);
      assert.match(exists.detail, new RegExp(`found a ${special.type}, expected a file`));
    }
  });

  it('records them in a snapshot by type only, without reading them', async () => {
    const snapshots = await takeSnapshots(workspace, specials.map((special) => special.name), DEFAULT_TOOL_LIMITS.maxReadBytes);
    for (const [index, special] of specials.entries()) {
      assert.equal(snapshots[index]!.content, undefined);
      assert.match(snapshots[index]!.notKept ?? '', special.words);
    }
  });

  it('searches the text files next to them without opening them (the listing holds regular files only)', async () => {
    await writeFile(path.join(root, 'dev/readme.txt'), 'needle\n');
    const output = await findTool('searchText')!.execute({ pattern: 'needle', glob: 'dev/**' }, toolContext({ workspace }));
    assert.equal(output.text, 'dev/readme.txt:1: needle');
  });

  it('lists the files next to a .gitignore that links to a FIFO without blocking on it', async () => {
    await mkdir(path.join(root, 'linked'));
    await symlink('../dev/pipe', path.join(root, 'linked/.gitignore'));
    await writeFile(path.join(root, 'linked/kept.txt'), 'k');
    assert.deepEqual(await workspace.findFiles('linked/**'), ['linked/kept.txt']);
  });

  it('cannot reach /dev/null through a link: confinement refuses it before the type matters', async () => {
    await symlink('/dev/null', path.join(root, 'null-link'));
    await assert.rejects(workspace.readFile('null-link'), WorkspaceEscapeError);
  });
});

async function drain(chunks: AsyncIterable<string>): Promise<void> {
  for await (const chunk of chunks) void chunk;
}
