// fileMatches: holds when a file's text matches a regular expression (multiline: ^ and $ per line).
import { readOrNull } from '../readOrNull';
import { countLines, lineAt } from '../text/textLines';
import { quote } from '../text/quote';
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Passes when the file exists and `pattern` matches somewhere in it; read whole, up to the read limit. */
export async function fileMatches(check: CheckOf<'fileMatches'>, context: CheckContext): Promise<CheckResult> {
  const label = checkLabel(check);
  const content = await readOrNull(context.workspace, check.path, context.limits.maxReadBytes);
  if (content === null) return { ok: false, detail: `${label}: no match (the file does not exist)` };
  const match = new RegExp(check.pattern, 'm').exec(content);
  if (!match) return { ok: false, detail: `${label}: no match (file has ${countLines(content)} lines)` };
  return { ok: true, detail: `${label}: matched ${quote(match[0], 60)} on line ${lineAt(content, match.index)}` };
}
