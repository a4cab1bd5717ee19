// The benchmark: every task of the chosen set(s) in each arm (split, fused, fused-serial, auto), against
// the scripted endpoint (the real prompts through the real openai client) or a real one; then the report
// on each latency profile (or, against a real endpoint, on latency as measured), printed, and written as
// JSON, Markdown and an SVG chart.
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { MODEL_ENV } from '../src/cli/envInput';
import { modelsFromEnv } from '../src/cli/modelsFromEnv';
import { readPricesFile } from '../src/cli/pricesFile';
import { ScriptedModelServer } from '../test/support/scriptedModelServer';
import { renderChart } from './benchChart';
import type { BenchOptions } from './benchOptions';
import { BENCH_ARMS, type BenchArm } from './benchArms';
import { buildReport, type BenchReport } from './benchReport';
import { renderMarkdown, renderText } from './benchText';
import { MEASURED } from './runFigures';
import type { RunRecord } from './runRecord';
import { runTask, type ModelSource } from './runTask';
import { ScriptedEndpoint, sessionModel } from './scriptedEndpoint';
import { taskSetsFor, tasksOf, type SetTask } from './taskSets';

/** What the benchmark may touch of its process. */
export interface BenchIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The benchmark could not start (no endpoint configured for --endpoint, an unknown task set). */
export class BenchSetupError extends Error {
  readonly reason = 'benchSetup';
  constructor(message: string) {
    super(message);
    this.name = 'BenchSetupError';
  }
}

/** Runs `work` over `items` with at most `limit` in flight; results in input order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, onDone: (done: number) => void): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Runs every task in each of `arms` (every arm by default) through `source`, `concurrency` runs at a time; records in task, then arm order. */
export function runArms(
  tasks: readonly SetTask[],
  source: ModelSource,
  concurrency: number,
  onProgress: (done: number, total: number) => void = () => undefined,
  arms: readonly BenchArm[] = BENCH_ARMS,
): Promise<RunRecord[]> {
  const jobs = tasks.flatMap((task) => arms.map((arm) => ({ task, arm })));
  return pool(jobs, concurrency, (job) => runTask(job.task, job.arm, source), (done) => onProgress(done, jobs.length));
}

/** The scripted model behind the benchmark: the server on 127.0.0.1 and a model per run; close it after. */
export async function scriptedSource(): Promise<{ readonly source: ModelSource; readonly server: ScriptedModelServer }> {
  const scripted = new ScriptedEndpoint();
  const server = await ScriptedModelServer.start((body) => scripted.reply(body));
  return { source: { model: (key) => sessionModel(server.baseUrl, key), scripted }, server };
}

/** Runs the benchmark with `options`; `command` is the command line recorded in the outputs. */
export async function runBenchmark(options: BenchOptions, io: BenchIo, command: string): Promise<BenchReport> {
  const sets = taskSetsFor(options.set);
  if (!sets) throw new BenchSetupError(`unknown task set "${options.set}"`);
  const tasks = tasksOf(sets, { count: options.tasks, seed: options.seed, faultRate: options.faultRate, lapseRate: options.lapseRate });
  const seed = options.seed ?? sets[0]!.defaults.seed;
  // Read before any run, so a bad price file costs nothing.
  const priced = await readPricesFile(process.cwd(), options.prices);
  if ('error' in priced) throw new BenchSetupError(priced.error);
  let server: ScriptedModelServer | undefined;
  let source: ModelSource;
  if (options.endpoint) {
    const env = options.baseUrl ? { ...io.env, [MODEL_ENV.baseUrl]: options.baseUrl } : io.env;
    const model = modelsFromEnv(env).workerModel;
    if (!model) throw new BenchSetupError('--endpoint needs a model: give its URL (--endpoint URL) or set PLANWRIGHT_BASE_URL, and PLANWRIGHT_MODEL, PLANWRIGHT_API_KEY as the endpoint needs.');
    source = { model: () => model };
  } else {
    ({ source, server } = await scriptedSource());
  }
  try {
    const startedAt = Date.now();
    const every = Math.max(1, Math.round((tasks.length * BENCH_ARMS.length) / 10));
    const runs = await runArms(tasks, source, options.concurrency, (done, total) => {
      if (done % every === 0 || done === total) io.stderr.write(`bench: ${done}/${total} runs (${((Date.now() - startedAt) / 1000).toFixed(0)} s)\n`);
    });
    // Against a real endpoint the latency is measured, so there is nothing to model.
    const report = buildReport(runs, options.endpoint ? [MEASURED] : options.profiles, seed, priced.prices);
    await writeOutputs(options.out, report, runs, command);
    io.stdout.write(renderText(report));
    io.stdout.write(`\nWrote ${path.join(options.out, 'report.json')}, report.md and chart.svg (${command}).\n`);
    return report;
  } finally {
    await server?.close();
  }
}

async function writeOutputs(out: string, report: BenchReport, runs: readonly RunRecord[], command: string): Promise<void> {
  await mkdir(out, { recursive: true });
  const { figures, ...summary } = report;
  // The prefix marks are hashes for the cache model; the JSON keeps each call's figures without them.
  const perRun = runs.map((run) => ({
    ...run,
    calls: run.calls.map(({ prefix: _prefix, ...call }) => call),
    latencyMs: Object.fromEntries(figures.filter((figure) => figure.run === run).map((figure) => [figure.profile, Math.round(figure.latencyMs)])),
  }));
  await writeFile(path.join(out, 'report.json'), `${JSON.stringify({ command, ...summary, runs: perRun }, null, 1)}\n`);
  await writeFile(path.join(out, 'report.md'), `Made by \`${command}\`.\n\n${renderMarkdown(report)}`);
  await writeFile(path.join(out, 'chart.svg'), renderChart(report));
}
