// VscodeWorkspace inside a real extension host: the Workspace port over vscode.workspace.fs, on a `file:`
// folder (real symlinks, the realpath check) and on an in-memory file system under its own scheme.
import * as assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FileExistsError, FileNotFoundError, NotAFileError, ToolError, WorkspaceEscapeError } from '../../../src/core/errors';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { VscodeWorkspace } from '../../../src/vscode/workspace/vscodeWorkspace';
import { MemoryFileSystem, scratchFolder } from './adaptersSupport';

/** Every entry below `dir`, links not followed, mapped to its content, link target or `<dir>`. */
function captureTree(dir: string): Record<string, string> {
  const tree: Record<string, string> = {};
  const walk = (relative: string): void => {
    for (const name of readdirSync(path.join(dir, relative)).sort()) {
      const entry = path.join(relative, name);
      const full = path.join(dir, entry);
      const stats = lstatSync(full);
      if (stats.isSymbolicLink()) tree[entry] = `<link ${readlinkSync(full)}>`;
      else if (stats.isDirectory()) {
        tree[entry] = '<dir>';
        walk(entry);
      } else tree[entry] = readFileSync(full, 'utf8');
    }
  };
  walk('');
  return tree;
}

function write(root: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
}

describe('VscodeWorkspace on a file: folder', () => {
  let scratch: { dir: string; remove: () => void };
  let root: string;
  let workspace: VscodeWorkspace;

  beforeEach(() => {
    scratch = scratchFolder('adapters-ws');
    root = path.join(scratch.dir, 'ws');
    write(root, { 'src/a.ts': 'A' });
    workspace = new VscodeWorkspace(vscode.Uri.file(root));
  });
  afterEach(() => scratch.remove());

  it('reads, writes (creating folders), appends and stats', async () => {
    assert.equal(await workspace.readFile('src/a.ts'), 'A');
    await workspace.writeFile('deep/er/b.txt', 'B');
    await workspace.appendFile('deep/er/b.txt', '+');
    await workspace.appendFile('fresh/c.txt', 'C');
    assert.equal(readFileSync(path.join(root, 'deep/er/b.txt'), 'utf8'), 'B+');
    assert.equal(readFileSync(path.join(root, 'fresh/c.txt'), 'utf8'), 'C');
    assert.deepEqual(await workspace.stat('src/a.ts'), { type: 'file', size: 1, readOnly: false });
    assert.equal((await workspace.stat('src'))?.type, 'directory');
    assert.equal(await workspace.stat('nothing'), undefined);
    assert.equal(await workspace.stat('src/a.ts/below'), undefined);
  });

  it('keeps text exactly, a byte order mark and non-ASCII included', async () => {
    const text = '\uFEFFgrüße ✔\r\nzweite Zeile\n';
    await workspace.writeFile('bom.txt', text);
    assert.equal(await workspace.readFile('bom.txt'), text);
    assert.deepEqual([...readFileSync(path.join(root, 'bom.txt')).subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  });

  it('rejects with FileNotFoundError for missing files', async () => {
    await assert.rejects(workspace.readFile('missing'), FileNotFoundError);
    await assert.rejects(workspace.readFile('src/a.ts/below'), FileNotFoundError);
    await assert.rejects(workspace.deleteFile('missing'), FileNotFoundError);
    await assert.rejects(workspace.rename('missing', 'x'), FileNotFoundError);
  });

  it('writes atomically, leaving no temp file and keeping the permission bits', async () => {
    writeFileSync(path.join(root, 'run.sh'), 'echo 1');
    chmodSync(path.join(root, 'run.sh'), 0o755);
    await workspace.writeFile('run.sh', 'echo 2');
    assert.equal(readFileSync(path.join(root, 'run.sh'), 'utf8'), 'echo 2');
    assert.equal(statSync(path.join(root, 'run.sh')).mode & 0o777, 0o755);
    assert.deepEqual(readdirSync(root).sort(), ['run.sh', 'src']);
  });

  it('refuses to write over a folder or below a file, and leaves both as they were', async () => {
    await assert.rejects(workspace.writeFile('src', 'x'), (error: unknown) => (error instanceof NotAFileError || error instanceof ToolError) && error.reason === 'notAFile');
    assert.equal(readFileSync(path.join(root, 'src/a.ts'), 'utf8'), 'A');
    await assert.rejects(workspace.writeFile('src/a.ts/below.txt', 'x'), (error: unknown) => (error instanceof NotAFileError || error instanceof ToolError) && error.reason === 'notAFile');
    assert.equal(readFileSync(path.join(root, 'src/a.ts'), 'utf8'), 'A');
    await assert.rejects(workspace.readFile('src'), (error: unknown) => (error instanceof NotAFileError || error instanceof ToolError) && error.reason === 'notAFile');
    await assert.rejects(workspace.deleteFile('src'), (error: unknown) => (error instanceof NotAFileError || error instanceof ToolError) && error.reason === 'notAFile');
    assert.ok(statSync(path.join(root, 'src')).isDirectory());
  });

  it('renames without ever replacing an existing target', async () => {
    writeFileSync(path.join(root, 'b.ts'), 'B');
    await assert.rejects(workspace.rename('src/a.ts', 'b.ts'), FileExistsError);
    assert.equal(readFileSync(path.join(root, 'b.ts'), 'utf8'), 'B');
    await workspace.rename('src/a.ts', 'moved/a.ts');
    assert.equal(readFileSync(path.join(root, 'moved/a.ts'), 'utf8'), 'A');
    assert.equal(await workspace.stat('src/a.ts'), undefined);
  });

  it('deletes a file, and a link as a link', async () => {
    write(root, { 'real/keep.txt': 'K' });
    symlinkSync('real', path.join(root, 'dirLink'));
    symlinkSync('real/keep.txt', path.join(root, 'fileLink'));
    await workspace.deleteFile('src/a.ts');
    await workspace.deleteFile('dirLink');
    await workspace.deleteFile('fileLink');
    assert.deepEqual(readdirSync(root).sort(), ['real', 'src']);
    assert.equal(readFileSync(path.join(root, 'real/keep.txt'), 'utf8'), 'K');
  });

  describe('findFiles', () => {
    beforeEach(() => {
      write(root, {
        '.gitignore': 'dist/\n*.log\n!keep.log\n',
        'dist/out.js': '',
        'debug.log': '',
        'keep.log': '',
        'lib/.gitignore': 'generated.ts\n',
        'lib/generated.ts': '',
        'lib/hand.ts': '',
        'lib/vendor/.gitignore': '!generated.ts\n',
        'lib/vendor/generated.ts': '',
        'node_modules/pkg/index.js': '',
        'sub/node_modules/x.js': '',
        '.git/config': '',
        '.planwright/runs/r.jsonl': '',
        '.github/ci.yml': '',
      });
    });

    it('honours the root and nested .gitignore files, negations included, and skips .git, node_modules and .planwright', async () => {
      assert.deepEqual(await workspace.findFiles('**/*'), [
        '.github/ci.yml',
        '.gitignore',
        'keep.log',
        'lib/.gitignore',
        'lib/hand.ts',
        'lib/vendor/.gitignore',
        'lib/vendor/generated.ts',
        'src/a.ts',
      ]);
    });

    it('lists the same files as the Node workspace does for the same tree', async () => {
      const node = new NodeWorkspace(root);
      for (const glob of ['**/*', '**/*.ts', 'lib/**', '*.log', '.git/*']) {
        assert.deepEqual(await workspace.findFiles(glob), await node.findFiles(glob), glob);
      }
    });

    it('lists only what the glob matches, sorted, up to the limit', async () => {
      assert.deepEqual(await workspace.findFiles('**/*.ts'), ['lib/hand.ts', 'lib/vendor/generated.ts', 'src/a.ts']);
      assert.deepEqual(await workspace.findFiles('**/*.ts', { limit: 2 }), ['lib/hand.ts', 'lib/vendor/generated.ts']);
      assert.deepEqual(await workspace.findFiles('.git/*'), []);
    });

    it('leaves out what search.exclude leaves out', async () => {
      write(root, { 'generated-docs/api.md': '', 'docs/guide.md': '' });
      const search = vscode.workspace.getConfiguration('search');
      const before = search.inspect<Record<string, boolean>>('exclude')?.workspaceValue;
      await search.update('exclude', { ...(before ?? {}), '**/generated-docs': true }, vscode.ConfigurationTarget.Workspace);
      try {
        assert.deepEqual(await workspace.findFiles('**/*.md'), ['docs/guide.md']);
      } finally {
        await search.update('exclude', before, vscode.ConfigurationTarget.Workspace);
      }
    });

    it('does not list files through a symlinked folder that points outside', async () => {
      write(scratch.dir, { 'outside/secret.txt': 'S' });
      symlinkSync(path.join(scratch.dir, 'outside'), path.join(root, 'linked'));
      assert.deepEqual(await workspace.findFiles('linked/*'), []);
      assert.ok(!(await workspace.findFiles('**/*')).some((file) => file.includes('secret')));
    });

    it('refuses globs that climb out of the root, and lists nothing outside through braces', async () => {
      for (const glob of ['../*', '/etc/*', 'a/../../*', '~/x']) await assert.rejects(workspace.findFiles(glob), WorkspaceEscapeError, glob);
      write(scratch.dir, { 'outside/secret.txt': 'S', 'top.txt': 'T' });
      for (const glob of ['{..,src}/*', '{src,..}/**/*', '{..}/outside/*']) {
        const found = await workspace.findFiles(glob);
        assert.ok(found.every((file) => !file.startsWith('..') && !path.isAbsolute(file)), `${glob}: ${found.join(', ')}`);
      }
    });
  });

  describe('with hostile paths', () => {
    let outside: string;
    let outsideBefore: Record<string, string>;

    beforeEach(() => {
      outside = path.join(scratch.dir, 'outside');
      write(scratch.dir, { 'outside/secret.txt': 'secret', 'outside/sub/nested.txt': 'nested', 'ws-evil/secret': 'evil twin' });
      write(root, { 'inside.txt': 'inside', 'realdir/keep.txt': 'keep' });
      symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'linkOut'));
      symlinkSync(outside, path.join(root, 'dirOut'));
      symlinkSync('../outside', path.join(root, 'relOut'));
      symlinkSync(outside, path.join(root, 'realdir', 'esc'));
      symlinkSync(path.join(outside, 'created-through-link.txt'), path.join(root, 'dangling'));
      symlinkSync(path.join(scratch.dir, 'ws-evil'), path.join(root, 'prefix'));
      symlinkSync('.', path.join(root, 'selfLink'));
      outsideBefore = captureOutside();
    });

    function captureOutside(): Record<string, string> {
      return Object.fromEntries(Object.entries(captureTree(scratch.dir)).filter(([entry]) => entry !== 'ws' && !entry.startsWith(`ws${path.sep}`)));
    }

    const refused = [
      '../outside/secret.txt',
      'a/../../outside/secret.txt',
      '..\\outside\\secret.txt',
      '<absolute>',
      '~/x',
      'C:\\x',
      '//server/share/x',
      'inside.txt\0../../outside/secret.txt',
      '',
      '.',
      'selfLink',
      'linkOut',
      'dirOut/secret.txt',
      'dirOut/new.txt',
      'dirOut/sub/nested.txt',
      'relOut/secret.txt',
      'realdir/esc/secret.txt',
      'dangling',
      'prefix/secret',
    ];

    for (const raw of refused) {
      it(`refuses ${JSON.stringify(raw)} for read, write, append, delete, rename and stat, and changes nothing outside`, async () => {
        const hostile = raw === '<absolute>' ? path.join(outside, 'secret.txt') : raw;
        const operations: [string, () => Promise<unknown>][] = [
          ['readFile', () => workspace.readFile(hostile)],
          ['writeFile', () => workspace.writeFile(hostile, 'PWNED by write')],
          ['appendFile', () => workspace.appendFile(hostile, 'PWNED by append')],
          ['stat', () => workspace.stat(hostile)],
          ['rename to', () => workspace.rename('inside.txt', hostile)],
          ['rename from', () => workspace.rename(hostile, 'renamed-away.txt')],
          ['deleteFile', () => workspace.deleteFile(hostile)],
        ];
        for (const [name, operation] of operations) {
          const outcome = await operation().then(
            () => undefined,
            (error: unknown) => error,
          );
          assert.ok(outcome instanceof WorkspaceEscapeError, `${name} ${JSON.stringify(raw)}: expected WorkspaceEscapeError, got ${String(outcome)}`);
        }
        assert.deepEqual(captureOutside(), outsideBefore, `something outside the workspace changed after ${JSON.stringify(raw)}`);
        assert.equal(readFileSync(path.join(root, 'inside.txt'), 'utf8'), 'inside');
      });
    }
  });
});

describe('VscodeWorkspace on a virtual file system', () => {
  const scheme = 'planwright-memfs';
  let memory: MemoryFileSystem;
  let registration: vscode.Disposable;
  let workspace: VscodeWorkspace;

  before(() => {
    memory = new MemoryFileSystem();
    registration = vscode.workspace.registerFileSystemProvider(scheme, memory, { isCaseSensitive: true });
  });
  after(() => registration.dispose());

  beforeEach(async () => {
    const root = vscode.Uri.from({ scheme, path: `/ws-${Date.now().toString(36)}` });
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(root, 'src'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, 'src', 'a.ts'), new TextEncoder().encode('A'));
    await vscode.workspace.fs.writeFile(vscode.Uri.from({ scheme, path: `${root.path}-secret.txt` }), new TextEncoder().encode('secret'));
    workspace = new VscodeWorkspace(root);
  });

  it('reads, writes, appends, renames, deletes and stats through the provider', async () => {
    assert.equal(await workspace.readFile('src/a.ts'), 'A');
    await workspace.writeFile('deep/b.txt', 'B');
    await workspace.appendFile('deep/b.txt', '+');
    await workspace.appendFile('c.txt', 'C');
    assert.equal(await workspace.readFile('deep/b.txt'), 'B+');
    assert.equal(await workspace.readFile('c.txt'), 'C');
    assert.deepEqual(await workspace.stat('deep/b.txt'), { type: 'file', size: 2, readOnly: false });
    assert.equal((await workspace.stat('deep'))?.type, 'directory');
    await assert.rejects(workspace.rename('c.txt', 'deep/b.txt'), FileExistsError);
    await workspace.rename('c.txt', 'moved/c.txt');
    assert.equal(await workspace.readFile('moved/c.txt'), 'C');
    await workspace.deleteFile('moved/c.txt');
    assert.equal(await workspace.stat('moved/c.txt'), undefined);
    await assert.rejects(workspace.readFile('missing.txt'), FileNotFoundError);
    await assert.rejects(workspace.deleteFile('missing.txt'), FileNotFoundError);
    const files = Object.keys(memory.snapshot()).filter((file) => file.startsWith(workspace.folder.path));
    assert.ok(!files.some((file) => file.includes('planwright-tmp')), files.join(', '));
  });

  it('refuses paths that leave the folder by the pure rule, and changes nothing', async () => {
    const before = memory.snapshot();
    const sibling = `../${workspace.folder.path.slice(1)}-secret.txt`;
    for (const hostile of [sibling, '/etc/passwd', '..', '.', '', 'a/../../x', 'x\0y', 'C:/x', '~/x']) {
      for (const operation of [
        () => workspace.readFile(hostile),
        () => workspace.writeFile(hostile, 'PWNED'),
        () => workspace.appendFile(hostile, 'PWNED'),
        () => workspace.deleteFile(hostile),
        () => workspace.rename('src/a.ts', hostile),
        () => workspace.stat(hostile),
      ]) {
        await assert.rejects(operation(), WorkspaceEscapeError, JSON.stringify(hostile));
      }
    }
    assert.deepEqual(memory.snapshot(), before);
  });
});
