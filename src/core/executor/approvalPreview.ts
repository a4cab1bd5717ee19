// What a step will do, computed before the user approves it: each tool declares its own preview (the
// exact command and folder, or each file's content before and after, so a prompt can show a real diff).
import type { ApprovalPreview, Workspace } from '../ports';
import { findTool } from '../tools/toolCatalog';

/** The preview of `tool` called with `args` (already resolved) against the workspace now. */
export async function approvalPreview(tool: string, args: Readonly<Record<string, unknown>>, workspace: Workspace): Promise<ApprovalPreview> {
  const definition = findTool(tool);
  const parsed = definition?.input.safeParse(args);
  if (!definition?.preview || !parsed?.success) return { kind: 'none' };
  return definition.preview(parsed.data, workspace);
}
