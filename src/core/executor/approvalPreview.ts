// What a step will do, computed before the user approves it: the exact command and folder, or each
// file's content before and after, so an approval prompt can show a real diff.
import type { ApprovalPreview, Workspace } from '../ports';
import { applyEdits, type TextEdit } from '../tools/applyEdits';
import { readOrNull } from '../tools/fileSnapshots';

/** The preview of `tool` called with `args` (already resolved and validated) against the workspace now. */
export async function approvalPreview(tool: string, args: Readonly<Record<string, unknown>>, workspace: Workspace): Promise<ApprovalPreview> {
  const text = (key: string): string => String(args[key] ?? '');
  const change = async (path: string, after: (before: string | null) => string | null) => {
    const before = await readOrNull(workspace, path);
    return { path, before, after: after(before) };
  };
  switch (tool) {
    case 'runCommand':
      return { kind: 'command', command: text('command'), cwd: typeof args.cwd === 'string' ? args.cwd : '.' };
    case 'writeFile':
      return { kind: 'fileChanges', changes: [await change(text('path'), () => text('content'))] };
    case 'appendFile':
      return { kind: 'fileChanges', changes: [await change(text('path'), (before) => (before ?? '') + text('content'))] };
    case 'editFile':
      return {
        kind: 'fileChanges',
        changes: [
          await change(text('path'), (before) => {
            if (before === null) return null;
            const result = applyEdits(before, args.edits as TextEdit[]);
            return result.ok ? result.content : before;
          }),
        ],
      };
    case 'deleteFile':
      return { kind: 'fileChanges', changes: [await change(text('path'), () => null)] };
    case 'renameFile': {
      const source = await readOrNull(workspace, text('from'));
      return {
        kind: 'fileChanges',
        changes: [
          { path: text('from'), before: source, after: null },
          { path: text('to'), before: await readOrNull(workspace, text('to')), after: source },
        ],
      };
    }
    case 'proposeEdit':
      return { kind: 'modelEdit', path: text('path'), instruction: text('instruction') };
    default:
      return { kind: 'none' };
  }
}
