// How many prompt tokens planning and re-planning cost for an example plan, how much of each is the
// shared prefix (system prompt + tool signatures + plan language) that providers' prompt caches can
// serve, and how many tokens the plan costs as a reply, in plan-file JSON and in the plan language. The re-plan is for a synthetic failure: the first step with a postcondition fails it, the
// steps before it are done, the rest are remaining (invalidated when they depend on it).
// Run: npx tsc -p . && node out/bench/promptTokens.js [plan.json] [workspace]
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import type { ReplanRequest, StepLine } from '../src/core/run/modelRoles';
import { encodeCompactPlan } from '../src/core/plan/compact/encodeCompactPlan';
import { parsePlanText } from '../src/core/plan/parsePlan';
import type { Step } from '../src/core/plan/planSchema';
import { plannerSystemMessage } from '../src/core/planner/plannerPrefix';
import { buildPlannerPrompt } from '../src/core/planner/plannerPrompt';
import { summarizeWorkspace } from '../src/core/planner/workspaceSummary';
import { buildReplanPrompt } from '../src/core/replanner/replanPrompt';
import type { ChatMessage } from '../src/core/ports';
import { summarizeArgs } from '../src/core/plan/summarizeArgs';
import { NodeWorkspace } from '../src/node/nodeWorkspace';
import { estimatePromptTokens } from '../src/node/tokenEstimate';

const ROOT = path.resolve(__dirname, '..', '..');

/** The failed step's output tail, as a failing test run would leave it. */
const SYNTHETIC_TAIL = ['> node --test test/', 'not ok 1 - --verbose is accepted and keeps every column', '  AssertionError: expected true, got undefined', '# tests 4', '# pass 3', '# fail 1'].join('\n');

async function replanRequestFor(goal: string, steps: readonly Step[]): Promise<ReplanRequest> {
  const brokenIndex = steps.findIndex((step) => step.postcondition !== undefined);
  if (brokenIndex < 0) throw new Error('the plan has no step with a postcondition to fail');
  const broken = steps[brokenIndex]!;
  const line = (step: Step, status: StepLine['status']): StepLine => ({ id: step.id, tool: step.tool, summary: summarizeArgs(step), status });
  const invalid = new Set([broken.id]);
  const invalidated: Step[] = [];
  const waiting: StepLine[] = [];
  for (const step of steps.slice(brokenIndex + 1)) {
    if ((step.dependsOn ?? []).some((id) => invalid.has(id))) {
      invalid.add(step.id);
      invalidated.push(step);
    } else waiting.push(line(step, 'pending'));
  }
  const detail = `expected the file to contain ${JSON.stringify(broken.postcondition && 'text' in broken.postcondition ? broken.postcondition.text : '…')}, found no match`;
  return {
    goal,
    revision: 1,
    frozen: steps.slice(0, brokenIndex).map((step) => line(step, 'succeeded')),
    broken: { step: broken, status: 'failed', attempts: 1, failure: { kind: 'definite', reason: 'postcondition', message: `postcondition failed: ${detail}`, outputTail: SYNTHETIC_TAIL }, checkDetail: detail, evidence: [] },
    invalidated,
    waiting,
  };
}

function row(name: string, messages: readonly ChatMessage[], prefix: number): string {
  const total = estimatePromptTokens(messages, [], countTokens);
  const share = `${prefix} (${Math.round((prefix / total) * 100)}%)`;
  return `${name.padEnd(12)} ${String(total).padStart(6)}   ${share.padStart(12)}   ${String(total - prefix).padStart(9)}`;
}

async function main(): Promise<void> {
  const planFile = path.resolve(process.argv[2] ?? path.join(ROOT, 'examples/demo-workspace/add-verbose-flag.plan.json'));
  const workspaceDir = path.resolve(process.argv[3] ?? path.join(ROOT, 'examples/demo-workspace'));
  const parsed = parsePlanText(readFileSync(planFile, 'utf8'), planFile);
  if (!parsed.ok) throw new Error(`${planFile} is not a valid plan`);
  const workspace = new NodeWorkspace(workspaceDir);
  const summary = await summarizeWorkspace(workspace, { openFiles: ['src/cli.js'] });
  const planning = buildPlannerPrompt(parsed.plan.goal, summary);
  const replanning = buildReplanPrompt(await replanRequestFor(parsed.plan.goal, parsed.plan.steps));
  if (planning[0]!.content !== replanning[0]!.content) throw new Error('the planning and re-planning prefixes differ');
  const prefix = countTokens(plannerSystemMessage().content);

  console.log(`Prompt tokens (o200k_base, gpt-tokenizer) for "${parsed.plan.goal}"`);
  console.log(`plan: ${path.relative(ROOT, planFile)}; workspace summary of ${path.relative(ROOT, workspaceDir)} (src/cli.js open)`);
  console.log('');
  console.log(`${'request'.padEnd(12)} ${'total'.padStart(6)}   ${'shared prefix'.padStart(12)}   ${'task part'.padStart(9)}`);
  console.log(row('planning', planning, prefix));
  console.log(row('re-planning', replanning, prefix));
  console.log('');
  console.log('The shared prefix is the identical system message (role, tool signatures, plan language) both requests start with.');
  console.log('');
  console.log(`plan reply: ${countTokens(JSON.stringify(parsed.plan))} tokens as plan-file JSON, ${countTokens(encodeCompactPlan(parsed.plan.steps, { terse: true }))} in the plan language`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
