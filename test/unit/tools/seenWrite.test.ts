import * as assert from 'node:assert/strict';
import { editFileTool } from '../../../src/core/tools/editFile';
import { proposeEditTool } from '../../../src/core/tools/proposeEdit';
import { writeFileTool } from '../../../src/core/tools/writeFile';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';

/** A workspace where someone else changes a file just before each of the next conditional writes of it. */
class SharedWorkspace extends MemoryWorkspace {
  conditionalWrites = 0;
  constructor(
    initial: Record<string, string>,
    private readonly meddle: Array<(content: string) => string>,
  ) {
    super(initial);
  }
  override async writeFileIfUnchanged(path: string, seen: string | null, content: string): Promise<void> {
    this.conditionalWrites++;
    const other = this.meddle.shift();
    if (other) this.files.set(path, other(this.files.get(path) ?? ''));
    return super.writeFileIfUnchanged(path, seen, content);
  }
}

describe('writes over seen bytes only', () => {
  it('editFile: a file changed meanwhile is read again and the edit re-applied, so both changes are kept', async () => {
    const workspace = new SharedWorkspace({ 'src/a.js': 'a = 0;\nb = 0;\n' }, [(text) => text.replace('b = 0', 'b = 1')]);
    const output = await editFileTool.execute({ path: 'src/a.js', edits: [{ find: 'a = 0', replace: 'a = 1' }] }, toolContext({ workspace, stepId: 'E4' }));
    assert.equal(workspace.files.get('src/a.js'), 'a = 1;\nb = 1;\n');
    assert.equal(workspace.conditionalWrites, 2);
    assert.match(output.text, /Applied 1 edit/);
  });

  it('editFile: an edit that no longer applies after the change fails as a definite conflict naming file and step, writing nothing', async () => {
    const workspace = new SharedWorkspace({ 'src/a.js': 'a = 0;\n' }, [() => 'a = 2;\n']);
    const error = await assertToolError(
      editFileTool.execute({ path: 'src/a.js', edits: [{ find: 'a = 0', replace: 'a = 1' }] }, toolContext({ workspace, stepId: 'E4' })),
      'definite',
      'fileChanged',
    );
    assert.match(error.message, /^editFile src\/a\.js: src\/a\.js changed while step E4 ran and the change no longer applies \(find text "a = 0" occurs 0 times.*\); nothing was written$/);
    assert.equal(workspace.files.get('src/a.js'), 'a = 2;\n');
  });

  it('editFile: a file that keeps changing fails as a conflict after a bounded number of fresh reads', async () => {
    const workspace = new SharedWorkspace({ 'src/a.js': 'a = 0;\n' }, Array.from({ length: 10 }, () => (text: string) => `// more\n${text}`));
    const error = await assertToolError(editFileTool.execute({ path: 'src/a.js', edits: [{ find: 'a = 0', replace: 'a = 1' }] }, toolContext({ workspace, stepId: 'E2' })), 'definite', 'fileChanged');
    assert.equal(error.message, 'editFile src/a.js: src/a.js changed while step E2 ran; nothing was written');
    assert.equal(workspace.conditionalWrites, 5);
    assert.ok(!workspace.files.get('src/a.js')!.includes('a = 1'));
  });

  it('writeFile: a whole-file write over a file changed meanwhile is a conflict, never a clobber', async () => {
    const workspace = new SharedWorkspace({ 'notes.md': 'old' }, [() => 'theirs']);
    const error = await assertToolError(writeFileTool.execute({ path: 'notes.md', content: 'mine' }, toolContext({ workspace, stepId: 'E3' })), 'definite', 'fileChanged');
    assert.equal(error.message, 'writeFile notes.md: notes.md changed while step E3 ran; nothing was written');
    assert.equal(workspace.files.get('notes.md'), 'theirs');
  });

  it('writeFile: creating a file that someone else created meanwhile is a conflict too', async () => {
    const workspace = new SharedWorkspace({}, [() => 'theirs']);
    await assertToolError(writeFileTool.execute({ path: 'new.md', content: 'mine' }, toolContext({ workspace, stepId: 'E1' })), 'definite', 'fileChanged');
    assert.equal(workspace.files.get('new.md'), 'theirs');
  });

  it('proposeEdit: the model’s edits are written only over the text the model saw', async () => {
    const workspace = new SharedWorkspace({ 'a.ts': 'old()' }, [() => 'theirs()']);
    const model = { chat: async () => ({ content: JSON.stringify({ edits: [{ find: 'old()', replace: 'new()' }] }), toolCalls: [], model: 'm', usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, estimated: false }, latencyMs: 1 }) };
    await assertToolError(proposeEditTool.execute({ path: 'a.ts', instruction: 'x' }, toolContext({ workspace, model })), 'definite', 'fileChanged');
    assert.equal(workspace.files.get('a.ts'), 'theirs()');
  });
});
