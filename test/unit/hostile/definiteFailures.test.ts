// Failures that cannot change on a retry are definite: a name too long, a refused permission, a
// command whose folder cannot be entered. And the cases around them that must work: a 255-byte name
// is writable, a rename whose source cannot be removed leaves one name, read-only files are refused
// unless the step allows them. Tests run as root, which ignores permission bits: where that makes a
// refusal impossible, the file system's error is injected (said in each test), or the case runs in a
// child process as the unprivileged user `nobody`.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { CommandNotStartedError, FileRefusedError } from '../../../src/core/errors';
import { findTool } from '../../../src/core/tools/toolCatalog';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, MemoryWorkspace, ScriptedChatModel, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

// The module object itself (not an import namespace), whose functions the adapter looks up on each call.
import fsPromises = require('node:fs/promises');

type FsPromises = Record<string, unknown>;

/** Makes the next calls of `fs/promises`'s `name` for which `when` holds fail with `code`; returns the undo. */
function injectFsError(name: string, code: string, when: (target: string) => boolean): () => void {
  const module = fsPromises as unknown as FsPromises;
  const original = module[name] as (...args: unknown[]) => Promise<unknown>;
  module[name] = (...args: unknown[]) => (when(String(args[0])) ? Promise.reject(Object.assign(new Error(`${code}: injected`), { code })) : original(...args));
  return () => {
    module[name] = original;
  };
}

describe('definite failures and the cases around them', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
  });
  afterEach(() => removeTempDir(root));

  it('writes and appends a file whose name is 255 bytes (the longest legal name)', async () => {
    const name = `${'é'.repeat(120)}${'n'.repeat(15)}`;
    assert.equal(Buffer.byteLength(name), 255);
    await findTool('writeFile')!.execute({ path: name, content: 'a' }, toolContext({ workspace }));
    await findTool('writeFile')!.execute({ path: name, content: 'b' }, toolContext({ workspace }));
    await findTool('appendFile')!.execute({ path: name, content: 'c' }, toolContext({ workspace }));
    assert.equal(await readFile(path.join(root, name), 'utf8'), 'bc');
    assert.deepEqual(await readdir(root), [name], 'no temporary file left behind');
  });

  it('fails an appendFile whose name is too long definitely: nothing was written', async () => {
    const error = await assertToolError(findTool('appendFile')!.execute({ path: `logs/${'n'.repeat(300)}`, content: 'x' }, toolContext({ workspace })), 'definite', 'nameTooLong');
    assert.match(error.message, /name is too long/);
    await assertToolError(findTool('writeFile')!.execute({ path: 'n'.repeat(300), content: 'x' }, toolContext({ workspace })), 'definite', 'nameTooLong');
    await assertToolError(findTool('readFile')!.execute({ path: 'n'.repeat(300) }, toolContext({ workspace })), 'definite', 'nameTooLong');
  });

  it('undoes the new name when the old one cannot be removed (EACCES injected: root may remove anything), leaving one name', async () => {
    await writeFile(path.join(root, 'a.txt'), 'A');
    const source = path.join(root, 'a.txt');
    const restore = injectFsError('unlink', 'EACCES', (target) => target === source);
    try {
      const error = await assertToolError(findTool('renameFile')!.execute({ from: 'a.txt', to: 'b.txt' }, toolContext({ workspace })), 'definite', 'permissionDenied');
      assert.match(error.message, /a\.txt: could not be removed \(permission denied\); b\.txt was removed again, so nothing changed/);
    } finally {
      restore();
    }
    assert.deepEqual((await readdir(root)).sort(), ['a.txt']);
    assert.equal(await readFile(source, 'utf8'), 'A');
  });

  it('fails a writeFile definitely when the disk is full (ENOSPC injected into the temp file write): nothing was written', async () => {
    await writeFile(path.join(root, 'a.txt'), 'old');
    const restore = injectFsError('writeFile', 'ENOSPC', (target) => path.basename(target).startsWith('.planwright-'));
    try {
      const error = await assertToolError(findTool('writeFile')!.execute({ path: 'a.txt', content: 'new' }, toolContext({ workspace })), 'definite', 'noSpace');
      assert.match(error.message, /a\.txt: no space left on the device; nothing was written/);
    } finally {
      restore();
    }
    assert.deepEqual(await readdir(root), ['a.txt'], 'no temporary file left behind');
    assert.equal(await readFile(path.join(root, 'a.txt'), 'utf8'), 'old');
  });

  it('fails an appendFile definitely when opening the file hits a full disk (ENOSPC injected into open): nothing was written', async () => {
    const target = path.join(root, 'log.txt');
    await writeFile(target, 'old\n');
    const restore = injectFsError('open', 'ENOSPC', (file) => file === target);
    try {
      const error = await assertToolError(findTool('appendFile')!.execute({ path: 'log.txt', content: 'new\n' }, toolContext({ workspace })), 'definite', 'noSpace');
      assert.match(error.message, /log\.txt: no space left on the device/);
    } finally {
      restore();
    }
    assert.equal(await readFile(target, 'utf8'), 'old\n');
  });

  it('fails writeFile and deleteFile definitely when permission is denied (EACCES injected: root may write anything)', async () => {
    await writeFile(path.join(root, 'a.txt'), 'old');
    const context = toolContext({ workspace });
    const restoreWrite = injectFsError('writeFile', 'EACCES', (target) => path.dirname(target) === root);
    try {
      await assertToolError(findTool('writeFile')!.execute({ path: 'a.txt', content: 'new' }, context), 'definite', 'permissionDenied');
    } finally {
      restoreWrite();
    }
    const restoreDelete = injectFsError('unlink', 'EACCES', (target) => target === path.join(root, 'a.txt'));
    try {
      const error = await assertToolError(findTool('deleteFile')!.execute({ path: 'a.txt' }, context), 'definite', 'permissionDenied');
      assert.match(error.message, /a\.txt: permission denied/);
    } finally {
      restoreDelete();
    }
    assert.deepEqual(await readdir(root), ['a.txt']);
    assert.equal(await readFile(path.join(root, 'a.txt'), 'utf8'), 'old');
  });

  it('leaves a rename in doubt when neither name can be removed (EACCES injected on both): the file has both names', async () => {
    await writeFile(path.join(root, 'a.txt'), 'A');
    const names = new Set([path.join(root, 'a.txt'), path.join(root, 'b.txt')]);
    const restore = injectFsError('unlink', 'EACCES', (target) => names.has(target));
    const context = toolContext({ workspace });
    try {
      const error = await assertToolError(findTool('renameFile')!.execute({ from: 'a.txt', to: 'b.txt' }, context), 'ambiguous', 'ioError');
      assert.match(error.message, /could not remove a\.txt \(EACCES\) nor b\.txt again \(EACCES\): the file has both names/);
    } finally {
      restore();
    }
    assert.deepEqual((await readdir(root)).sort(), ['a.txt', 'b.txt']);
    // Neither "done" (the old name is still there) nor "not done" (the new one exists): the status read cannot tell.
    const settled = await findTool('renameFile')!.statusRead!({ from: 'a.txt', to: 'b.txt' }, context, []);
    assert.equal(settled, 'cannotTell');
  });

  it('refuses to write, append to, edit or propose an edit to a 0444 file unless the step sets allowReadOnly, and keeps it read-only', async () => {
    const file = path.join(root, 'locked.txt');
    await writeFile(file, 'old');
    await chmod(file, 0o444);
    const context = toolContext({ workspace });
    const refused = await assertToolError(findTool('writeFile')!.execute({ path: 'locked.txt', content: 'new' }, context), 'definite', 'readOnly');
    assert.match(refused.message, /locked\.txt is read-only .* "allowReadOnly": true/);
    await assertToolError(findTool('appendFile')!.execute({ path: 'locked.txt', content: '+' }, context), 'definite', 'readOnly');
    await assertToolError(findTool('editFile')!.execute({ path: 'locked.txt', edits: [{ find: 'old', replace: 'new' }] }, context), 'definite', 'readOnly');
    const model = new ScriptedChatModel([]);
    await assertToolError(findTool('proposeEdit')!.execute({ path: 'locked.txt', instruction: 'make it new' }, toolContext({ workspace, model })), 'definite', 'readOnly');
    assert.equal(model.requests.length, 0, 'proposeEdit refused before asking the model');
    assert.equal(await readFile(file, 'utf8'), 'old');
    await findTool('editFile')!.execute({ path: 'locked.txt', edits: [{ find: 'old', replace: 'new' }], allowReadOnly: true }, context);
    assert.equal(await readFile(file, 'utf8'), 'new');
    assert.equal((await stat(file)).mode & 0o777, 0o444);
  });

  it('fails a command whose folder cannot be entered definitely: it never started (run as nobody; root enters any folder)', async function () {
    if (process.getuid?.() !== 0) this.skip();
    await chmod(root, 0o755);
    await mkdir(path.join(root, 'locked'), { mode: 0o700 });
    const runner = path.resolve(__dirname, '../../../src/node/nodeCommandRunner.js');
    const script = `new (require(${JSON.stringify(runner)}).NodeCommandRunner)(${JSON.stringify(root)}).run({ command: 'echo ran', cwd: 'locked', timeoutMs: 60000, maxOutputBytes: 1000 })
      .then((r) => console.log(JSON.stringify({ ran: r })), (e) => console.log(JSON.stringify({ name: e.name, reason: e.reason, message: e.message })));`;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], { uid: 65534, gid: 65534, cwd: '/' }, (error, out) => (error ? reject(error) : resolve(out))),
    );
    const result = JSON.parse(stdout) as { name?: string; reason?: string; message?: string };
    assert.equal(result.name, 'CommandNotStartedError', stdout);
    assert.equal(result.reason, 'commandNotStarted');
    assert.match(result.message ?? '', /could not start in locked: EACCES/);
  });

  it('classifies a command that never started as definite', async () => {
    const commands = { run: async () => Promise.reject(new CommandNotStartedError('build', 'EACCES')) };
    await assertToolError(findTool('runCommand')!.execute({ command: 'make' }, toolContext({ workspace, commands })), 'definite', 'commandNotStarted');
  });

  it('skips a file searchText cannot read and says so (EACCES injected: root reads mode 0000 files)', async () => {
    const memory = new MemoryWorkspace({ 'a.txt': 'needle', 'secret.txt': 'needle' });
    const original = memory.readFile.bind(memory);
    memory.readFile = async (file, options) => (file === 'secret.txt' ? Promise.reject(new FileRefusedError(file, 'permissionDenied', 'permission denied')) : original(file, options));
    const output = await findTool('searchText')!.execute({ pattern: 'needle' }, toolContext({ workspace: memory }));
    assert.equal(output.text, 'a.txt:1: needle\n[planwright: skipped 1 file (unreadable): secret.txt (permission denied)]');
    assert.deepEqual(output.details?.skipped, { binary: 0, tooLarge: 0, notAFile: 0, unreadable: 1 });
  });

  it('names FIFOs and files over the limit among the skipped files of a search', async () => {
    const memory = new MemoryWorkspace({ 'a.txt': 'needle', 'big.txt': 'needle'.repeat(10), 'pipe': '' });
    memory.specials.set('pipe', 'fifo');
    const output = await findTool('searchText')!.execute({ pattern: 'needle' }, toolContext({ workspace: memory, limits: { ...toolContext({ workspace: memory }).limits, maxReadBytes: 20 } }));
    assert.match(output.text, /skipped 1 file \(over the read limit of 20 bytes\): big\.txt \(60 bytes\)/);
    assert.match(output.text, /skipped 1 file \(not a regular file\): pipe \(a FIFO \(named pipe\)\)/);
  });
});
