// How long validation takes per megabyte on inputs built to be slow: megabyte-long names and values,
// nesting a megabyte deep, a megabyte of keys or references, many steps — as plan files, as planner
// replies in the plan language and in its small JSON form (through the gate, as planning checks them),
// as re-planner patches, and as both streamed in small chunks the way a model's reply arrives. Prints
// milliseconds per MB for each (JSON.parse included, the median of a few runs) against the target of
// 100 ms per MB: the process's CPU time, which other processes on a busy machine inflate less than wall
// time (printed beside it). Run: npx tsc -p bench && node out/bench/pathologicalPlanBench.js [MB] [filter],
// where `filter` keeps only the inputs whose name contains it.
import { loadavg } from 'node:os';
import { PLAN_LIMITS } from '../src/core/planLimits';
import { gateAppendedStep } from '../src/core/plan/appendStep';
import { parsePlanText } from '../src/core/plan/parsePlan';
import { applyPatch } from '../src/core/plan/planPatch';
import { validatePlan } from '../src/core/plan/validatePlan';
import { PlanReplyReader } from '../src/core/planner/planReplyReader';
import { checkPlanReply } from '../src/core/planner/planTask';
import { checkPatchReply } from '../src/core/replanner/modelReplanner';
import { readPatchReply } from '../src/core/replanner/patchReply';
import { PatchLineStream } from '../src/core/replanner/patchLineStream';
import { parseStepLine } from '../src/core/replanner/stepLine';
import type { PatchCheck } from '../src/core/run/modelRoles';
import { DEFAULT_RUN_OPTIONS } from '../src/core/run/runOptions';
import { applyRecord, statusById, type RunState } from '../src/core/run/runState';
import { generatePlan } from './generatedPlan';

const RUNS = 3;
const TARGET_MS_PER_MB = 100;
const MB = 1024 * 1024;
/** Characters per streamed chunk: a few tokens, as an endpoint sends them. */
const CHUNK = 16;

/** How an input is read: the number of problems found. */
type Reader = (text: string) => number | Promise<number>;

/** One input: what it is, its text, and how it is read. */
interface Case {
  readonly name: string;
  readonly text: string;
  readonly read: Reader;
}

const chunksOf = (text: string): string[] => Array.from({ length: Math.ceil(text.length / CHUNK) }, (_, index) => text.slice(index * CHUNK, (index + 1) * CHUNK));

/** A plan file, as `planwright validate` and `run` read it. */
const planFile: Reader = (text) => ((result) => (result.ok ? 0 : result.problems.length))(parsePlanText(text));

/** A planner reply, read and gated as planning checks it. */
const reply: Reader = (text) => ((verdict) => (verdict.ok ? 0 : verdict.problems.length))(checkPlanReply(text, 'g'));

/** A planner reply streamed in chunks through the reader a streamed plan uses (the gate runs per step in the run). */
const streamedReply = (chunks: readonly string[]): Reader => () => {
  const reader = new PlanReplyReader();
  let problems = 0;
  for (const chunk of chunks) for (const line of reader.push(chunk)) problems += line.problems.length;
  for (const line of reader.finish()) problems += line.problems.length;
  return problems;
};

/**
 * A planner reply streamed into a run: each step the reader completes through the gate as the run takes
 * it (against the plan so far), then into the run's state as its journal record replays.
 */
const streamedIntoRun = (chunks: readonly string[]): Reader => () => {
  const reader = new PlanReplyReader();
  const open = { openReferences: true } as const;
  let state: RunState | undefined;
  let problems = 0;
  const take = (lines: ReturnType<PlanReplyReader['push']>): void => {
    for (const line of lines) {
      problems += line.problems.length;
      if (line.problems.length > 0) continue;
      const verdict = state ? gateAppendedStep(state.plan, line.step, open) : validatePlan({ version: 1, goal: 'g', revision: 1, steps: [line.step] }, open);
      if (!verdict.ok) {
        problems += verdict.problems.length;
        continue;
      }
      state = state
        ? applyRecord(state, { type: 'stepAdded', at: 0, step: line.step })
        : applyRecord(undefined, { type: 'runStarted', runId: 'bench', at: 0, plan: verdict.plan, options: DEFAULT_RUN_OPTIONS, planOpen: true });
    }
  };
  for (const chunk of chunks) take(reader.push(chunk));
  take(reader.finish());
  return problems;
};

/** The run a patch is checked against: E1 done, E2 failed, E3 waiting for it. */
const PATCHED = (() => {
  const verdict = validatePlan({
    version: 1,
    goal: 'g',
    steps: [
      { id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'a.ts' } },
      { id: 'E2', title: 'Edit', tool: 'writeFile', args: { path: 'a.ts', content: 'x' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'a.ts' } },
      { id: 'E3', title: 'Test', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['E2'], postcondition: { kind: 'exitCode', equals: 0 } },
    ],
  });
  if (!verdict.ok) throw new Error('the patched plan is invalid');
  return verdict.plan;
})();
const PATCHED_STATUSES = new Map([['E1', 'succeeded'], ['E2', 'failed'], ['E3', 'invalidated']] as const);
const patchCheck: PatchCheck = (patch) => {
  const verdict = applyPatch(PATCHED, PATCHED_STATUSES, patch);
  return verdict.ok ? [] : verdict.problems.map((problem) => problem.message);
};

/** A re-planner's patch, read and checked against the run. */
const patchReply: Reader = (text) => ((verdict) => (verdict.ok ? 0 : verdict.problems.length))(checkPatchReply(text, patchCheck));

/** A re-planner's patch streamed in chunks through the line reader a run applies it with. */
const streamedPatch = (chunks: readonly string[]): Reader => async () => {
  const sink = { line: () => undefined, settle: async () => [], remainder: (patch: never) => patch, repairNote: () => [], effectNote: () => '' };
  const stream = new PatchLineStream(sink, parseStepLine, (reply) => readPatchReply(reply, parseStepLine));
  for (const chunk of chunks) stream.onText(chunk);
  const verdict = await stream.settled(chunks.join(''));
  return verdict.ok ? 0 : verdict.problems.length;
};

/**
 * A re-planner's patch applied line by line as it streams into a run: each line through the patch rules
 * and the gate against the plan the lines before it made (a run does this twice per line: as the line
 * arrives, and as its journal record replays).
 */
const patchLineByLine: Reader = (text) => {
  let plan = PATCHED;
  let problems = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    const read = checkPatchReply(line, () => []);
    const verdict = read.ok ? applyPatch(plan, PATCHED_STATUSES, read.value, { openReferences: true, revision: 2 }) : undefined;
    if (verdict?.ok) plan = verdict.plan;
    else problems++;
  }
  return problems;
};

/**
 * A re-planner's patch streamed into a run: each line through the patch rules and the gate against the
 * run's plan as the run applies it, then into the run's state as its journal record (`revised` for the
 * first line, `patchLines` after it) replays, where it is applied again.
 */
const patchIntoRun: Reader = (text) => {
  let state: RunState = applyRecord(undefined, { type: 'runStarted', runId: 'bench', at: 0, plan: PATCHED, options: DEFAULT_RUN_OPTIONS });
  for (const [id, status] of PATCHED_STATUSES) state = { ...state, steps: new Map([...state.steps, [id, { ...state.steps.get(id)!, status }]]) };
  let problems = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    const read = checkPatchReply(line, () => []);
    const opened = state.revisionOpen === true;
    const revision = opened ? state.revision : state.revision + 1;
    const verdict = read.ok ? applyPatch(state.plan, statusById(state), read.value, { openReferences: true, revision }) : undefined;
    if (!read.ok || !verdict?.ok) {
      problems++;
      continue;
    }
    const ops = [...read.value];
    state = opened
      ? applyRecord(state, { type: 'patchLines', at: 0, ops })
      : applyRecord(state, { type: 'revised', at: 0, revision, failedStepId: 'E2', reason: 'bench', plan: verdict.plan, planOpen: true, patched: ops.map((op) => (op.op === 'add' ? op.step.id : op.id)) });
  }
  return problems;
};

const planWith = (step: Record<string, unknown>, top: Record<string, unknown> = {}): string =>
  JSON.stringify({ version: 1, goal: 'g', ...top, steps: [{ id: 'E1', title: 't', tool: 'readFile', args: { path: 'a' }, ...step }] });

/** A plan file whose text is `prefix`, `filler` repeated to about `bytes`, then `suffix`. */
const padded = (prefix: string, filler: string, suffix: string, bytes: number): string => `${prefix}${filler.repeat(Math.max(1, Math.floor(bytes / filler.length)))}${suffix}`;

/** The same text read whole and streamed in chunks. */
function wholeAndStreamed(name: string, text: string, whole: Reader, streamed: (chunks: readonly string[]) => Reader): Case[] {
  return [
    { name, text, read: whole },
    { name: `${name}, streamed`, text, read: streamed(chunksOf(text)) },
  ];
}

function cases(bytes: number): Case[] {
  const long = 'x'.repeat(bytes);
  const keys = Math.floor(bytes / 12);
  const wide = `{"path":"a",${Array.from({ length: keys }, (_, index) => `"k${index}":1`).join(',')}}`;
  const levels = Math.floor(bytes / 2);
  const deep = `${'['.repeat(levels)}${']'.repeat(levels)}`;
  // As many steps as fill `bytes`, up to the most a plan may have.
  let steps = 1000;
  while (steps < PLAN_LIMITS.steps && JSON.stringify(generatePlan(steps)).length < bytes) steps = Math.min(steps * 2, PLAN_LIMITS.steps);
  const many = PLAN_LIMITS.steps;
  return [
    { name: 'tool name', text: planWith({ tool: long }), read: planFile },
    { name: 'field name', text: planWith({ [long]: 1 }), read: planFile },
    { name: 'top-level field name', text: planWith({}, { [long]: 1 }), read: planFile },
    { name: 'step id', text: planWith({ id: long }), read: planFile },
    { name: 'title', text: planWith({ title: long }), read: planFile },
    { name: 'check kind', text: planWith({ postcondition: { kind: long, path: 'a' } }), read: planFile },
    { name: 'invalid regex', text: planWith({ postcondition: { kind: 'fileMatches', path: 'a', pattern: `(${long}` } }), read: planFile },
    { name: 'dangling reference', text: planWith({ tool: 'writeFile', args: { path: 'a', content: `#E9${'9'.repeat(bytes)}` }, postcondition: { kind: 'fileExists', path: 'a' } }), read: planFile },
    { name: 'many references', text: planWith({ tool: 'writeFile', args: { path: 'a', content: '#E1 '.repeat(bytes / 4) }, postcondition: { kind: 'fileExists', path: 'a' } }), read: planFile },
    { name: 'many unknown keys', text: planWith({ args: JSON.parse(wide) }), read: planFile },
    { name: 'array nesting', text: padded('{"version":1,"goal":"g","steps":[{"id":"E1","title":"t","tool":"readFile","args":{"path":"a","x":', '[', '', levels) + ']'.repeat(levels) + '}}]}', read: planFile },
    { name: 'not-check nesting', text: padded('{"version":1,"goal":"g","steps":[{"id":"E1","title":"t","tool":"readFile","args":{"path":"a"},"postcondition":', '{"kind":"not","check":', '{"kind":"fileExists","path":"a"}', bytes / 2) + '}'.repeat(Math.floor(bytes / 2 / 22)) + '}]}', read: planFile },
    { name: `valid plan (${steps} steps)`, text: JSON.stringify(generatePlan(steps)), read: planFile },
    ...wholeAndStreamed('reply: tool name', `${'t'.repeat(bytes)} {"path":"a"}`, reply, streamedReply),
    ...wholeAndStreamed('reply: string argument', `writeFile {"path":"a","content":"${long}"}`, reply, streamedReply),
    ...wholeAndStreamed('reply: not-check nesting', `readFile {"path":"a"} check ${'not '.repeat(bytes / 4)}exists a`, reply, streamedReply),
    ...wholeAndStreamed('reply: argument nesting', `readFile {"path":"a","x":${deep}}`, reply, streamedReply),
    ...wholeAndStreamed('reply: many lines', 'readFile {"path":"src/a.ts"}\n'.repeat(bytes / 29), reply, streamedReply),
    ...wholeAndStreamed(`reply: ${many} reads of one file`, 'readFile {"path":"src/a.ts"}\n'.repeat(many), reply, streamedReply),
    { name: `reply: ${many} reads, streamed into a run`, text: 'readFile {"path":"src/a.ts"}\n'.repeat(many), read: streamedIntoRun(chunksOf('readFile {"path":"src/a.ts"}\n'.repeat(many))) },
    { name: `reply: ${many} writes, streamed into a run`, text: 'writeFile {"path":"src/a.ts","content":"x"}\n'.repeat(many), read: streamedIntoRun(chunksOf('writeFile {"path":"src/a.ts","content":"x"}\n'.repeat(many))) },
    { name: `reply: ${many} writes of one file`, text: 'writeFile {"path":"src/a.ts","content":"x"}\n'.repeat(many), read: reply },
    { name: `reply: a command, then ${many - 1} writes`, text: `runCommand {"command":"npm test"}\n${'writeFile {"path":"src/a.ts","content":"x"}\n'.repeat(many - 1)}`, read: reply },
    { name: 'JSON reply: tool name', text: JSON.stringify({ steps: [{ tool: long, args: { path: 'a' } }] }), read: reply },
    { name: 'JSON reply: nesting', text: `{"steps":[{"tool":"readFile","args":{"x":${deep}}}]}`, read: reply },
    { name: `JSON reply: ${many} reads`, text: JSON.stringify({ steps: Array.from({ length: many }, () => ({ tool: 'readFile', args: { path: 'src/a.ts' } })) }), read: reply },
    ...wholeAndStreamed('patch: tool name', `replace E2 ${'t'.repeat(bytes)} {"path":"a"}`, patchReply, streamedPatch),
    ...wholeAndStreamed('patch: argument nesting', `replace E2 readFile {"path":"a","x":${deep}}`, patchReply, streamedPatch),
    ...wholeAndStreamed('patch: step id', `add E${'9'.repeat(bytes)} readFile {"path":"a"}`, patchReply, streamedPatch),
    ...[500, 1000, 2000].map((count) => ({ name: `patch: ${count} adds, line by line`, text: Array.from({ length: count }, (_, index) => `add E${index + 10} readFile {"path":"src/a.ts"}\n`).join(''), read: patchLineByLine })),
    { name: `patch: ${many - 3} adds, streamed into a run`, text: Array.from({ length: many - 3 }, (_, index) => `add E${index + 10} readFile {"path":"src/a.ts"}\n`).join(''), read: patchIntoRun },
    ...wholeAndStreamed(`patch: ${many} adds`, Array.from({ length: many }, (_, index) => `add E${index + 10} readFile {"path":"src/a.ts"}\n`).join(''), patchReply, streamedPatch),
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** CPU and wall milliseconds for one read of `input`, and the number of problems it found. */
async function readOnce(input: Case): Promise<{ ms: number; wall: number; problems: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const problems = await input.read(input.text);
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000, wall: Number(process.hrtime.bigint() - start) / 1e6, problems };
}

async function main(): Promise<void> {
  const megabytes = Number(process.argv[2] ?? 10);
  const over: string[] = [];
  console.log(`validation CPU time per MB, ${RUNS} runs each (median), target under ${TARGET_MS_PER_MB} ms/MB; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  const filter = process.argv[3] ?? '';
  for (const input of cases(megabytes * MB).filter((candidate) => candidate.name.includes(filter))) {
    const runs: { ms: number; wall: number; problems: number }[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await readOnce(input));
    const size = input.text.length / MB;
    const cpu = median(runs.map((run) => run.ms));
    const perMb = cpu / size;
    if (perMb >= TARGET_MS_PER_MB) over.push(input.name);
    const verdict = perMb < TARGET_MS_PER_MB ? 'ok' : 'OVER';
    const wall = median(runs.map((run) => run.wall));
    console.log(`${input.name.padEnd(36)} ${size.toFixed(2).padStart(6)} MB ${cpu.toFixed(0).padStart(6)} ms CPU (${wall.toFixed(0)} wall) ${perMb.toFixed(1).padStart(7)} ms/MB  ${runs[0]!.problems} problem(s)  ${verdict}`);
  }
  console.log(over.length === 0 ? `every input under ${TARGET_MS_PER_MB} ms/MB` : `${over.length} input(s) at or over ${TARGET_MS_PER_MB} ms/MB: ${over.join(', ')}`);
}

void main();
