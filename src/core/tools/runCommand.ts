// runCommand: runs a shell command in the workspace. Not idempotent unless the step says so.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const RunCommandInputSchema = z
  .object({
    command: z.string().min(1),
    cwd: WorkspacePathSchema.optional(),
    timeoutMs: z.number().int().positive().max(3_600_000).optional(),
  })
  .strict();

export const runCommandTool = defineTool({
  name: 'runCommand',
  description: 'Run a shell command in the workspace (cwd relative to the root); the output is the exit code and the combined output.',
  input: RunCommandInputSchema,
  effect: (_input, flags) => (flags.idempotent || flags.idempotencyKey ? 'idempotent' : 'nonIdempotent'),
  writes: () => [],
  settleMethod: (_input, flags) => (flags.idempotencyKey ? 'idempotencyKey' : 'none'),
  execute: async () => { throw new Error('unimplemented'); },
});
