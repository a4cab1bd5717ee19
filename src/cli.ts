// The headless entry point: `planwright <command> ...` over core and the Node adapters.
// Parses the command line, dispatches to one command module, and turns the result into an exit code.
import { runCli } from './cli/runCli';

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`planwright: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
