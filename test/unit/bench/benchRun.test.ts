// The benchmark on a handful of tasks, against the scripted server through the real openai client:
// every run is counted once per arm, the real planner / re-planner / fused prompts go out, a fault costs
// a re-plan in split and a recovery turn in fused, auto picks its design from the goal, the report's counts add
// up and its ratios are computed, and the outputs are written; every byte sent is billed; --endpoint
// runs against any OpenAI-compatible server and reports latency as measured. No assertion reads a timing.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { plannerSystemMessage } from '../../../src/core/planner/plannerPrefix';
import { TOOL_NAMES } from '../../../src/core/tools/toolCatalog';
import { ARM_NAMES, BENCH_ARMS } from '../../../bench/benchArms';
import { countTokens } from 'gpt-tokenizer';
import { DEFAULT_BENCH_OPTIONS, parseBenchArgs } from '../../../bench/benchOptions';
import { buildReport, verdictOf } from '../../../bench/benchReport';
import type { RunRecord } from '../../../bench/runRecord';
import { runArms, runBenchmark, scriptedSource } from '../../../bench/runBenchmark';
import { DEFAULT_TASK_SET, generateTasks } from '../../../bench/tasks/generateTasks';
import { autoEscalation } from '../../../bench/tasks/scriptedBehaviour';
import { chooseDesign } from '../../../src/core/fused/designChoice';
import { billedPromptTokens, sharedPrefixTokens } from '../../../bench/wireBilling';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { budgetMs } from '../../../scripts/testing/timeBudget';

const ALL_TASKS = generateTasks({ ...DEFAULT_TASK_SET, count: 60 });
/** A faulted task of each kind, a clean one that auto escalates on, and one whose model first leaves a step out. */
const TASKS = [
  ALL_TASKS.find((task) => task.fault?.kind === 'toolFailure' && !autoEscalation(task))!,
  ALL_TASKS.find((task) => task.fault?.kind === 'failingCheck')!,
  ALL_TASKS.find((task) => !task.fault && !task.lapse && task.family === 'runMigration')!,
  ALL_TASKS.find((task) => task.lapse)!,
];

describe('bench run', () => {
  let server: ScriptedModelServer;
  let runs: RunRecord[];

  before(async function () {
    this.timeout(budgetMs(60_000));
    assert.ok(TASKS.every(Boolean), 'the sample tasks exist in the first 60');
    const scripted = await scriptedSource();
    server = scripted.server;
    runs = await runArms(TASKS.map((task) => ({ set: 'v1', task })), scripted.source, 2);
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
    for (const body of fused) assert.deepEqual(body.tools.map((tool: any) => tool.function.name).filter((name: string) => name !== 'make_plan'), TOOL_NAMES.filter((name) => name !== 'subplan'));
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
    assert.ok(clean.every((run) => run.replans === 0 && run.recoveries === 0 && run.unmetAtEnd === 0));
  });

  it('turns a lapse into one failing acceptance check at the end in every arm: split re-plans once and adds the step, the fused agent is told and makes the call', () => {
    const task = TASKS[3]!;
    const of = (arm: string) => runs.find((run) => run.taskId === task.id && run.arm === arm)!;
    for (const arm of ARM_NAMES) {
      assert.equal(of(arm).lapsed, true, arm);
      assert.equal(of(arm).unmetAtEnd, 1, arm);
      assert.equal(of(arm).completed, true, arm);
    }
    assert.equal(of('split').replans, 1);
    assert.deepEqual(of('split').calls.filter((call) => call.role === 'replanner' || call.role === 'repairer').map((call) => call.role), ['replanner']);
    const fusedAnswers = server.requests.filter((request) => request.body.model === `v1/${task.id}/fused::fused`);
    assert.ok(fusedAnswers.some((request) => JSON.stringify(request.body.messages).includes('Not done yet')), 'the fused agent is told which check fails');
    assert.ok(runs.filter((run) => run.taskId !== task.id).every((run) => !run.lapsed));
  });

  it('picks the design up front in auto mode by the goal alone: these goals ask for changes, so they are planned and never escalate', () => {
    for (const task of TASKS) {
      const auto = runs.find((run) => run.taskId === task.id && run.arm === 'auto')!;
      assert.equal(auto.design, chooseDesign(task.goal, { fileCount: 0 }).design, task.id);
      assert.equal(auto.design, 'split', task.id);
      assert.equal(auto.escalated, false, task.id);
      assert.deepEqual(auto.calls.filter((call) => call.role === 'planner' || call.role === 'fused').map((call) => call.role), ['planner'], task.id);
    }
  });

  it('bills every byte the server received as the endpoint\'s usage; the planner writes plan lines, so it sends no response schema', () => {
    for (const run of runs) for (const call of run.calls) assert.ok(call.promptTokens > 0 && call.completionTokens > 0 && !call.estimated && call.prefix.at(-1)!.tokens < call.promptTokens);
    for (const run of runs.filter((r) => r.arm === 'split')) {
      const body = server.requests.map((request) => request.body).find((b) => b.model === `v1/${run.taskId}/split::planner`);
      const call = run.calls.find((c) => c.role === 'planner')!;
      assert.equal(call.promptTokens, billedPromptTokens(body));
      assert.equal(body.response_format, undefined);
    }
  });

  it('bills a response schema as part of the prompt', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'plan' }] };
    const schema = { type: 'json_schema', json_schema: { name: 'plan', schema: { type: 'object', properties: { steps: { type: 'array' } } } } };
    assert.equal(billedPromptTokens({ ...body, response_format: schema }) - billedPromptTokens(body), countTokens(JSON.stringify(schema)));
  });

  it('marks the cacheable prefix each fused turn shares with the one before', () => {
    const fused = runs.find((run) => run.arm === 'fused-serial' && run.calls.length > 2)!;
    fused.calls.slice(1).forEach((call, index) => assert.ok(sharedPrefixTokens(call.prefix, fused.calls[index]!.prefix) > 1000, 'each fused turn repeats the system prompt, tools and history'));
  });

  it('summarises each arm on each profile with counts that add up and the split/fused ratios', () => {
    const report = buildReport(runs, ['frontier-hosted', 'local-8b'], 1);
    assert.equal(report.tasks, TASKS.length);
    assert.equal(report.faultedTasks, 2);
    assert.equal(report.lapsedTasks, 1);
    assert.equal(report.arms.length, 2 * ARM_NAMES.length);
    for (const arm of report.arms) {
      assert.equal(arm.runs, TASKS.length);
      assert.equal(arm.completionRate, 1);
    }
    const split = report.arms.find((arm) => arm.profile === 'local-8b' && arm.arm === 'split')!;
    const fused = report.arms.find((arm) => arm.profile === 'local-8b' && arm.arm === 'fused')!;
    assert.equal(split.replanRate, 3 / 4);
    assert.equal(fused.recoveryRate, 2 / 4);
    assert.equal(split.unmetAtEndRate, 1 / 4);
    assert.equal(fused.unmetAtEndRate, 1 / 4);
    const ratios = report.ratios.find((entry) => entry.profile === 'local-8b' && entry.against === 'fused')!;
    assert.equal(ratios.llmCalls, split.llmCalls.mean / fused.llmCalls.mean);
    assert.equal(ratios.latencyP95, split.latencyMs.p95 / fused.latencyMs.p95);
    assert.equal(report.families.length, new Set(TASKS.map((task) => task.family)).size);
    assert.equal(report.whenToStayFused.length, 2 + 2 * 2);
    const all = report.paired.find((entry) => entry.profile === 'local-8b' && entry.kind === 'all' && entry.against === 'fused')!;
    assert.equal(all.tasks, TASKS.length);
    assert.ok(all.latencyP50.low <= all.latencyP50.value && all.latencyP50.value <= all.latencyP50.high);
    assert.deepEqual(new Set(report.paired.filter((entry) => entry.kind === 'family').map((entry) => entry.group)), new Set(TASKS.map((task) => task.family)));
    assert.equal(report.splitLoses.length, 2);
    assert.match(report.splitLoses[0]!, /^frontier-hosted, split vs fused: loses on both tokens and p99 in \d+\/\d+/);
    assert.equal(report.cost, undefined, 'no prices, no cost');
  });

  it('adds the cost per phase of each arm when prices are given, the phases adding up to the total', () => {
    const report = buildReport(runs, ['frontier-hosted'], 1, { 'frontier-hosted': { input: 3, cachedInput: 0.3, output: 15 } });
    assert.equal(report.cost?.length, ARM_NAMES.length);
    for (const cost of report.cost!) {
      assert.ok(cost.meanUsd.total > 0, `${cost.arm} costs something`);
      const phases = cost.meanUsd.plan + cost.meanUsd.execute + cost.meanUsd.replan + cost.meanUsd.solve;
      assert.ok(Math.abs(phases - cost.meanUsd.total) < 1e-9, `${cost.arm}: the phases add up`);
      assert.equal(cost.unpricedCalls, 0);
    }
    assert.ok(report.cost!.find((cost) => cost.arm === 'split')!.meanUsd.plan > 0);
    assert.equal(report.cost!.find((cost) => cost.arm === 'fused')!.meanUsd.plan, 0);
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
  it('has defaults for the full v1 set and accepts every flag', () => {
    assert.deepEqual(parseBenchArgs([]), { options: DEFAULT_BENCH_OPTIONS });
    assert.equal(DEFAULT_BENCH_OPTIONS.set, 'v1');
    const parsed = parseBenchArgs(['--set', 'all', '--tasks', '12', '--profile=local-8b', '--seed', '7', '--out', 'x', '--concurrency', '3', '--endpoint', '--prices', 'prices.json', '--fault-rate', '0.2', '--lapse-rate', '0.5']);
    assert.deepEqual(parsed, { options: { ...DEFAULT_BENCH_OPTIONS, set: 'all', tasks: 12, profiles: ['local-8b'], seed: 7, out: 'x', concurrency: 3, endpoint: true, prices: 'prices.json', faultRate: 0.2, lapseRate: 0.5 } });
  });

  it('takes an optional URL after --endpoint', () => {
    assert.deepEqual(parseBenchArgs(['--endpoint', 'http://127.0.0.1:9/v1', '--tasks', '2']), { options: { ...DEFAULT_BENCH_OPTIONS, endpoint: true, baseUrl: 'http://127.0.0.1:9/v1', tasks: 2 } });
    assert.deepEqual(parseBenchArgs(['--endpoint=http://localhost:11434/v1']), { options: { ...DEFAULT_BENCH_OPTIONS, endpoint: true, baseUrl: 'http://localhost:11434/v1' } });
    assert.match((parseBenchArgs(['--endpoint', 'ftp://x']) as { error: string }).error, /^--endpoint: /);
  });

  it('names the flag that is wrong', () => {
    assert.deepEqual(parseBenchArgs(['--tasks', 'many']), { error: '--tasks: Invalid input: expected number, received NaN' });
    assert.match((parseBenchArgs(['--profile', 'fast']) as { error: string }).error, /^--profile: /);
    assert.deepEqual(parseBenchArgs(['--verbose']), { error: 'unknown option --verbose' });
    assert.deepEqual(parseBenchArgs(['--seed']), { error: '--seed needs a value' });
    assert.deepEqual(parseBenchArgs(['--set', 'v9']), { error: '--set: unknown task set "v9"; the sets are v1, v2, all' });
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

  it('runs the first task of every set for --set all, prints the table and writes the JSON, Markdown and SVG', async function () {
    this.timeout(budgetMs(120_000));
    const written: string[] = [];
    const io = { stdout: { write: (text: string) => written.push(text) }, stderr: { write: () => undefined }, env: {} };
    const report = await runBenchmark({ ...DEFAULT_BENCH_OPTIONS, set: 'all', tasks: 1, profiles: ['small-hosted'], out }, io, 'planwright bench --set all --tasks 1');
    const json = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
    assert.equal(json.command, 'planwright bench --set all --tasks 1');
    assert.deepEqual(json.runs.map((run: RunRecord) => run.set), [...ARM_NAMES.map(() => 'v1'), ...ARM_NAMES.map(() => 'v2')]);
    assert.deepEqual(Object.keys(json.runs[0].latencyMs), ['small-hosted']);
    assert.deepEqual(report.sets, ['v1', 'v2']);
    assert.deepEqual(report.families.map((family) => family.family.split('/')[0]), ['v1', 'v2']);
    assert.equal(report.arms.length, ARM_NAMES.length);
    assert.match(await readFile(path.join(out, 'chart.svg'), 'utf8'), /^<svg [^>]*>[\s\S]*polyline[\s\S]*<\/svg>\n$/);
    assert.match(await readFile(path.join(out, 'report.md'), 'utf8'), /\| arm \| done \| LLM calls \|/);
    const text = written.join('');
    assert.match(text, /Profile small-hosted: TTFT 250-600 ms, prefill 15000-25000 tok\/s, decode 100-200 tok\/s/);
    assert.match(text, /split\/fused: LLM calls \d/);
    assert.match(text, /When to stay fused:/);
    assert.match(text, /Where split loses/);
  });

  it('runs against any endpoint given by URL with --endpoint, reporting its usage and the latency as measured', async function () {
    this.timeout(budgetMs(60_000));
    const plan = { version: 1, goal: 'Look at the package', steps: [{ id: 'E1', title: 'Read the manifest', tool: 'readFile', args: { path: 'package.json' } }] };
    const usage = { prompt_tokens: 111, completion_tokens: 7, cached_tokens: 50 };
    const endpoint = await ScriptedModelServer.start((body) => (body.response_format ? { content: JSON.stringify(plan), usage } : { content: 'Done.', usage }));
    try {
      const io = { stdout: { write: () => undefined }, stderr: { write: () => undefined }, env: { PLANWRIGHT_MODEL: 'any-model' } };
      const parsed = parseBenchArgs(['--endpoint', endpoint.baseUrl, '--tasks', '1', '--out', out]);
      assert.ok('options' in parsed);
      const report = await runBenchmark(parsed.options, io, 'planwright bench --endpoint');
      assert.ok(endpoint.requests.length > 0 && endpoint.requests.every((request) => request.body.model === 'any-model'));
      assert.deepEqual(report.profiles.map((profile) => profile.name), ['measured']);
      for (const figures of report.figures) {
        assert.equal(figures.latencyMs, figures.run.runEnd - figures.run.runStart);
        assert.equal(figures.promptTokens, 111 * figures.run.calls.length);
        assert.equal(figures.cachedTokens, 50 * figures.run.calls.length);
        assert.ok(figures.run.calls.every((call) => !call.estimated));
      }
      const json = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
      assert.deepEqual(Object.keys(json.runs[0].latencyMs), ['measured']);
    } finally {
      await endpoint.close();
    }
  });
});
