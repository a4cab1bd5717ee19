// jsonValid: holds when a file parses as JSON.
import { readOrNull } from '../readOrNull';
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Passes when the file exists and its whole text (up to the read limit) is valid JSON. */
export async function jsonValid(check: CheckOf<'jsonValid'>, context: CheckContext): Promise<CheckResult> {
  const label = checkLabel(check);
  const content = await readOrNull(context.workspace, check.path, context.limits.maxReadBytes);
  if (content === null) return { ok: false, detail: `${label}: the file does not exist` };
  try {
    return { ok: true, detail: `${label}: valid JSON (${shapeOf(JSON.parse(content))})` };
  } catch (error) {
    return { ok: false, detail: `${label}: invalid JSON: ${(error as Error).message}` };
  }
}

function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object with ${Object.keys(value).length} keys`;
  return `a ${typeof value}`;
}
