// Several runs at once on one machine: k = 1, 2, 4 and 8 runs of the v1 tasks' plans started together, each a
// PlanRun over the Node workspace and command runner with fsync'd JSON-lines journal and trace and the
// workspace's write claims, in two layouts. `own folder`: each run in its own copy of its task's fixture (what a
// worktree per run gives). `shared`: the k runs in one workspace folder, each task's fixture in a subfolder of
// it and the plan's paths and commands moved there, so the runs share the folder's claims, `.planwright/` and
// disk. `worktree`: the k tasks' fixtures committed in one git repository (in subfolders, as `shared`), each run
// in a git worktree of its own made by `--worktree`'s code (src/node/runWorktree.ts) when the run starts (counted in
// the run's time), its journal in the repository's `.planwright/runs`; the worktrees are discarded after the round,
// and what making and removing one costs is printed after the table. A `generate` step's reply is the task's scripted worker reply, at once: model latency is left out, so
// the figures are the executor's, the file system's and the commands' (each v1 task runs `node test/run.js`).
// Prints, per layout and k, the median over the rounds of: throughput (runs finished per second of the round's
// wall time) and the p50 of one run's wall time. Then what a step's claim costs (claim and release) with 0 and
// 7 other runs' entries in the claims folder.
// Run: npx tsc -p bench && node out/bench/concurrentRunsBench.js [rounds]
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PlanRun } from '../src/core/executor/planRun';
import type { ValidPlan } from '../src/core/plan/planSchema';
import { validatePlan } from '../src/core/plan/validatePlan';
import type { ChatModel, Logger } from '../src/core/ports';
import { JsonlRecordLog } from '../src/node/jsonlRecordLog';
import { NodeCommandRunner } from '../src/node/nodeCommandRunner';
import { NodeWorkspace } from '../src/node/nodeWorkspace';
import { workspaceClaims } from '../src/node/workspaceClaims';
import { execFileSync } from 'node:child_process';
import { createRunWorktree, type RunWorktree } from '../src/node/runWorktree';
import { discardWorktree } from '../src/node/worktreeEnd';
import { writeFiles } from './fixtureWorkspace';
import { BENCH_CLOCK, BENCH_RUN_OPTIONS } from './runTask';
import type { BenchTask } from './tasks/benchTask';
import { generateTasks } from './tasks/generateTasks';

const RUNS_AT_ONCE = [1, 2, 4, 8];
const QUIET: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** `value` with every path (`path`, `from`, `to`, `cwd`) under `prefix`, and every command run in `prefix`. */
function moved(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((item) => moved(item, prefix));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, item]) => [key, ['path', 'from', 'to', 'cwd'].includes(key) && typeof item === 'string' ? `${prefix}/${item}` : moved(item, prefix)]);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  return typeof object.command === 'string' && object.cwd === undefined ? { ...object, cwd: prefix } : object;
}

/** The task's plan, its steps' paths and commands moved under `prefix` (none: as it is). */
function planOf(task: BenchTask, prefix?: string): ValidPlan {
  const steps = prefix === undefined ? task.plan.steps : task.plan.steps.map((step) => ({ ...step, ...(moved({ args: step.args, postcondition: step.postcondition, precondition: step.precondition, statusCheck: step.statusCheck }, prefix) as object) }));
  const verdict = validatePlan({ ...task.plan, steps: JSON.parse(JSON.stringify(steps)) as unknown });
  if (!verdict.ok) throw new Error(`${task.id}: the moved plan is not valid: ${verdict.problems.map((problem) => problem.message).join('; ')}`);
  return verdict.plan;
}

/** A worker that answers the task's `generate` steps with its scripted replies, in order, at once. */
function scriptedWorker(task: BenchTask): ChatModel {
  let next = 0;
  return {
    chat: async () => ({ content: task.workerReplies[next++] ?? '', toolCalls: [], model: 'scripted', usage: { promptTokens: 0, completionTokens: 0, cachedTokens: 0, estimated: false }, latencyMs: 0 }),
  };
}

/** One run of `task` in the workspace at `root` (its fixture under `prefix` there, when given); resolves to its wall time in ms and whether it succeeded. */
async function oneRun(task: BenchTask, given: string, runId: string, prefix?: string, inWorktree?: (worktree: RunWorktree) => void): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  // In a worktree the steps work there, and the journal stays in the workspace's .planwright/runs.
  const worktree = inWorktree ? await createRunWorktree(given, runId) : undefined;
  if (worktree) inWorktree?.(worktree);
  const root = worktree?.root ?? given;
  const journal = new JsonlRecordLog(path.join(given, '.planwright', 'runs', `${runId}.journal.jsonl`));
  const trace = new JsonlRecordLog(path.join(given, '.planwright', 'runs', `${runId}.trace.jsonl`), false);
  const deps = {
    workspace: new NodeWorkspace(root, [path.join(root, '.planwright')]),
    commands: new NodeCommandRunner(root),
    clock: BENCH_CLOCK,
    journal,
    trace,
    logger: QUIET,
    approvals: { request: async () => 'approved' as const },
    workerModel: scriptedWorker(task),
    claims: workspaceClaims(root),
  };
  try {
    const report = await (await PlanRun.start(planOf(task, prefix), { runId, options: BENCH_RUN_OPTIONS }, deps)).execute(new AbortController().signal);
    return { ms: performance.now() - started, ok: report.status === 'succeeded' };
  } finally {
    await Promise.all([journal.close(), trace.close()]);
  }
}

type Layout = 'own folder' | 'shared' | 'worktree';

/** The ms that making and removing each worktree took, over every round. */
const worktreeCosts = { create: [] as number[], remove: [] as number[] };

/** A git repository in a new folder holding `tasks`' fixtures under r0, r1, …, committed (and `.planwright/` ignored). */
async function committedFixtures(tasks: readonly BenchTask[]): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'planwright-repo-'));
  await Promise.all(tasks.map((task, index) => writeFiles(path.join(root, `r${index}`), task.files)));
  await writeFiles(root, { '.gitignore': '.planwright/\n' });
  const env = { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@localhost', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@localhost' };
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'fixtures']]) execFileSync('git', args, { cwd: root, env });
  return root;
}

/** k runs at once of `tasks` in `layout`; the round's wall time and each run's. */
async function round(tasks: readonly BenchTask[], layout: Layout): Promise<{ wallMs: number; runs: { ms: number; ok: boolean }[] }> {
  const folders: string[] = [];
  const sharedRoot = layout === 'shared' ? await mkdtemp(path.join(tmpdir(), 'planwright-runs-')) : layout === 'worktree' ? await committedFixtures(tasks) : undefined;
  if (sharedRoot) folders.push(sharedRoot);
  const placed = await Promise.all(
    tasks.map(async (task, index) => {
      const root = sharedRoot ?? (await mkdtemp(path.join(tmpdir(), 'planwright-run-')));
      if (!sharedRoot) folders.push(root);
      const prefix = sharedRoot ? `r${index}` : undefined;
      if (layout !== 'worktree') await writeFiles(prefix ? path.join(root, prefix) : root, task.files);
      return { task, root, prefix };
    }),
  );
  const worktrees: RunWorktree[] = [];
  try {
    const started = performance.now();
    const runs = await Promise.all(
      placed.map(({ task, root, prefix }, index) => {
        const made = performance.now();
        const inWorktree = layout === 'worktree' ? (worktree: RunWorktree) => (worktrees.push(worktree), worktreeCosts.create.push(performance.now() - made)) : undefined;
        return oneRun(task, root, `run-${index}`, prefix, inWorktree);
      }),
    );
    const wallMs = performance.now() - started;
    for (const worktree of worktrees) {
      const removing = performance.now();
      await discardWorktree(worktree);
      worktreeCosts.remove.push(performance.now() - removing);
    }
    return { wallMs, runs };
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** What one step's claim and release cost, in µs (median and p95 of `rounds`), with `others` other runs' claims in the folder. */
async function claimCost(rounds: number, others: number): Promise<{ median: number; p95: number }> {
  const root = await mkdtemp(path.join(tmpdir(), 'planwright-claims-'));
  try {
    const claims = workspaceClaims(root);
    const signal = new AbortController().signal;
    for (let index = 0; index < others; index++) await claims.claim({ runId: `other-${index}`, stepId: 'E1', step: '1', paths: [`other/${index}.js`] }, signal);
    const micros: number[] = [];
    for (let index = 0; index < rounds; index++) {
      const started = process.hrtime.bigint();
      const release = await claims.claim({ runId: 'bench', stepId: `E${index}`, step: String(index), paths: ['src/a.js'] }, signal);
      await release();
      micros.push(Number(process.hrtime.bigint() - started) / 1000);
    }
    const sorted = [...micros].sort((a, b) => a - b);
    return { median: median(micros), p95: sorted[Math.floor(sorted.length * 0.95)]! };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 5);
  const tasks = generateTasks({ count: 8, seed: 1, faultRate: 0 });
  console.log(`runs at once, v1 tasks ${tasks[0]!.id}…${tasks.at(-1)!.id}, ${rounds} rounds each (medians over the rounds)`);
  console.log('layout       runs  throughput (runs/s)  p50 of a run  failed');
  for (const layout of ['own folder', 'shared', 'worktree'] as const) {
    for (const k of RUNS_AT_ONCE) {
      const throughputs: number[] = [];
      const p50s: number[] = [];
      let failed = 0;
      for (let index = 0; index < rounds; index++) {
        const { wallMs, runs } = await round(tasks.slice(0, k), layout);
        throughputs.push(k / (wallMs / 1000));
        p50s.push(median(runs.map((run) => run.ms)));
        failed += runs.filter((run) => !run.ok).length;
      }
      console.log(`${layout.padEnd(12)} ${String(k).padStart(4)}  ${median(throughputs).toFixed(2).padStart(19)}  ${`${median(p50s).toFixed(0)} ms`.padStart(12)}  ${String(failed).padStart(6)}`);
    }
  }
  const { create, remove } = worktreeCosts;
  const p95 = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;
  console.log(`making a run's worktree (k at once, ${create.length} in all): median ${median(create).toFixed(0)} ms, p95 ${p95(create).toFixed(0)} ms; removing one: median ${median(remove).toFixed(0)} ms, p95 ${p95(remove).toFixed(0)} ms`);
  for (const others of [0, 7]) {
    const cost = await claimCost(200, others);
    console.log(`a step's claim and release, ${others} other runs' claims: median ${cost.median.toFixed(0)} µs, p95 ${cost.p95.toFixed(0)} µs`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
