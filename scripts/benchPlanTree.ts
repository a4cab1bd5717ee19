// Prints how long the plan tree's view model takes for a big plan: building every row of a 1,000-step run
// and finding the rows one step change touches, the work the Planwright view does per journal record.
// `npx tsc -p . && node out/scripts/benchPlanTree.js [steps]`. A figure to read, not a test that times.
import { performance } from 'node:perf_hooks';
import type { StepRun } from '../src/core/run/runState';
import { validatePlan } from '../src/core/plan/validatePlan';
import { englishText } from '../src/core/text/englishText';
import type { ValidPlan } from '../src/core/plan/planSchema';
import { planTreeModel } from '../src/core/view/planTreeModel';
import type { RunView } from '../src/core/view/planTreeNode';
import { treeChanges } from '../src/core/view/treeChanges';

function chain(count: number): ValidPlan {
  const verdict = validatePlan({
    version: 1,
    goal: 'Read many files',
    revision: 1,
    steps: Array.from({ length: count }, (_, index) => ({
      id: `S${index + 1}`,
      title: `Read file ${index + 1}`,
      tool: 'readFile',
      args: { path: `src/file${index + 1}.ts` },
      ...(index > 0 ? { dependsOn: [`S${index}`] } : {}),
    })),
  });
  if (!verdict.ok) throw new Error('bench plan is invalid');
  return verdict.plan;
}

const pending: StepRun = { status: 'pending', attempts: 0, revision: 1, retriedAfterSettle: false };

/** The run after step `done` started: like a real run, each record replaces only the step run it touches. */
function advance(plan: ValidPlan, previous: ReadonlyMap<string, StepRun>, done: number): RunView {
  const steps = new Map(previous);
  const finished = plan.steps[done - 1];
  const started = plan.steps[done];
  if (finished) steps.set(finished.id, { status: 'succeeded', attempts: 1, revision: 1, retriedAfterSettle: false, output: { text: `contents of file ${done}` } });
  if (started) steps.set(started.id, { status: 'running', attempts: 1, revision: 1, retriedAfterSettle: false });
  return { plan, status: 'running', revision: 1, steps, replaced: [], replanReasons: [], usage: [] };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function main(): void {
  const count = Number(process.argv[2] ?? 1_000);
  const plan = chain(count);
  const builds: number[] = [];
  const diffs: number[] = [];
  let refreshed = 0;
  let state = advance(plan, new Map(plan.steps.map((step) => [step.id, pending])), 0);
  const first = performance.now();
  let previous = planTreeModel(englishText, { plan, source: 'bench.plan.json', run: state, executing: true });
  const firstBuild = performance.now() - first;
  for (let done = 1; done <= 50; done++) {
    state = advance(plan, state.steps, done);
    const started = performance.now();
    const next = planTreeModel(englishText, { plan, source: 'bench.plan.json', run: state, executing: true });
    const built = performance.now();
    const changes = treeChanges(previous, next);
    diffs.push(performance.now() - built);
    builds.push(built - started);
    refreshed += changes.all ? count : changes.ids.length;
    previous = next;
  }
  console.log(`plan tree, ${count} steps, 50 step transitions:`);
  console.log(`  first build (every row):      ${firstBuild.toFixed(2)} ms`);
  console.log(`  rebuild after a transition:   median ${median(builds).toFixed(2)} ms`);
  console.log(`  find the changed rows:        median ${median(diffs).toFixed(2)} ms`);
  console.log(`  rows refreshed per transition: ${(refreshed / 50).toFixed(1)} (of ${count + 1})`);
}

main();
