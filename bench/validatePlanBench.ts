// How long the validation gate takes on a generated 1,000-step plan (with dependsOn, #E references and
// nested checks): the median of many runs, for the parsed object and for the text (JSON.parse included).
// Wall time suffers when other processes compete for the CPU, so the process's own CPU time per run is
// printed beside it. Run: npx tsc -p . && node out/bench/validatePlanBench.js [steps]
import { parsePlanText } from '../src/core/plan/parsePlan';
import { validatePlan } from '../src/core/plan/validatePlan';
import { generatePlan } from './generatedPlan';

const RUNS = 41;
const WARMUP = 5;

/** One run's wall-clock and CPU time, in milliseconds. */
interface Sample {
  readonly wall: number;
  readonly cpu: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(run: () => void): Sample[] {
  for (let i = 0; i < WARMUP; i++) run();
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    run();
    const wall = Number(process.hrtime.bigint() - start) / 1e6;
    const cpu = process.cpuUsage(cpuStart);
    samples.push({ wall, cpu: (cpu.user + cpu.system) / 1000 });
  }
  return samples;
}

function summary(samples: Sample[]): string {
  const walls = samples.map((sample) => sample.wall);
  const ms = (value: number): string => value.toFixed(2);
  const cpu = median(samples.map((sample) => sample.cpu));
  return `median ${ms(median(walls))} ms wall (min ${ms(Math.min(...walls))}, max ${ms(Math.max(...walls))}), ${ms(cpu)} ms CPU`;
}

function main(): void {
  const stepCount = Number(process.argv[2] ?? 1000);
  const plan = generatePlan(stepCount);
  const text = JSON.stringify(plan, null, 2);
  const result = validatePlan(plan);
  if (!result.ok) throw new Error(`the generated plan is invalid: ${result.problems[0].path}: ${result.problems[0].message}`);
  const kib = (text.length / 1024).toFixed(0);
  console.log(`validatePlan, ${stepCount} steps, ${RUNS} runs: ${summary(measure(() => validatePlan(plan)))}`);
  console.log(`parsePlanText, ${stepCount} steps (${kib} KiB of JSON): ${summary(measure(() => parsePlanText(text)))}`);
}

main();
