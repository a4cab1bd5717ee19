// Where each arm's tokens go: runs a task set's tasks in the split and fused arms against the scripted
// endpoint, as the benchmark does, keeps every request, and prints the mean billed tokens a run per call
// role and per part of the prompt (promptParts.ts), for every task and for each step-count band.
// Run: npx tsc -p bench && node out/bench/tokenBreakdown.js [--set v2] [--tasks N] [--concurrency N]
import type { ChatModel, ChatRequest } from '../src/core/ports';
import { BENCH_ARMS, type ArmName } from './benchArms';
import { bandOf } from './pairedRatios';
import { promptParts } from './promptParts';
import { runArms, scriptedSource } from './runBenchmark';
import { taskSetsFor, tasksOf } from './taskSets';

/** Tokens of one run, per `role / part`, and its calls per role. */
interface RunTokens {
  readonly arm: ArmName;
  readonly band: string;
  readonly prompt: Map<string, number>;
  readonly completion: Map<string, number>;
  readonly calls: Map<string, number>;
}

const ARMS: readonly ArmName[] = ['split', 'fused'];

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
}

function bump(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Mean a run of every key over `runs`, keys in first-seen order. */
function means(runs: readonly RunTokens[], pick: (run: RunTokens) => Map<string, number>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const run of runs) for (const [key, value] of pick(run)) bump(sums, key, value);
  return new Map([...sums].map(([key, sum]) => [key, sum / runs.length]));
}

const fmt = (value: number) => Math.round(value).toLocaleString('en-US');

function table(title: string, runs: readonly RunTokens[]): string {
  const lines = [`### ${title}`, ''];
  for (const arm of ARMS) {
    const ofArm = runs.filter((run) => run.arm === arm);
    if (ofArm.length === 0) continue;
    const prompt = means(ofArm, (run) => run.prompt);
    const completion = means(ofArm, (run) => run.completion);
    const calls = means(ofArm, (run) => run.calls);
    const promptTotal = [...prompt.values()].reduce((a, b) => a + b, 0);
    const completionTotal = [...completion.values()].reduce((a, b) => a + b, 0);
    lines.push(`${arm} (${ofArm.length} runs): ${fmt(promptTotal)} prompt + ${fmt(completionTotal)} completion = ${fmt(promptTotal + completionTotal)} a run`, '');
    lines.push('| role | calls | part | prompt tokens a run | share of the run |', '|---|---|---|---|---|');
    for (const [key, value] of [...prompt].sort((a, b) => b[1] - a[1])) {
      const [role, part] = key.split(' / ') as [string, string];
      lines.push(`| ${role} | ${calls.get(role)!.toFixed(1)} | ${part} | ${fmt(value)} | ${((value / (promptTotal + completionTotal)) * 100).toFixed(1)}% |`);
    }
    for (const [role, value] of completion) lines.push(`| ${role} | ${calls.get(role)!.toFixed(1)} | (completion) | ${fmt(value)} | ${((value / (promptTotal + completionTotal)) * 100).toFixed(1)}% |`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const sets = taskSetsFor(flag('set') ?? 'v2');
  if (!sets) throw new Error(`unknown task set "${flag('set')}"`);
  const count = flag('tasks');
  const tasks = tasksOf(sets, { count: count === undefined ? undefined : Number(count) });
  const requests = new Map<string, ChatRequest[]>();
  const { source, server } = await scriptedSource();
  const keeping = {
    scripted: source.scripted,
    model(key: string): ChatModel {
      const inner = source.model(key);
      const kept: ChatRequest[] = [];
      requests.set(key, kept);
      return { chat: (request, ...rest) => (kept.push(request), inner.chat(request, ...rest)) };
    },
  };
  try {
    const arms = BENCH_ARMS.filter((arm) => ARMS.includes(arm.name));
    const records = await runArms(tasks, keeping, Number(flag('concurrency') ?? 2), (done, total) => process.stderr.write(`\r${done}/${total} runs`), arms);
    process.stderr.write('\n');
    const runs = records.map((record): RunTokens => {
      const run: RunTokens = { arm: record.arm, band: bandOf(record.planSteps), prompt: new Map(), completion: new Map(), calls: new Map() };
      const sent = requests.get(`${record.set}/${record.taskId}/${record.arm}`) ?? [];
      for (const request of sent) {
        bump(run.calls, request.role, 1);
        for (const [part, tokens] of promptParts(request)) bump(run.prompt, `${request.role} / ${part}`, tokens);
      }
      for (const call of record.calls) bump(run.completion, call.role, call.completionTokens);
      const billed = record.calls.reduce((sum, call) => sum + call.promptTokens, 0);
      const counted = [...run.prompt.values()].reduce((a, b) => a + b, 0);
      if (billed !== counted) process.stderr.write(`${record.taskId} ${record.arm}: parts add up to ${counted}, billed ${billed}\n`);
      return run;
    });
    const failed = records.filter((record) => !record.completed).map((record) => `${record.taskId}/${record.arm}`);
    const bands = [...new Set(runs.map((run) => run.band))].sort();
    console.log([table(`all ${tasks.length} tasks`, runs), ...bands.map((band) => table(`${band} steps`, runs.filter((run) => run.band === band)))].join('\n'));
    if (failed.length > 0) console.log(`Not completed: ${failed.join(', ')}`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
