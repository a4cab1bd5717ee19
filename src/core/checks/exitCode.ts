// exitCode: holds when the step's own command exited with the expected code.
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Compares the exit code of the step's command; fails when the step ran no command. */
export async function exitCode(check: CheckOf<'exitCode'>, context: CheckContext): Promise<CheckResult> {
  const label = checkLabel(check);
  const result = context.stepResult;
  if (!result) return { ok: false, detail: `${label}: no command result to check (the step ran no command)` };
  if (result.exitCode === null) return { ok: false, detail: `${label}: the command was killed and has no exit code` };
  if (result.exitCode !== check.equals) return { ok: false, detail: `${label}: got ${result.exitCode}` };
  return { ok: true, detail: `${label}: got ${result.exitCode}` };
}
