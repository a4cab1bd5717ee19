// fileAbsent: holds when nothing is at the path.
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Passes when nothing (no file, no folder) is at `path`. */
export async function fileAbsent(check: CheckOf<'fileAbsent'>, context: CheckContext): Promise<CheckResult> {
  const stat = await context.workspace.stat(check.path);
  const label = checkLabel(check);
  if (!stat) return { ok: true, detail: `${label}: absent` };
  return { ok: false, detail: `${label}: expected nothing, found a ${stat.type} (${stat.size} bytes)` };
}
