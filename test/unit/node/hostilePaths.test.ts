// NodeWorkspace against the hostile-path corpus (support/hostilePaths.ts): a path marked `refused` is
// refused by every operation with WorkspaceEscapeError; for any path, nothing outside the workspace changes.
import * as assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { WorkspaceEscapeError } from '../../../src/core/errors';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { captureOutside, HOSTILE_PATHS, hostileFixture, hostilePath, type HostileFixture } from '../support/hostilePaths';
import { captureTree, makeTempDir, removeTempDir } from '../support/tempDir';

describe('NodeWorkspace with hostile paths', () => {
  let base: string;
  let fixture: HostileFixture;
  let root: string;
  let workspace: NodeWorkspace;
  let outsideBefore: Record<string, string>;

  before(async () => {
    base = await makeTempDir();
    fixture = await hostileFixture(base);
    root = fixture.root;
    workspace = new NodeWorkspace(root);
    outsideBefore = await captureOutside(base);
  });
  after(() => removeTempDir(base));

  it('has a corpus of at least 30 hostile paths', () => {
    assert.ok(HOSTILE_PATHS.length >= 30);
  });

  for (const [raw, expectation] of HOSTILE_PATHS) {
    const label = JSON.stringify(raw.length > 60 ? `${raw.slice(0, 30)}…(${raw.length} chars)` : raw);
    it(`${expectation === 'refused' ? 'refuses' : 'keeps inside'} ${label} for read, write, append, delete, rename and stat`, async () => {
      const hostile = hostilePath(raw, fixture);
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
      assert.deepEqual(await captureOutside(base), outsideBefore, `something outside the workspace changed after ${label}`);
    });
  }

  it('leaves the workspace links themselves in place', async () => {
    const tree = await captureTree(root);
    assert.equal(tree['linkOut'], `<link ${path.join(fixture.outside, 'secret.txt')}>`);
    assert.equal(tree['dirOut'], `<link ${fixture.outside}>`);
    assert.equal(tree['dangling'], `<link ${path.join(fixture.outside, 'created-through-link.txt')}>`);
  });
});
