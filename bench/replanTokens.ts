// What a re-plan costs next to the plan, in tokens (o200k_base, gpt-tokenizer), on the runs themselves:
// each faulted task of the benchmark's task set, and a generated 20-step plan with one stale edit, is run
// by the real executor on an in-memory copy of its files with a re-planner (and a repairer) that record
// the request they are sent and answer with the fix. The plan prompt is the planner's request for the
// same goal and files; its uncached part is everything (a cold call), its task part what follows the
// shared prefix. The re-plan's uncached part is what follows the prefix, which the plan call cached.
// Run: npx tsc -p . && node out/bench/replanTokens.js [--tasks N]
import { countTokens } from 'gpt-tokenizer';
import { PlanRun } from '../src/core/executor/planRun';
import type { RepairRequest, ReplanRequest } from '../src/core/run/modelRoles';
import { DEFAULT_RUN_OPTIONS } from '../src/core/run/runOptions';
import { encodeCompactPlan } from '../src/core/plan/compact/encodeCompactPlan';
import type { PlanPatch } from '../src/core/plan/planPatch';
import type { Step } from '../src/core/plan/planSchema';
import { validatePlan } from '../src/core/plan/validatePlan';
import { plannerSystemMessage } from '../src/core/planner/plannerPrefix';
import { buildPlannerPrompt } from '../src/core/planner/plannerPrompt';
import { summarizeWorkspace } from '../src/core/planner/workspaceSummary';
import type { ChatMessage, ChatModel } from '../src/core/ports';
import { buildRepairPrompt } from '../src/core/replanner/modelRepairer';
import { buildReplanPrompt } from '../src/core/replanner/replanPrompt';
import { encodeStepLine } from '../src/core/replanner/stepLine';
import { fakeRunDeps } from '../test/unit/support/executorFakes';
import { MemoryWorkspace } from '../test/unit/support/fakePorts';
import { generatePlan } from './generatedPlan';
import { generateTasks } from './tasks/generateTasks';

/** One measured failure: the plan's request and reply, the re-plan's and the repair's. */
interface Measured {
  readonly name: string;
  readonly planPrompt: number;
  readonly planTask: number;
  readonly planReplyJson: number;
  readonly planReplyCompact: number;
  readonly replanPrompt: number;
  readonly replanTask: number;
  readonly replanReply: number;
  readonly repairPrompt?: number;
  readonly repairReply?: number;
}

const tokens = (messages: readonly ChatMessage[]): number => messages.reduce((sum, message) => sum + countTokens(message.content), 0);
const PREFIX = countTokens(plannerSystemMessage().content);
const WORKER: ChatModel = { chat: async () => ({ content: 'a short draft', toolCalls: [], model: 'worker', usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, estimated: true }, latencyMs: 0 }) };

/** Runs `steps` on `files` until the first re-plan request, which it answers by replacing the broken step with `fix`. */
async function measure(name: string, goal: string, steps: readonly Step[], files: Record<string, string>, fix: Step): Promise<Measured | undefined> {
  const verdict = validatePlan({ version: 1, goal, steps });
  if (!verdict.ok) return undefined;
  let replan: ReplanRequest | undefined;
  let repair: RepairRequest | undefined;
  const answer = (): PlanPatch => [{ op: 'replace', id: fix.id, step: fix }];
  const workspace = new MemoryWorkspace(files);
  const run = await PlanRun.start(
    verdict.plan,
    { runId: name, options: { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all', approvedCommands: [] } } },
    fakeRunDeps({ workspace, workerModel: WORKER, replanner: { replan: async (request) => ((replan = request), { patch: answer(), usage: [] }) } }),
  );
  await run.execute(new AbortController().signal);
  if (!replan) return undefined;
  if (replan.broken.evidence.length > 0) repair = { broken: replan.broken, localFix: 'a local fix' };
  const planning = buildPlannerPrompt(goal, await summarizeWorkspace(workspace));
  const replanning = buildReplanPrompt(replan);
  return {
    name,
    planPrompt: tokens(planning),
    planTask: tokens(planning) - PREFIX,
    planReplyJson: countTokens(JSON.stringify({ version: 1, goal, steps })),
    planReplyCompact: countTokens(encodeCompactPlan(steps, { terse: true })),
    replanPrompt: tokens(replanning),
    replanTask: tokens(replanning) - PREFIX,
    replanReply: countTokens(`replace ${fix.id} ${encodeStepLine(fix)}`),
    ...(repair ? { repairPrompt: tokens(buildRepairPrompt(repair)), repairReply: countTokens(encodeStepLine(fix)) } : {}),
  };
}

/** The generated 20-step plan with its edit E11 made stale (the file holds the line with different spacing). */
async function twentySteps(): Promise<Measured | undefined> {
  const plan = generatePlan(20) as unknown as { goal: string; steps: Step[] };
  const files: Record<string, string> = { 'packages/app/package.json': '{"name":"app"}\n' };
  for (const step of plan.steps) {
    if (step.tool !== 'editFile' && step.tool !== 'readFile') continue;
    const path = String(step.args.path);
    const n = Number(/file(\d+)\.ts$/.exec(path)?.[1]);
    const body = Array.from({ length: 40 }, (_, line) => `export const other${line} = ${line};`);
    body.splice(20, 0, step.id === 'E11' ? `const value${n}  =  1;` : `const value${n} = 1;`);
    files[path] = `${body.join('\n')}\n`;
  }
  const broken = plan.steps.find((step) => step.id === 'E11')!;
  const fix = { ...broken, args: { ...broken.args, edits: [{ find: 'const value11  =  1;', replace: 'const value11 = 2; // #include <x> #fff' }] } };
  return measure('generated 20-step plan', plan.goal, plan.steps, files, fix);
}

const ratio = (a: number, b: number): string => (a / b).toFixed(2);
const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

function print(label: string, rows: readonly Measured[]): void {
  const of = (key: keyof Measured) => mean(rows.map((row) => Number(row[key] ?? 0)));
  const repaired = rows.filter((row) => row.repairPrompt !== undefined);
  console.log(`${label} (${rows.length} failure(s), means):`);
  console.log(`  plan prompt ${of('planPrompt').toFixed(0)} tokens (task part ${of('planTask').toFixed(0)}); plan reply ${of('planReplyJson').toFixed(0)} as JSON, ${of('planReplyCompact').toFixed(0)} as compact lines`);
  console.log(`  re-plan prompt ${of('replanPrompt').toFixed(0)} (uncached part ${of('replanTask').toFixed(0)} = ${ratio(of('replanTask'), of('planPrompt'))}x the plan prompt, ${ratio(of('replanTask'), of('planTask'))}x its task part)`);
  console.log(`  re-plan reply ${of('replanReply').toFixed(0)} (${ratio(of('replanReply'), of('planReplyJson'))}x the JSON plan reply, ${ratio(of('replanReply'), of('planReplyCompact'))}x the compact one)`);
  if (repaired.length > 0) {
    const r = (key: keyof Measured) => mean(repaired.map((row) => Number(row[key] ?? 0)));
    console.log(`  repair (${repaired.length} with local evidence): prompt ${r('repairPrompt').toFixed(0)} (${ratio(r('repairPrompt'), r('planPrompt'))}x the plan prompt), reply ${r('repairReply').toFixed(0)}`);
  }
}

async function main(): Promise<void> {
  const count = Number(process.argv[process.argv.indexOf('--tasks') + 1]) || 300;
  const faulted = generateTasks({ count, seed: 1, faultRate: 0.12 }).filter((task) => task.fault);
  const rows: Measured[] = [];
  for (const task of faulted) {
    const row = await measure(task.id, task.goal, task.plan.steps, { ...task.files }, task.fault!.fixed);
    if (row) rows.push(row);
  }
  print(`Benchmark faults of ${count} tasks`, rows);
  const twenty = await twentySteps();
  if (twenty) print('A generated 20-step plan, one stale edit', [twenty]);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exitCode = 1;
});
