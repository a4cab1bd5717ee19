// How long the validation gate takes on a generated 1,000-step plan (with dependsOn, #E references and
// nested checks): the median of many runs, for the parsed object and for the text (JSON.parse included).
// Run: npx tsc -p . && node out/bench/validatePlanBench.js [steps]
import { parsePlanText } from '../src/core/plan/parsePlan';
import { validatePlan } from '../src/core/plan/validatePlan';
import { generatePlan } from './generatedPlan';

const RUNS = 41;
const WARMUP = 5;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(run: () => void): number[] {
  for (let i = 0; i < WARMUP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

function main(): void {
  const stepCount = Number(process.argv[2] ?? 1000);
  const plan = generatePlan(stepCount);
  const text = JSON.stringify(plan, null, 2);
  const result = validatePlan(plan);
  if (!result.ok) throw new Error(`the generated plan is invalid: ${result.problems[0].path}: ${result.problems[0].message}`);
  const objectRuns = time(() => validatePlan(plan));
  const textRuns = time(() => parsePlanText(text));
  const ms = (value: number): string => value.toFixed(2);
  const show = (samples: number[]): string => `median ${ms(median(samples))} ms (min ${ms(Math.min(...samples))}, max ${ms(Math.max(...samples))})`;
  console.log(`validatePlan, ${stepCount} steps, ${RUNS} runs: ${show(objectRuns)}`);
  console.log(`parsePlanText, ${stepCount} steps (${(text.length / 1024).toFixed(0)} KiB): ${show(textRuns)}`);
}

main();
