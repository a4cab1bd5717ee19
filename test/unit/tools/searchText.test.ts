import * as assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { searchTextTool } from '../../../src/core/tools/searchText';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { abortedSignal, assertToolError, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('searchTextTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src/cli.ts'), 'const a = 1;\n  parse("--verbose");\nconst b = 2;\n');
    await writeFile(path.join(root, 'src/other.js'), 'nothing("--verbose") here\n');
    await writeFile(path.join(root, 'image.bin'), 'PNG\0--verbose');
    await writeFile(path.join(root, 'ignored.log'), '--verbose\n');
    await writeFile(path.join(root, '.gitignore'), '*.log\n');
  });
  afterEach(() => removeTempDir(root));

  it('lists path:line: text for every matching line, skipping binary and ignored files', async () => {
    const output = await searchTextTool.execute({ pattern: '--verb(ose)' }, toolContext({ workspace }));
    assert.equal(output.text, 'src/cli.ts:2: parse("--verbose");\nsrc/other.js:1: nothing("--verbose") here');
    assert.equal(output.details?.matches, 2);
    assert.equal(output.details?.truncated, false);
    assert.equal(output.details?.filesSkipped, 1);
  });

  it('limits the search to a glob', async () => {
    const output = await searchTextTool.execute({ pattern: 'verbose', glob: '**/*.ts' }, toolContext({ workspace }));
    assert.equal(output.text, 'src/cli.ts:2: parse("--verbose");');
  });

  it('stops at maxSearchResults and says the result was cut', async () => {
    const limits = { ...DEFAULT_TOOL_LIMITS, maxSearchResults: 2 };
    const output = await searchTextTool.execute({ pattern: 'const|verbose' }, toolContext({ workspace, limits }));
    const lines = output.text.split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[2]!, /more than 2 matches/);
    assert.equal(output.details?.truncated, true);
  });

  it('says when it searched only the first maxListedFiles files', async () => {
    const limits = { ...DEFAULT_TOOL_LIMITS, maxListedFiles: 1 };
    const output = await searchTextTool.execute({ pattern: 'verbose' }, toolContext({ workspace, limits }));
    assert.match(output.text, /searched only the first 1 files; narrow the glob\]$/);
    assert.equal(output.details?.filesLimited, true);
  });

  it('fails definite when cancelled before it starts', async () => {
    await assertToolError(
      searchTextTool.execute({ pattern: 'x' }, toolContext({ workspace, signal: abortedSignal() })),
      'definite',
      'cancelled',
    );
  });

  it('rejects an invalid regular expression in its schema', () => {
    assert.equal(searchTextTool.input.safeParse({ pattern: '(' }).success, false);
  });
});
