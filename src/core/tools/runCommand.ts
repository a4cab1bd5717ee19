// runCommand: runs a shell command in the workspace. Not idempotent unless the step says so.
import { z } from 'zod';
import { ToolError } from '../errors';
import type { CommandResult } from '../ports';
import { quote } from '../text/quote';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool, type StepFlags, type ToolContext } from './defineTool';
import { guarded } from './toolFailure';

/** The arguments of runCommand: a shell command line, its folder and its timeout. */
export const RunCommandInputSchema = z
  .object({
    command: z.string().min(1),
    cwd: WorkspacePathSchema.optional(),
    timeoutMs: z.number().int().positive().max(3_600_000).optional(),
  })
  .strict();

/** The variable that carries a step's idempotency key to the command. */
export const IDEMPOTENCY_KEY_ENV = 'PLANWRIGHT_IDEMPOTENCY_KEY';

/** The environment a command gets from its step: the idempotency key, identical on every attempt. */
export function commandEnv(context: Pick<ToolContext, 'runId' | 'stepId'>, flags: StepFlags): Record<string, string> {
  return flags.idempotencyKey ? { [IDEMPOTENCY_KEY_ENV]: `${context.runId}:${context.stepId}` } : {};
}

/**
 * Why a finished command counts as a failure, or `undefined` when it does not. Killed → ambiguous
 * (it may have done part of its work); a bad exit code → definite, unless the step's postcondition
 * judges the exit code itself.
 */
function commandFailure(result: CommandResult, flags: StepFlags): { kind: 'definite' | 'ambiguous'; reason: string; why: string } | undefined {
  if (result.cancelled) return { kind: 'ambiguous', reason: 'cancelled', why: 'cancelled while running' };
  if (result.timedOut) return { kind: 'ambiguous', reason: 'timeout', why: `timed out after ${result.durationMs} ms; the process tree was killed` };
  if (result.exitCode === null) return { kind: 'ambiguous', reason: 'killed', why: 'killed by a signal' };
  if (result.exitCode !== 0 && !flags.checksExitCode) return { kind: 'definite', reason: 'exitCode', why: `exited with code ${result.exitCode}` };
  return undefined;
}

/** Runs one command line; the output text is its combined stdout and stderr (tail kept when capped). */
export const runCommandTool = defineTool({
  name: 'runCommand',
  description: 'Run a shell command in the workspace (cwd relative to the root); the output is its combined stdout and stderr (the tail when long).',
  input: RunCommandInputSchema,
  effect: (_input, flags) => (flags.idempotent || flags.idempotencyKey ? 'idempotent' : 'nonIdempotent'),
  commandLine: (input) => input.command,
  writes: () => [],
  settleMethod: (_input, flags) => (flags.idempotencyKey ? 'idempotencyKey' : 'none'),
  preview: async (input) => ({ kind: 'command', command: input.command, cwd: input.cwd ?? '.' }),
  execute: (input, context) => {
    const action = `runCommand ${quote(input.command)}`;
    return guarded(action, context.signal, async () => {
      const result = await context.commands.run(
        {
          command: input.command,
          cwd: input.cwd,
          env: commandEnv(context, context.flags),
          timeoutMs: input.timeoutMs ?? context.limits.commandTimeoutMs,
          maxOutputBytes: context.limits.maxOutputBytes,
        },
        context.signal,
      );
      const failure = commandFailure(result, context.flags);
      if (failure) throw new ToolError(failure.kind, failure.reason, `${action}: ${failure.why}`, result.output);
      return {
        text: result.output,
        details: { exitCode: result.exitCode, truncated: result.truncated, durationMs: result.durationMs, timedOut: result.timedOut },
      };
    });
  },
});
