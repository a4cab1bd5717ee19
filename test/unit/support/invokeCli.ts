// Runs one `planwright` sub-command in process with captured output, as the CLI tests drive it.
import type { CliCommand, CliIo } from '../../../src/cli/cliIo';

/** What a command printed and the exit code it returned. */
export interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` with `args` in `cwd`, the environment `env` (empty unless given) and captured stdout and stderr. */
export async function invoke(command: CliCommand, args: string[], cwd: string, env: CliIo['env'] = {}): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env, cwd };
  const code = await command.run(args, io);
  return { code, stdout, stderr };
}
