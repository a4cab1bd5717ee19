// What a lapse costs each arm: two report.json files of the same tasks, one made with lapses and one without
// (`--lapse-rate 0`), paired by task and arm on the tasks that lapsed; prints, per arm, the mean model calls,
// tokens and modelled latency of those runs without and with the lapse. Usage:
//   node out/bench/lapseCost.js <without>/report.json <with>/report.json
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const RunSchema = z.object({
  set: z.string(),
  taskId: z.string(),
  arm: z.string(),
  lapsed: z.boolean().default(false),
  completed: z.boolean(),
  calls: z.array(z.object({ promptTokens: z.number(), completionTokens: z.number() })),
  latencyMs: z.record(z.string(), z.number()),
});
type Run = z.infer<typeof RunSchema>;

const ReportSchema = z.object({ runs: z.array(RunSchema) });

function readRuns(file: string): Run[] {
  return ReportSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).runs;
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
const tokens = (run: Run): number => run.calls.reduce((sum, call) => sum + call.promptTokens + call.completionTokens, 0);
const key = (run: Run): string => `${run.set}/${run.taskId}/${run.arm}`;

/** One line per arm and profile: the lapsed tasks' runs without and with the lapse. */
export function lapseCostLines(without: readonly Run[], withLapse: readonly Run[]): string[] {
  const before = new Map(without.map((run) => [key(run), run]));
  const pairs = withLapse.filter((run) => run.lapsed && before.has(key(run))).map((run) => ({ after: run, before: before.get(key(run))! }));
  const tasks = new Set(pairs.map((pair) => pair.after.taskId)).size;
  const lines = [`${tasks} lapsed tasks, paired by task and arm (without the lapse → with it):`];
  for (const arm of [...new Set(pairs.map((pair) => pair.after.arm))]) {
    const of = pairs.filter((pair) => pair.after.arm === arm);
    const profiles = Object.keys(of[0]!.after.latencyMs);
    const latency = profiles.map((profile) => `${profile} latency ${(mean(of.map((p) => p.before.latencyMs[profile] ?? 0)) / 1000).toFixed(1)} → ${(mean(of.map((p) => p.after.latencyMs[profile] ?? 0)) / 1000).toFixed(1)} s`);
    lines.push(`- ${arm}: done ${of.filter((p) => p.before.completed).length}/${of.length} → ${of.filter((p) => p.after.completed).length}/${of.length}; model calls ${mean(of.map((p) => p.before.calls.length)).toFixed(1)} → ${mean(of.map((p) => p.after.calls.length)).toFixed(1)}; tokens ${Math.round(mean(of.map((p) => tokens(p.before))))} → ${Math.round(mean(of.map((p) => tokens(p.after))))}; ${latency.join('; ')}`);
  }
  return lines;
}

if (require.main === module) {
  const [without, withLapse] = process.argv.slice(2);
  if (!without || !withLapse) {
    process.stderr.write('usage: node out/bench/lapseCost.js <without lapses>/report.json <with lapses>/report.json\n');
    process.exit(2);
  }
  process.stdout.write(`${lapseCostLines(readRuns(without), readRuns(withLapse)).join('\n')}\n`);
}
