import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { applyEdits, countOccurrences } from '../../../src/core/tools/applyEdits';
import { editFileTool, editOutcome } from '../../../src/core/tools/editFile';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('applyEdits', () => {
  it('applies edits in order, each against the text the previous one left', () => {
    const result = applyEdits('let a = 1;', [
      { find: 'a = 1', replace: 'b = 2' },
      { find: 'b', replace: 'total' },
    ]);
    assert.deepEqual(result, { ok: true, content: 'let total = 2;' });
  });

  it('fails naming the edit and a count of 0 when the find text is missing', () => {
    const result = applyEdits('abc', [{ find: 'abc', replace: 'x' }, { find: 'zzz', replace: 'y' }]);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.editIndex, 1);
    assert.equal(result.matches, 0);
    assert.equal(result.problem, 'edit 2 of 2: find text "zzz" occurs 0 times; it must occur exactly once');
  });

  it('fails with the count when the find text occurs several times', () => {
    const result = applyEdits('x = 1; x = 1;', [{ find: 'x = 1', replace: 'y' }]);
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.problem, 'find text "x = 1" occurs 2 times; it must occur exactly once');
  });

  it('keeps $ patterns in the replacement literal', () => {
    assert.deepEqual(applyEdits('price', [{ find: 'price', replace: '$& $1 $$' }]), { ok: true, content: '$& $1 $$' });
  });

  it('with replaceAll, replaces every occurrence, left to right, the replacement literal', () => {
    const result = applyEdits('toCents(a) + toCents(b) // toCents', [{ find: 'toCents', replace: '$&centsOf', replaceAll: true }]);
    assert.deepEqual(result, { ok: true, content: '$&centsOf(a) + $&centsOf(b) // $&centsOf' });
    assert.deepEqual(applyEdits('aaa', [{ find: 'aa', replace: 'b', replaceAll: true }]), { ok: true, content: 'ba' });
  });

  it('with replaceAll, still fails when the find text is not there at all', () => {
    const result = applyEdits('abc', [{ find: 'zzz', replace: 'y', replaceAll: true }]);
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.problem, 'find text "zzz" occurs 0 times; it must occur at least once');
  });

  it('counts overlapping occurrences, since each is a place the edit could land', () => {
    assert.equal(countOccurrences('aaa', 'aa'), 2);
  });
});

describe('editFileTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  const file = 'src/cli.ts';
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
    await writeFile(path.join(root, 'x.txt'), 'placeholder');
    await workspace.writeFile(file, 'const verbose = false;\nconst quiet = false;\n');
  });
  afterEach(() => removeTempDir(root));

  it('renames every occurrence with replaceAll, and its outcome reads as done', async () => {
    const edits = [{ find: 'false', replace: 'off', replaceAll: true }];
    await editFileTool.execute({ path: file, edits }, toolContext({ workspace }));
    const after = await readFile(path.join(root, file), 'utf8');
    assert.equal(after, 'const verbose = off;\nconst quiet = off;\n');
    assert.equal(editOutcome('const verbose = false;\nconst quiet = false;\n', after, edits), 'done');
  });

  it('takes replaceAll only as a boolean in its input', () => {
    assert.equal(editFileTool.input.safeParse({ path: file, edits: [{ find: 'a', replace: 'b', replaceAll: true }] }).success, true);
    assert.equal(editFileTool.input.safeParse({ path: file, edits: [{ find: 'a', replace: 'b', replaceAll: 'yes' }] }).success, false);
  });

  it('applies every edit and writes the file once', async () => {
    const output = await editFileTool.execute(
      { path: file, edits: [{ find: 'verbose = false', replace: 'verbose = true' }, { find: 'quiet', replace: 'silent' }] },
      toolContext({ workspace }),
    );
    assert.equal(await readFile(path.join(root, file), 'utf8'), 'const verbose = true;\nconst silent = false;\n');
    assert.equal(output.text, 'Applied 2 edit(s) to src/cli.ts');
  });

  it('fails definite, naming the count 0, and leaves the file alone when a find is missing', async () => {
    const error = await assertToolError(
      editFileTool.execute({ path: file, edits: [{ find: 'verbose', replace: 'v' }, { find: 'absent', replace: 'x' }] }, toolContext({ workspace })),
      'definite',
      'findNotUnique',
    );
    assert.match(error.message, /occurs 0 times/);
    assert.equal(await readFile(path.join(root, file), 'utf8'), 'const verbose = false;\nconst quiet = false;\n');
  });

  it('fails definite, naming the count 2, when a find occurs twice', async () => {
    const error = await assertToolError(
      editFileTool.execute({ path: file, edits: [{ find: '= false', replace: '= true' }] }, toolContext({ workspace })),
      'definite',
      'findNotUnique',
    );
    assert.match(error.message, /occurs 2 times/);
  });

  it('fails definite for a missing file', async () => {
    await assertToolError(editFileTool.execute({ path: 'nope.ts', edits: [{ find: 'a', replace: 'b' }] }, toolContext({ workspace })), 'definite', 'fileNotFound');
  });

  it('reports an I/O error while writing as ambiguous', async () => {
    const memory = new MemoryWorkspace({ 'a.ts': 'x' });
    memory.failNext('writeFile', new Error('EIO'));
    await assertToolError(editFileTool.execute({ path: 'a.ts', edits: [{ find: 'x', replace: 'y' }] }, toolContext({ workspace: memory })), 'ambiguous', 'ioError');
  });

  describe('statusRead', () => {
    const edits = [{ find: 'old()', replace: 'renewed()' }];
    const input = { path: 'a.ts', edits };
    const before = [{ path: 'a.ts', content: 'call old();\n' }];

    it('is done when the file is exactly the edited text', async () => {
      const memory = new MemoryWorkspace({ 'a.ts': 'call renewed();\n' });
      assert.equal(await editFileTool.statusRead!(input, toolContext({ workspace: memory }), before), 'done');
    });

    it('is notDone when the file is unchanged since the snapshot', async () => {
      const memory = new MemoryWorkspace({ 'a.ts': 'call old();\n' });
      assert.equal(await editFileTool.statusRead!(input, toolContext({ workspace: memory }), before), 'notDone');
    });

    it('is done when every replacement is present and every find gone, even after other changes', async () => {
      const memory = new MemoryWorkspace({ 'a.ts': '// header\ncall renewed();\n' });
      assert.equal(await editFileTool.statusRead!(input, toolContext({ workspace: memory }), before), 'done');
    });

    it('cannot tell when the file changed otherwise or is gone', async () => {
      assert.equal(editOutcome('call old();\n', 'something else', edits), 'cannotTell');
      assert.equal(editOutcome('call old();\n', null, edits), 'cannotTell');
    });

    it('does not require a find to be gone when its replacement contains it', () => {
      assert.equal(editOutcome(undefined, 'foo bar', [{ find: 'foo', replace: 'foo bar' }]), 'done');
    });
  });

  it('is not idempotent and settles by a status read', () => {
    const input = { path: 'a', edits: [{ find: 'a', replace: 'b' }] };
    assert.equal(editFileTool.effect(input, {}), 'nonIdempotent');
    assert.equal(editFileTool.settleMethod(input, {}), 'statusRead');
    assert.deepEqual(editFileTool.writes(input), ['a']);
  });
});
