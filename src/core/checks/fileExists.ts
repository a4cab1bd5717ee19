// fileExists: holds when a regular file is at the path.
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Passes when `path` is a file (a folder there does not count). */
export async function fileExists(check: CheckOf<'fileExists'>, context: CheckContext): Promise<CheckResult> {
  const stat = await context.workspace.stat(check.path);
  const label = checkLabel(check);
  if (!stat) return { ok: false, detail: `${label}: not found` };
  if (stat.type !== 'file') return { ok: false, detail: `${label}: found a ${stat.type}, expected a file` };
  return { ok: true, detail: `${label}: found (${stat.size} bytes)` };
}
