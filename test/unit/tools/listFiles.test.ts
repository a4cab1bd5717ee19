import * as assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { listFilesTool } from '../../../src/core/tools/listFiles';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('listFilesTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
    await mkdir(path.join(root, 'src'));
    await mkdir(path.join(root, 'build'));
    for (const name of ['src/b.ts', 'src/a.ts', 'src/c.js', 'build/out.ts']) await writeFile(path.join(root, name), name);
    await writeFile(path.join(root, '.gitignore'), 'build/\n');
  });
  afterEach(() => removeTempDir(root));

  it('lists matching files one per line, sorted, leaving out gitignored ones', async () => {
    const output = await listFilesTool.execute({ glob: '**/*.ts' }, toolContext({ workspace }));
    assert.equal(output.text, 'src/a.ts\nsrc/b.ts');
    assert.deepEqual(output.details, { glob: '**/*.ts', count: 2, truncated: false });
  });

  it('cuts the list at maxListedFiles and says so', async () => {
    const limits = { ...DEFAULT_TOOL_LIMITS, maxListedFiles: 2 };
    const output = await listFilesTool.execute({ glob: 'src/*' }, toolContext({ workspace, limits }));
    assert.match(output.text, /^src\/a\.ts\nsrc\/b\.ts\n\[planwright: more than 2 files match; narrow the glob\]$/);
    assert.equal(output.details?.truncated, true);
  });

  it('returns an empty text when nothing matches', async () => {
    const output = await listFilesTool.execute({ glob: '**/*.py' }, toolContext({ workspace }));
    assert.equal(output.text, '');
    assert.equal(output.details?.count, 0);
  });

  it('refuses a glob that climbs out of the workspace', async () => {
    await assertToolError(listFilesTool.execute({ glob: '../**/*' }, toolContext({ workspace })), 'definite', 'workspaceEscape');
  });
});
