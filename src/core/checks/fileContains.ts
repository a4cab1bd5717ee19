// fileContains: holds when a file's text contains an exact string.
import { readOrNull } from '../tools/fileSnapshots';
import { countLines, lineAt } from '../textPreview';
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Passes when the file exists and contains `text` verbatim. */
export async function fileContains(check: CheckOf<'fileContains'>, context: CheckContext): Promise<CheckResult> {
  const label = checkLabel(check);
  const content = await readOrNull(context.workspace, check.path);
  if (content === null) return { ok: false, detail: `${label}: not found (the file does not exist)` };
  const at = content.indexOf(check.text);
  if (at === -1) return { ok: false, detail: `${label}: not found (file has ${countLines(content)} lines)` };
  return { ok: true, detail: `${label}: found on line ${lineAt(content, at)}` };
}
