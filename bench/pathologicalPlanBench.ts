// How long validation takes per megabyte on inputs built to be slow: megabyte-long names and values,
// nesting a megabyte deep, a megabyte of keys or references, many steps, and the same as compact plan
// replies. Prints milliseconds per MB for each (JSON.parse included, the median of a few runs) against
// the target of 100 ms per MB: the process's CPU time, which other processes on a busy machine inflate
// less than wall time (printed beside it). Run: npx tsc -p . && node out/bench/pathologicalPlanBench.js [MB]
import { PLAN_LIMITS } from '../src/core/planLimits';
import { parsePlanText } from '../src/core/plan/parsePlan';
import { readPlanReply } from '../src/core/planner/readPlanReply';
import { generatePlan } from './generatedPlan';

const RUNS = 3;
const TARGET_MS_PER_MB = 100;
const MB = 1024 * 1024;

/** One input: what it is, its text, and how it is read (a plan file, or a planner reply). */
interface Case {
  readonly name: string;
  readonly text: string;
  readonly as: 'plan' | 'reply';
}

const planWith = (step: Record<string, unknown>, top: Record<string, unknown> = {}): string =>
  JSON.stringify({ version: 1, goal: 'g', ...top, steps: [{ id: 'E1', title: 't', tool: 'readFile', args: { path: 'a' }, ...step }] });

/** A plan file whose text is `prefix`, `filler` repeated to about `bytes`, then `suffix`. */
const padded = (prefix: string, filler: string, suffix: string, bytes: number): string => `${prefix}${filler.repeat(Math.max(1, Math.floor(bytes / filler.length)))}${suffix}`;

function cases(bytes: number): Case[] {
  const long = 'x'.repeat(bytes);
  const keys = Math.floor(bytes / 12);
  const wide = `{"path":"a",${Array.from({ length: keys }, (_, index) => `"k${index}":1`).join(',')}}`;
  const levels = Math.floor(bytes / 2);
  // As many steps as fill `bytes`, up to the most a plan may have.
  let steps = 1000;
  while (steps < PLAN_LIMITS.steps && JSON.stringify(generatePlan(steps)).length < bytes) steps = Math.min(steps * 2, PLAN_LIMITS.steps);
  return [
    { name: 'tool name', text: planWith({ tool: long }), as: 'plan' },
    { name: 'field name', text: planWith({ [long]: 1 }), as: 'plan' },
    { name: 'top-level field name', text: planWith({}, { [long]: 1 }), as: 'plan' },
    { name: 'step id', text: planWith({ id: long }), as: 'plan' },
    { name: 'title', text: planWith({ title: long }), as: 'plan' },
    { name: 'check kind', text: planWith({ postcondition: { kind: long, path: 'a' } }), as: 'plan' },
    { name: 'invalid regex', text: planWith({ postcondition: { kind: 'fileMatches', path: 'a', pattern: `(${long}` } }), as: 'plan' },
    { name: 'dangling reference', text: planWith({ tool: 'writeFile', args: { path: 'a', content: `#E9${'9'.repeat(bytes)}` }, postcondition: { kind: 'fileExists', path: 'a' } }), as: 'plan' },
    { name: 'many references', text: planWith({ tool: 'writeFile', args: { path: 'a', content: '#E1 '.repeat(bytes / 4) }, postcondition: { kind: 'fileExists', path: 'a' } }), as: 'plan' },
    { name: 'many unknown keys', text: planWith({ args: JSON.parse(wide) }), as: 'plan' },
    { name: 'array nesting', text: padded('{"version":1,"goal":"g","steps":[{"id":"E1","title":"t","tool":"readFile","args":{"path":"a","x":', '[', '', levels) + ']'.repeat(levels) + '}}]}', as: 'plan' },
    { name: 'not-check nesting', text: padded('{"version":1,"goal":"g","steps":[{"id":"E1","title":"t","tool":"readFile","args":{"path":"a"},"postcondition":', '{"kind":"not","check":', '{"kind":"fileExists","path":"a"}', bytes / 2) + '}'.repeat(Math.floor(bytes / 2 / 22)) + '}]}', as: 'plan' },
    { name: `valid plan (${steps} steps)`, text: JSON.stringify(generatePlan(steps)), as: 'plan' },
    { name: 'reply: tool name', text: `${'t'.repeat(bytes)} {"path":"a"}`, as: 'reply' },
    { name: 'reply: not-check nesting', text: `readFile {"path":"a"} check ${'not '.repeat(bytes / 4)}exists a`, as: 'reply' },
    { name: 'reply: argument nesting', text: `readFile {"path":"a","x":${'['.repeat(levels)}${']'.repeat(levels)}}`, as: 'reply' },
    { name: 'reply: many lines', text: 'readFile {"path":"src/a.ts"}\n'.repeat(bytes / 29), as: 'reply' },
    { name: `reply: ${PLAN_LIMITS.steps} reads of one file`, text: 'readFile {"path":"src/a.ts"}\n'.repeat(PLAN_LIMITS.steps), as: 'reply' },
    { name: `reply: ${PLAN_LIMITS.steps} writes of one file`, text: 'writeFile {"path":"src/a.ts","content":"x"}\n'.repeat(PLAN_LIMITS.steps), as: 'reply' },
    { name: 'reply: JSON nesting', text: `{"steps":[{"tool":"readFile","args":{"x":${'['.repeat(levels)}${']'.repeat(levels)}}}]}`, as: 'reply' },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** CPU and wall milliseconds for one read of `input`, and the number of problems it found. */
function readOnce(input: Case): { ms: number; wall: number; problems: number } {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const problems = input.as === 'plan' ? ((result) => (result.ok ? 0 : result.problems.length))(parsePlanText(input.text)) : readPlanReply(input.text).problems.length;
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000, wall: Number(process.hrtime.bigint() - start) / 1e6, problems };
}

function main(): void {
  const megabytes = Number(process.argv[2] ?? 10);
  let over = 0;
  console.log(`validation CPU time per MB, ${RUNS} runs each (median), target under ${TARGET_MS_PER_MB} ms/MB`);
  for (const input of cases(megabytes * MB)) {
    const runs = Array.from({ length: RUNS }, () => readOnce(input));
    const size = input.text.length / MB;
    const perMb = median(runs.map((run) => run.ms)) / size;
    if (perMb >= TARGET_MS_PER_MB) over++;
    const verdict = perMb < TARGET_MS_PER_MB ? 'ok' : 'OVER';
    const wall = median(runs.map((run) => run.wall));
    console.log(`${input.name.padEnd(34)} ${size.toFixed(1).padStart(5)} MB ${median(runs.map((run) => run.ms)).toFixed(0).padStart(6)} ms CPU (${wall.toFixed(0)} wall) ${perMb.toFixed(1).padStart(7)} ms/MB  ${runs[0]!.problems} problem(s)  ${verdict}`);
  }
  console.log(over === 0 ? `every input under ${TARGET_MS_PER_MB} ms/MB` : `${over} input(s) at or over ${TARGET_MS_PER_MB} ms/MB`);
}

main();
