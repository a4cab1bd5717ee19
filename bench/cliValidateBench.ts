// The whole-process cost of `planwright validate` on the generated 1,000-step plan (A) against
// `planwright --version` (B): both `node dist/cli.js` of whatever build dist/ holds (measure the minified
// one: `node esbuild.js --production`), run in turn and paired run by run. Each child's CPU time (user +
// system, every thread, from process start to exit) is read by a preloaded module, so figures have
// microsecond resolution; wall time is printed beside it. Prints the medians and the median of the paired
// ratios A/B against the target of 1.2. Node flags for both children (to try V8 options) can be given in
// PLANWRIGHT_BENCH_NODE_FLAGS, and another build's cli.js (to compare two) in PLANWRIGHT_BENCH_CLI. Run: npx tsc -p bench && node out/bench/cliValidateBench.js [pairs] [steps]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { median } from './benchStats';
import { generatePlan } from './generatedPlan';

const TARGET_RATIO = 1.2;
const ROOT = path.join(__dirname, '..', '..');
const CLI = process.env.PLANWRIGHT_BENCH_CLI ?? path.join(ROOT, 'dist', 'cli.js');
const PRELOAD = path.join(__dirname, 'cpuAtExit.js');
const NODE_FLAGS = (process.env.PLANWRIGHT_BENCH_NODE_FLAGS ?? '').split(' ').filter((flag) => flag.length > 0);

/** One child's CPU and wall milliseconds. */
interface Sample {
  readonly cpu: number;
  readonly wall: number;
}

/** Runs `node dist/cli.js ...args` once; throws unless it exits 0 with the expected output. */
function runOnce(args: readonly string[], expected: RegExp): Sample {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, [...NODE_FLAGS, '-r', PRELOAD, CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const stdout = child.output[1] ?? '';
  if (child.status !== 0 || !expected.test(stdout)) throw new Error(`planwright ${args.join(' ')} exited ${child.status}: ${stdout}${child.output[2] ?? ''}`);
  return { cpu: Number((child.output[3] ?? '').trim()) / 1000, wall };
}

function main(): void {
  const pairs = Number(process.argv[2] ?? 15);
  const steps = Number(process.argv[3] ?? 1000);
  const folder = mkdtempSync(path.join(tmpdir(), 'planwright-cli-bench-'));
  try {
    const file = path.join(folder, 'plan.json');
    writeFileSync(file, JSON.stringify(generatePlan(steps), null, 2));
    const loadBefore = loadavg()[0]!;
    const a: Sample[] = [];
    const b: Sample[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      a.push(runOnce(['validate', file], new RegExp(`^valid: ${steps} steps\\n$`)));
      b.push(runOnce(['--version'], /^\d+\.\d+\.\d+/));
    }
    const ms = (value: number): string => value.toFixed(1);
    const ratios = a.map((sample, index) => sample.cpu / b[index]!.cpu);
    const ratio = median(ratios);
    const flags = NODE_FLAGS.length > 0 ? ` with ${NODE_FLAGS.join(' ')}` : '';
    console.log(`validate (${steps} steps) against --version${flags}, ${pairs} pairs; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
    console.log(`A validate:  ${ms(median(a.map((s) => s.cpu)))} ms CPU median (${ms(Math.min(...a.map((s) => s.cpu)))}–${ms(Math.max(...a.map((s) => s.cpu)))}), ${ms(median(a.map((s) => s.wall)))} ms wall`);
    console.log(`B --version: ${ms(median(b.map((s) => s.cpu)))} ms CPU median (${ms(Math.min(...b.map((s) => s.cpu)))}–${ms(Math.max(...b.map((s) => s.cpu)))}), ${ms(median(b.map((s) => s.wall)))} ms wall`);
    console.log(`A/B ${ratio.toFixed(2)} (median of paired ratios; ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), A−B ${ms(median(a.map((s, i) => s.cpu - b[i]!.cpu)))} ms; target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'not met'}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main();
