// The CLI run in this process through runCli, with what it writes captured: for tests that read its exit code and
// output without starting a process.
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';

/** What one CLI run ended with. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `planwright <args>` in `cwd` with no environment, capturing stdout and stderr. */
export async function cliInProcess(args: string[], cwd: string): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {}, cwd };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
