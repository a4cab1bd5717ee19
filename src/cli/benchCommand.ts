// `planwright bench [--tasks N] [--profile P|all] [--seed S] [--out DIR] [--concurrency N] [--endpoint]`:
// runs the split-vs-fused benchmark (bench/) and prints its table; the JSON, Markdown and SVG land in
// DIR. By default the model is the scripted one (the real prompts, answered from each task's script);
// --endpoint uses the model configured by PLANWRIGHT_BASE_URL and friends. Exit 0 done, 1 failed, 2 bad input.
import * as nodePath from 'node:path';
import { BENCH_USAGE, parseBenchArgs } from '../../bench/benchOptions';
import { BenchSetupError, runBenchmark } from '../../bench/runBenchmark';
import { messageOf } from '../core/text/textPreview';
import { EXIT, type CliCommand } from './cliIo';

/** The `bench` sub-command. */
export const benchCommand: CliCommand = {
  name: 'bench',
  usage: `${BENCH_USAGE}\n      benchmark split, fused and auto mode on the generated task set; print the table, write JSON, Markdown and SVG (exit 0 done, 1 failed, 2 bad input)`,
  async run(args, io) {
    const parsed = parseBenchArgs(args);
    if ('help' in parsed) {
      io.stdout.write(`Usage: ${BENCH_USAGE}\n`);
      return EXIT.ok;
    }
    if ('error' in parsed) {
      io.stderr.write(`planwright bench: ${parsed.error}\nUsage: ${BENCH_USAGE}\n`);
      return EXIT.badInput;
    }
    const options = { ...parsed.options, out: nodePath.resolve(io.cwd, parsed.options.out) };
    try {
      await runBenchmark(options, io, ['planwright bench', ...args].join(' '));
      return EXIT.ok;
    } catch (error) {
      io.stderr.write(`planwright bench: ${messageOf(error)}\n`);
      return error instanceof BenchSetupError ? EXIT.badInput : EXIT.failed;
    }
  },
};
