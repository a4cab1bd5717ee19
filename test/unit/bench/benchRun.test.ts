// The benchmark on a handful of tasks, against the scripted server through the real openai client:
// every run is counted once per arm, the real planner / re-planner / fused prompts go out, a fault costs
// a re-plan in split and a recovery turn in fused, auto escalates on the rule, the report's counts add
// up and its ratios are computed, and the outputs are written. No assertion reads a timing.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { plannerSystemMessage } from '../../../src/core/planner/plannerPrefix';
import { TOOL_NAMES } from '../../../src/core/tools/toolCatalog';
import { ARM_NAMES, BENCH_ARMS } from '../../../bench/benchArms';
import { DEFAULT_BENCH_OPTIONS, parseBenchArgs } from '../../../bench/benchOptions';
import { buildReport, verdictOf } from '../../../bench/benchReport';
import type { RunRecord } from '../../../bench/runRecord';
import { runArms, runBenchmark, scriptedSource } from '../../../bench/runBenchmark';
import { generateTasks } from '../../../bench/tasks/generateTasks';
import { autoEscalation } from '../../../bench/tasks/scriptedBehaviour';
import type { ScriptedModelServer } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const ALL_TASKS = generateTasks({ ...DEFAULT_BENCH_OPTIONS, count: 60 });
/** A faulted task of each kind, and a clean one that auto escalates on. */
const TASKS = [
  ALL_TASKS.find((task) => task.fault?.kind === 'toolFailure' && !autoEscalation(task))!,
  ALL_TASKS.find((task) => task.fault?.kind === 'failingCheck')!,
  ALL_TASKS.find((task) => !task.fault && task.family === 'runMigration')!,
];

describe('bench run', () => {
  let server: ScriptedModelServer;
  let runs: RunRecord[];

  before(async function () {
    this.timeout(60_000);
    assert.ok(TASKS.every(Boolean), 'the sample tasks exist in the first 60');
    const scripted = await scriptedSource();
    server = scripted.server;
    runs = await runArms(TASKS, scripted.source, 2);
  });

  after(async () => {
    await server?.close();
  });

  it('runs every task once in every arm, and every run reaches the ground truth', () => {
    assert.equal(runs.length, TASKS.length * BENCH_ARMS.length);
    for (const task of TASKS) assert.deepEqual(runs.filter((run) => run.taskId === task.id).map((run) => run.arm), ARM_NAMES);
    assert.deepEqual(runs.filter((run) => !run.completed).map((run) => `${run.taskId}/${run.arm}: ${run.status} ${run.error ?? ''}`), []);
  });

  it('sends the real planner prompt and the fused loop\'s tools through the openai client', () => {
    const bodies = server.requests.map((request) => request.body);
    const planner = bodies.filter((body) => String(body.model).endsWith('::planner'));
    assert.ok(planner.length >= TASKS.length);
    for (const body of planner) assert.equal(body.messages[0].content, plannerSystemMessage().content);
    const fused = bodies.filter((body) => String(body.model).endsWith('::fused'));
    for (const body of fused) assert.deepEqual(body.tools.map((tool: any) => tool.function.name).filter((name: string) => name !== 'make_plan'), TOOL_NAMES);
    // A split run ends with Planwright's own summary: no arm waits for a solver call.
    assert.ok(!bodies.some((body) => String(body.model).endsWith('::solver')));
  });

  it('turns a fault into one revision in split mode (a repair for a tool failure, else a re-plan) and one recovery turn in the fused arms', () => {
    for (const task of TASKS.filter((t) => t.fault)) {
      const of = (arm: string) => runs.find((run) => run.taskId === task.id && run.arm === arm)!;
      assert.equal(of('split').replans, 1, task.id);
      const expected = task.fault!.kind === 'toolFailure' ? 'repairer' : 'replanner';
      assert.deepEqual(of('split').calls.filter((call) => call.role === 'replanner' || call.role === 'repairer').map((call) => call.role), [expected], task.id);
      assert.equal(of('fused').recoveries, 1, task.id);
      assert.equal(of('fused-serial').recoveries, 1, task.id);
    }
    const clean = runs.filter((run) => run.taskId === TASKS[2]!.id);
    assert.ok(clean.every((run) => run.replans === 0 && run.recoveries === 0));
  });

  it('escalates in auto mode exactly where the rule says, and stays fused elsewhere', () => {
    for (const task of TASKS) {
      const auto = runs.find((run) => run.taskId === task.id && run.arm === 'auto')!;
      assert.equal(auto.escalated, autoEscalation(task) !== undefined, task.id);
      assert.equal(auto.calls.some((call) => call.role === 'planner'), auto.escalated, task.id);
    }
  });

  it('counts tokens for every call and the cacheable prefix the fused turns share', () => {
    for (const run of runs) for (const call of run.calls) assert.ok(call.promptTokens > 0 && call.completionTokens > 0 && call.sharedWithAnyEarlier <= call.promptTokens);
    const fused = runs.find((run) => run.arm === 'fused-serial' && run.calls.length > 2)!;
    assert.ok(fused.calls.slice(1).every((call) => call.sharedWithPrevious > 1000), 'each fused turn repeats the system prompt, tools and history');
  });

  it('summarises each arm on each profile with counts that add up and the split/fused ratios', () => {
    const report = buildReport(runs, ['frontier-hosted', 'local-8b'], 1);
    assert.equal(report.tasks, TASKS.length);
    assert.equal(report.faultedTasks, 2);
    assert.equal(report.arms.length, 2 * ARM_NAMES.length);
    for (const arm of report.arms) {
      assert.equal(arm.runs, TASKS.length);
      assert.equal(arm.completionRate, 1);
    }
    const split = report.arms.find((arm) => arm.profile === 'local-8b' && arm.arm === 'split')!;
    const fused = report.arms.find((arm) => arm.profile === 'local-8b' && arm.arm === 'fused')!;
    assert.equal(split.replanRate, 2 / 3);
    assert.equal(fused.recoveryRate, 2 / 3);
    const ratios = report.ratios.find((entry) => entry.profile === 'local-8b' && entry.against === 'fused')!;
    assert.equal(ratios.llmCalls, split.llmCalls.mean / fused.llmCalls.mean);
    assert.equal(ratios.latencyP95, split.latencyMs.p95 / fused.latencyMs.p95);
    assert.equal(report.families.length, new Set(TASKS.map((task) => task.family)).size);
    assert.equal(report.whenToStayFused.length, 2 + 2 * 2);
  });
});

describe('verdictOf', () => {
  it('picks the mode that is faster at p50 and no slower at p95 without completing less', () => {
    assert.equal(verdictOf({ p50: 5, p95: 9, completion: 1 }, { p50: 3, p95: 8, completion: 1 }), 'fused');
    assert.equal(verdictOf({ p50: 3, p95: 8, completion: 1 }, { p50: 5, p95: 9, completion: 1 }), 'split');
    assert.equal(verdictOf({ p50: 5, p95: 7, completion: 1 }, { p50: 3, p95: 8, completion: 1 }), 'either');
    assert.equal(verdictOf({ p50: 5, p95: 9, completion: 1 }, { p50: 3, p95: 8, completion: 0.9 }), 'either');
  });
});

describe('parseBenchArgs', () => {
  it('has defaults for the full set and accepts every flag', () => {
    assert.deepEqual(parseBenchArgs([]), { options: DEFAULT_BENCH_OPTIONS });
    const parsed = parseBenchArgs(['--tasks', '12', '--profile=local-8b', '--seed', '7', '--out', 'x', '--concurrency', '3', '--endpoint']);
    assert.deepEqual(parsed, { options: { ...DEFAULT_BENCH_OPTIONS, tasks: 12, profiles: ['local-8b'], seed: 7, out: 'x', concurrency: 3, endpoint: true } });
  });

  it('names the flag that is wrong', () => {
    assert.deepEqual(parseBenchArgs(['--tasks', 'many']), { error: '--tasks: Invalid input: expected number, received NaN' });
    assert.match((parseBenchArgs(['--profile', 'fast']) as { error: string }).error, /^--profile: /);
    assert.deepEqual(parseBenchArgs(['--verbose']), { error: 'unknown option --verbose' });
    assert.deepEqual(parseBenchArgs(['--seed']), { error: '--seed needs a value' });
  });
});

describe('runBenchmark', () => {
  let out: string;
  before(async () => {
    out = await makeTempDir();
  });
  after(async () => {
    await removeTempDir(out);
  });

  it('prints the table and writes the JSON, Markdown and SVG', async function () {
    this.timeout(60_000);
    const written: string[] = [];
    const io = { stdout: { write: (text: string) => written.push(text) }, stderr: { write: () => undefined }, env: {} };
    const report = await runBenchmark({ ...DEFAULT_BENCH_OPTIONS, tasks: 1, profiles: ['small-hosted'], out }, io, 'planwright bench --tasks 1');
    const json = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
    assert.equal(json.command, 'planwright bench --tasks 1');
    assert.equal(json.runs.length, ARM_NAMES.length);
    assert.deepEqual(Object.keys(json.runs[0].latencyMs), ['small-hosted']);
    assert.equal(report.arms.length, ARM_NAMES.length);
    assert.match(await readFile(path.join(out, 'chart.svg'), 'utf8'), /^<svg [^>]*>[\s\S]*polyline[\s\S]*<\/svg>\n$/);
    assert.match(await readFile(path.join(out, 'report.md'), 'utf8'), /\| arm \| done \| LLM calls \|/);
    const text = written.join('');
    assert.match(text, /Profile small-hosted: TTFT 250-600 ms, prefill 15000-25000 tok\/s, decode 100-200 tok\/s/);
    assert.match(text, /split\/fused: LLM calls \d/);
    assert.match(text, /When to stay fused:/);
  });
});
