// What the executor costs and how well it packs work: generated DAGs (chains, wide fan-outs, random
// layered DAGs) of runCommand steps over a fake CommandRunner whose commands take a known time on real
// timers. Prints the executor's overhead per step (no-op commands, journal and trace in memory, then on
// disk with fsync), the makespan of eight independent sleeps at maxParallel 8 against one sleep, and,
// with commands of 5–20 ms at maxParallel 4, the makespan against the critical path and against the
// best any 4-wide schedule could do; and the overhead per step of a 10,000-step chain and fan-out. Run: npx tsc -p bench && node out/bench/executorBench.js
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { PlanRun, type RunDeps } from '../src/core/executor/planRun';
import { DEFAULT_RUN_OPTIONS } from '../src/core/run/runOptions';
import { dependenciesOf } from '../src/core/plan/planGraph';
import type { ValidPlan } from '../src/core/plan/planSchema';
import { validatePlan } from '../src/core/plan/validatePlan';
import type { CommandResult, CommandRunner, RecordLog, Workspace } from '../src/core/ports';
import { JsonlRecordLog } from '../src/node/jsonlRecordLog';
import { nodeClock } from '../src/node/nodeClock';
import { NodeCommandRunner } from '../src/node/nodeCommandRunner';

/** One generated step: its id, what it waits for, and how long its command takes. */
interface NodeSpec {
  readonly id: string;
  readonly dependsOn: readonly string[];
  readonly ms: number;
}

/** A seeded generator of whole numbers below `below` (mulberry32), so every run measures the same DAGs. */
function seeded(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/** E1 → E2 → … → En. */
function chain(n: number, ms: () => number): NodeSpec[] {
  return Array.from({ length: n }, (_, i) => ({ id: `E${i + 1}`, dependsOn: i === 0 ? [] : [`E${i}`], ms: ms() }));
}

/** One root, n − 2 independent steps after it, and one step that joins them all. */
function fanOut(n: number, ms: () => number): NodeSpec[] {
  const root = { id: 'E1', dependsOn: [], ms: ms() };
  const middle = Array.from({ length: n - 2 }, (_, i) => ({ id: `E${i + 2}`, dependsOn: ['E1'], ms: ms() }));
  return [root, ...middle, { id: `E${n}`, dependsOn: middle.map((step) => step.id), ms: ms() }];
}

/** Layers of about `width` steps; each step waits for one to three steps of the layer before it. */
function layered(n: number, width: number, ms: () => number, seed = 7): NodeSpec[] {
  const random = seeded(seed);
  const steps: NodeSpec[] = [];
  let previous: string[] = [];
  while (steps.length < n) {
    const size = Math.min(n - steps.length, 1 + random(width * 2 - 1));
    const layer: string[] = [];
    for (let k = 0; k < size; k++) {
      const id = `E${steps.length + 1}`;
      const picks = previous.length === 0 ? [] : [...new Set(Array.from({ length: 1 + random(3) }, () => previous[random(previous.length)]))];
      steps.push({ id, dependsOn: picks, ms: ms() });
      layer.push(id);
    }
    previous = layer;
  }
  return steps;
}

function planOf(specs: readonly NodeSpec[], command: (spec: NodeSpec) => string = (spec) => `work ${spec.ms}`): ValidPlan {
  const verdict = validatePlan({
    version: 1,
    goal: 'benchmark',
    steps: specs.map((spec) => ({
      id: spec.id,
      title: spec.id,
      tool: 'runCommand',
      args: { command: command(spec) },
      dependsOn: [...spec.dependsOn],
      idempotent: true,
      postcondition: { kind: 'exitCode', equals: 0 },
    })),
  });
  if (!verdict.ok) throw new Error(`generated plan is invalid: ${verdict.problems[0].message}`);
  return verdict.plan;
}

/** The longest path through the DAG, summing command durations. */
function criticalPathMs(plan: ValidPlan, specs: readonly NodeSpec[]): number {
  const ms = new Map(specs.map((spec) => [spec.id, spec.ms]));
  const finish = new Map<string, number>();
  for (const step of plan.steps) {
    const start = Math.max(0, ...dependenciesOf(step, plan).map((id) => finish.get(id)!));
    finish.set(step.id, start + ms.get(step.id)!);
  }
  return Math.max(...finish.values());
}

/** `work <ms>` takes that long on a real timer (0: returns at once) and exits 0. */
const workRunner: CommandRunner = {
  async run(request): Promise<CommandResult> {
    const ms = Number(request.command.slice('work '.length));
    if (ms > 0) await delay(ms);
    return { exitCode: 0, output: '', truncated: false, timedOut: false, cancelled: false, durationMs: ms };
  },
};

class MemoryLog implements RecordLog {
  private readonly records: unknown[] = [];
  async append(record: unknown): Promise<void> {
    this.records.push(record);
  }
  async flush(): Promise<void> {}
  async readAll(): Promise<readonly unknown[]> {
    return this.records;
  }
}

/** runCommand steps touch no file: the workspace is never used. */
const noWorkspace = new Proxy({} as Workspace, {
  get: () => () => Promise.reject(new Error('the benchmark workspace has no files')),
});

async function runOnce(
  plan: ValidPlan,
  logs: { journal: RecordLog; trace: RecordLog },
  maxParallel: number,
  commands: CommandRunner = workRunner,
): Promise<{ wallMs: number; cpuMs: number }> {
  const deps: RunDeps = {
    workspace: noWorkspace,
    commands,
    clock: nodeClock,
    journal: logs.journal,
    trace: logs.trace,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    approvals: { request: async () => 'approved' },
  };
  const options = { ...DEFAULT_RUN_OPTIONS, maxParallel, approval: { autoApprove: 'all' as const, approvedCommands: [] } };
  const cpu = process.cpuUsage();
  const start = performance.now();
  const run = await PlanRun.start(plan, { runId: 'bench', options }, deps);
  const report = await run.execute(new AbortController().signal);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (report.status !== 'succeeded') throw new Error(`benchmark run ended ${report.status}: ${report.reason}`);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const memoryLogs = () => ({ journal: new MemoryLog(), trace: new MemoryLog() });
const pad = (text: string | number, width: number) => String(text).padStart(width);

async function overhead(): Promise<void> {
  console.log('Executor overhead per step, journal and trace in memory (no-op commands, maxParallel 4; best of 3 runs)');
  console.log(`${'DAG'.padEnd(22)}${pad('steps', 6)}${pad('µs/step wall', 14)}${pad('µs/step CPU', 13)}`);
  const zero = () => 0;
  const shapes: [string, (n: number) => NodeSpec[]][] = [
    ['chain', (n) => chain(n, zero)],
    ['fan-out', (n) => fanOut(n, zero)],
    ['layered (width 8)', (n) => layered(n, 8, zero)],
  ];
  for (const [name, make] of shapes) {
    for (const n of [50, 200, 1000]) {
      const plan = planOf(make(n));
      await runOnce(plan, memoryLogs(), 4);
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await runOnce(plan, memoryLogs(), 4));
      const best = runs.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b));
      console.log(`${name.padEnd(22)}${pad(n, 6)}${pad(((best.wallMs * 1000) / n).toFixed(0), 14)}${pad(((best.cpuMs * 1000) / n).toFixed(0), 13)}`);
    }
  }
}

/** Overhead per step at the plan format's limit, one run each: whether a run stays linear in its length. */
async function overheadAtScale(): Promise<void> {
  console.log('');
  console.log('Executor overhead per step at 10,000 steps, journal and trace in memory (no-op commands, maxParallel 4; one run)');
  console.log(`${'DAG'.padEnd(22)}${pad('steps', 6)}${pad('µs/step wall', 14)}${pad('µs/step CPU', 13)}`);
  const zero = () => 0;
  for (const [name, specs] of [['chain', chain(10_000, zero)], ['fan-out', fanOut(10_000, zero)]] as const) {
    const run = await runOnce(planOf(specs), memoryLogs(), 4);
    console.log(`${name.padEnd(22)}${pad(specs.length, 6)}${pad(((run.wallMs * 1000) / specs.length).toFixed(0), 14)}${pad(((run.cpuMs * 1000) / specs.length).toFixed(0), 13)}`);
  }
}

/** The median of `values`. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A fresh journal (fsync'd) and trace (written, not synced) in `dir`, as the CLI opens them. */
function diskLogs(dir: string, name: string): { journal: JsonlRecordLog; trace: JsonlRecordLog } {
  return { journal: new JsonlRecordLog(path.join(dir, `${name}.journal.jsonl`)), trace: new JsonlRecordLog(path.join(dir, `${name}.trace.jsonl`), false) };
}

/** Runs `plan` `times` times on fresh files in a scratch folder; the medians of wall and CPU time. */
async function onDisk(plan: ValidPlan, maxParallel: number, times: number, commands: CommandRunner = workRunner): Promise<{ wallMs: number; cpuMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'planwright-bench-'));
  try {
    const runs = [];
    for (let i = 0; i < times; i++) {
      const logs = diskLogs(dir, String(i));
      runs.push(await runOnce(plan, logs, maxParallel, commands));
      await Promise.all([logs.journal.close(), logs.trace.close()]);
    }
    return { wallMs: median(runs.map((run) => run.wallMs)), cpuMs: median(runs.map((run) => run.cpuMs)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function overheadOnDisk(): Promise<void> {
  const times = 5;
  console.log('');
  console.log(`Executor overhead per step, journal fsync'd on disk (no-op commands; median of ${times} runs)`);
  console.log(`${'DAG'.padEnd(22)}${pad('steps', 6)}${pad('parallel', 9)}${pad('µs/step wall', 14)}${pad('µs/step CPU', 13)}`);
  const zero = () => 0;
  const cases: [string, NodeSpec[], number][] = [
    ['chain', chain(50, zero), 4],
    ['layered (width 8)', layered(50, 8, zero), 4],
    ['layered (width 8)', layered(200, 8, zero), 4],
    ['layered (width 8)', layered(200, 8, zero), 8],
    ['fan-out', fanOut(200, zero), 8],
  ];
  for (const [name, specs, maxParallel] of cases) {
    const { wallMs, cpuMs } = await onDisk(planOf(specs), maxParallel, times);
    const n = specs.length;
    console.log(`${name.padEnd(22)}${pad(n, 6)}${pad(maxParallel, 9)}${pad(((wallMs * 1000) / n).toFixed(0), 14)}${pad(((cpuMs * 1000) / n).toFixed(0), 13)}`);
  }
}

/** Eight independent steps of `ms` each at maxParallel 8: the makespan against the one step's length. */
async function parallelSleeps(): Promise<void> {
  const times = 5;
  const ms = 500;
  console.log('');
  console.log(`Eight independent ${ms} ms steps at maxParallel 8, journal fsync'd on disk (median of ${times} runs)`);
  console.log(`${'commands'.padEnd(34)}${pad('makespan ms', 12)}${pad('÷ longest', 11)}`);
  const specs = Array.from({ length: 8 }, (_, i): NodeSpec => ({ id: `E${i + 1}`, dependsOn: [], ms }));
  const dir = mkdtempSync(path.join(tmpdir(), 'planwright-sleep-'));
  try {
    const cases: [string, ValidPlan, CommandRunner][] = [
      ['timers in process', planOf(specs), workRunner],
      [`\`sleep ${ms / 1000}\` child processes`, planOf(specs, () => `sleep ${ms / 1000}`), new NodeCommandRunner(dir)],
    ];
    for (const [name, plan, commands] of cases) {
      const { wallMs } = await onDisk(plan, 8, times, commands);
      console.log(`${name.padEnd(34)}${pad(wallMs.toFixed(0), 12)}${pad((wallMs / ms).toFixed(2), 11)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function makespan(): Promise<void> {
  console.log('');
  console.log('Makespan at maxParallel 4, commands of 5–20 ms (seeded), journal in memory');
  console.log(
    `${'DAG'.padEnd(22)}${pad('steps', 6)}${pad('work ms', 9)}${pad('crit. path', 11)}${pad('best(4)', 9)}${pad('makespan', 10)}${pad('÷ crit.', 9)}${pad('÷ best', 8)}`,
  );
  /** Command durations of 5–20 ms, the same sequence for every shape. */
  const ms = () => {
    const random = seeded(42);
    return () => 5 + random(16);
  };
  const shapes: [string, NodeSpec[]][] = [
    ['chain', chain(100, ms())],
    ['fan-out', fanOut(200, ms())],
    ['layered (width 3)', layered(200, 3, ms(), 11)],
    ['layered (width 8)', layered(200, 8, ms(), 7)],
    ['layered (width 8)', layered(1000, 8, ms(), 13)],
  ];
  for (const [name, specs] of shapes) {
    const plan = planOf(specs);
    const work = specs.reduce((sum, spec) => sum + spec.ms, 0);
    const critical = criticalPathMs(plan, specs);
    const best = Math.max(critical, work / 4);
    const { wallMs } = await runOnce(plan, memoryLogs(), 4);
    console.log(
      `${name.padEnd(22)}${pad(specs.length, 6)}${pad(work, 9)}${pad(critical, 11)}${pad(best.toFixed(0), 9)}${pad(wallMs.toFixed(0), 10)}${pad((wallMs / critical).toFixed(2), 9)}${pad((wallMs / best).toFixed(2), 8)}`,
    );
  }
  console.log('best(4) = max(critical path, total work / 4): no 4-wide schedule can finish sooner.');
}

async function main(): Promise<void> {
  await overhead();
  await overheadAtScale();
  await overheadOnDisk();
  await parallelSleeps();
  await makespan();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
