// `npm run bench` — the benchmark's own entry point, a developer tool of this repository (see
// docs/benchmark.md); the shipped CLI holds none of it. Exit 0 done, 1 failed, 2 bad input.
import { BENCH_USAGE, parseBenchArgs } from './benchOptions';
import { BenchSetupError, runBenchmark } from './runBenchmark';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const parsed = parseBenchArgs(args);
  if ('help' in parsed) {
    process.stdout.write(`${BENCH_USAGE}\n`);
    return 0;
  }
  if ('error' in parsed) {
    process.stderr.write(`bench: ${parsed.error}\n${BENCH_USAGE}\n`);
    return 2;
  }
  await runBenchmark(parsed.options, { stdout: process.stdout, stderr: process.stderr, env: process.env }, ['npm run bench', ...(args.length > 0 ? ['--', ...args] : [])].join(' '));
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof BenchSetupError ? 2 : 1;
  },
);
