import * as assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { WorkspaceEscapeError } from '../../../src/core/errors';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { captureTree, makeTempDir, removeTempDir } from '../support/tempDir';

/**
 * `refused`: every operation must reject with WorkspaceEscapeError. `contained`: the path is odd but
 * names something inside (a literal `%2e%2e`, a lookalike dot) or is merely invalid (too long), so an
 * operation may work or fail; either way nothing outside may change.
 */
type Expectation = 'refused' | 'contained';

describe('NodeWorkspace with hostile paths', () => {
  let base: string;
  let root: string;
  let outside: string;
  let workspace: NodeWorkspace;
  let outsideBefore: Record<string, string>;

  before(async () => {
    base = await makeTempDir();
    root = path.join(base, 'ws');
    outside = path.join(base, 'outside');
    await mkdir(path.join(outside, 'sub'), { recursive: true });
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await writeFile(path.join(outside, 'sub', 'nested.txt'), 'nested');
    await mkdir(path.join(base, 'ws-evil'));
    await writeFile(path.join(base, 'ws-evil', 'secret'), 'evil twin');
    await mkdir(path.join(root, 'realdir'), { recursive: true });
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, 'inside.txt'), 'inside');
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'linkOut'));
    await symlink(outside, path.join(root, 'dirOut'));
    await symlink('../outside', path.join(root, 'relOut'));
    await symlink(base, path.join(root, 'parentLink'));
    await symlink(outside, path.join(root, 'realdir', 'esc'));
    await symlink('realdir', path.join(root, 'inner'));
    await symlink('loop2', path.join(root, 'loop1'));
    await symlink('loop1', path.join(root, 'loop2'));
    await symlink(path.join(outside, 'created-through-link.txt'), path.join(root, 'dangling'));
    await symlink(path.join(outside, 'newdir'), path.join(root, 'danglingDir'));
    await symlink(path.join(base, 'ws-evil'), path.join(root, 'prefix'));
    await symlink('.', path.join(root, 'selfLink'));
    workspace = new NodeWorkspace(root);
    outsideBefore = await captureOutside();
  });
  after(() => removeTempDir(base));

  /** Everything under the temp base except the workspace itself. */
  async function captureOutside(): Promise<Record<string, string>> {
    const tree = await captureTree(base);
    return Object.fromEntries(Object.entries(tree).filter(([entry]) => entry !== 'ws' && !entry.startsWith(`ws${path.sep}`)));
  }

  const corpus: readonly [string, Expectation][] = [
    ['..', 'refused'],
    ['../', 'refused'],
    ['../outside/secret.txt', 'refused'],
    ['./../outside/secret.txt', 'refused'],
    ['a/../../outside/secret.txt', 'refused'],
    ['realdir/../../outside/secret.txt', 'refused'],
    ['.git/../../outside/secret.txt', 'refused'],
    ['..\\outside\\secret.txt', 'refused'],
    ['selfLink/../outside/secret.txt', 'refused'],
    ['dirOut/../inside.txt', 'refused'],
    ['/etc/planwright-never-written', 'refused'],
    ['<absolute sentinel>', 'refused'],
    ['<absolute new file outside>', 'refused'],
    ['~/x', 'refused'],
    ['~', 'refused'],
    ['C:\\x', 'refused'],
    ['C:/x', 'refused'],
    ['\\\\server\\share\\x', 'refused'],
    ['//server/share/x', 'refused'],
    ['inside.txt\0../../outside/secret.txt', 'refused'],
    ['\0', 'refused'],
    ['', 'refused'],
    ['.', 'refused'],
    ['./', 'refused'],
    ['selfLink', 'refused'],
    ['a/'.repeat(2500), 'refused'],
    ['linkOut', 'refused'],
    ['dirOut', 'refused'],
    ['dirOut/', 'refused'],
    ['dirOut/.', 'refused'],
    ['dirOut/secret.txt', 'refused'],
    ['dirOut/./secret.txt', 'refused'],
    ['dirOut/new.txt', 'refused'],
    ['dirOut/sub/nested.txt', 'refused'],
    ['dirOut/newdir/deeper/file.txt', 'refused'],
    ['relOut/secret.txt', 'refused'],
    ['parentLink/outside/secret.txt', 'refused'],
    ['parentLink/new.txt', 'refused'],
    ['realdir/esc/secret.txt', 'refused'],
    ['inner/esc/secret.txt', 'refused'],
    ['selfLink/dirOut/secret.txt', 'refused'],
    ['loop1', 'refused'],
    ['loop1/x', 'refused'],
    ['dangling', 'refused'],
    ['danglingDir/x.txt', 'refused'],
    ['prefix/secret', 'refused'],
    ['a'.repeat(300), 'contained'],
    [`${'b'.repeat(300)}/x`, 'contained'],
    ['%2e%2e/%2e%2e/outside/secret.txt', 'contained'],
    ['..%2f..%2foutside%2fsecret.txt', 'contained'],
    ['\u2024\u2024/outside/secret.txt', 'contained'],
    ['\uff0e\uff0e/outside/secret.txt', 'contained'],
    ['.../outside/secret.txt', 'contained'],
    ['....', 'contained'],
    [' ../outside/secret.txt', 'contained'],
    ['file:///etc/passwd', 'contained'],
    ['inside.txt/', 'contained'],
    ['DIROUT/secret.txt', 'contained'],
    ['Inside.TXT', 'contained'],
  ];

  it('has a corpus of at least 30 hostile paths', () => {
    assert.ok(corpus.length >= 30);
  });

  for (const [raw, expectation] of corpus) {
    const label = JSON.stringify(raw.length > 60 ? `${raw.slice(0, 30)}…(${raw.length} chars)` : raw);
    it(`${expectation === 'refused' ? 'refuses' : 'keeps inside'} ${label} for read, write, append, delete, rename and stat`, async () => {
      const hostile = raw === '<absolute sentinel>' ? path.join(outside, 'secret.txt') : raw === '<absolute new file outside>' ? path.join(outside, 'new.txt') : raw;
      await writeFile(path.join(root, 'victim.txt'), 'victim');
      const operations: [string, () => Promise<unknown>][] = [
        ['readFile', () => workspace.readFile(hostile)],
        ['writeFile', () => workspace.writeFile(hostile, 'PWNED by write')],
        ['appendFile', () => workspace.appendFile(hostile, 'PWNED by append')],
        ['stat', () => workspace.stat(hostile)],
        ['rename to', () => workspace.rename('victim.txt', hostile)],
        ['rename from', () => workspace.rename(hostile, 'renamed-away.txt')],
        ['deleteFile', () => workspace.deleteFile(hostile)],
      ];
      for (const [name, operation] of operations) {
        const outcome = await operation().then(
          () => undefined,
          (error: unknown) => error,
        );
        if (expectation === 'refused') {
          assert.ok(outcome instanceof WorkspaceEscapeError, `${name} ${label}: expected WorkspaceEscapeError, got ${String(outcome)}`);
        }
      }
      assert.deepEqual(await captureOutside(), outsideBefore, `something outside the workspace changed after ${label}`);
    });
  }

  it('leaves the workspace links themselves in place', async () => {
    const tree = await captureTree(root);
    assert.equal(tree['linkOut'], `<link ${path.join(outside, 'secret.txt')}>`);
    assert.equal(tree['dirOut'], `<link ${outside}>`);
    assert.equal(tree['dangling'], `<link ${path.join(outside, 'created-through-link.txt')}>`);
  });
});
