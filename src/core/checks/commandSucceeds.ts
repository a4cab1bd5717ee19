// commandSucceeds: holds when a shell command exits with code 0 within its timeout.
import { tail } from '../text/shorten';
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** How much of the command's output a failed detail quotes. */
const QUOTED_OUTPUT_CHARS = 400;

/** Runs the command through the CommandRunner (timeout: the check's, else the host's) and passes on exit code 0. */
export async function commandSucceeds(check: CheckOf<'commandSucceeds'>, context: CheckContext): Promise<CheckResult> {
  const label = checkLabel(check);
  const timeoutMs = check.timeoutMs ?? context.limits.commandTimeoutMs;
  const result = await context.commands.run(
    { command: check.command, cwd: check.cwd, timeoutMs, maxOutputBytes: context.limits.maxOutputBytes },
    context.signal,
  );
  context.signal.throwIfAborted();
  const output = result.output.trim();
  const evidence = output.length > 0 ? `; output ends: ${JSON.stringify(tail(output, QUOTED_OUTPUT_CHARS))}` : '; no output';
  if (result.timedOut) return { ok: false, detail: `${label}: timed out after ${timeoutMs} ms${evidence}` };
  if (result.exitCode === null) return { ok: false, detail: `${label}: killed before it exited${evidence}` };
  if (result.exitCode !== 0) return { ok: false, detail: `${label}: exit code ${result.exitCode}, expected 0${evidence}` };
  return { ok: true, detail: `${label}: exit code 0 in ${result.durationMs} ms` };
}
