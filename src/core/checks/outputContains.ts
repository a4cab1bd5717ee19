// outputContains: holds when the step's own command printed an exact string.
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Looks for `text` in the combined output of the step's command; fails when the step ran no command. */
export async function outputContains(check: CheckOf<'outputContains'>, context: CheckContext): Promise<CheckResult> {
  const label = checkLabel(check);
  const result = context.stepResult;
  if (!result) return { ok: false, detail: `${label}: no command output to check (the step ran no command)` };
  if (!result.output.includes(check.text)) {
    return { ok: false, detail: `${label}: not found in ${result.output.length} characters of output` };
  }
  return { ok: true, detail: `${label}: found` };
}
