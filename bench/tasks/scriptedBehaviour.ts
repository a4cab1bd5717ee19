// What a competent model says for a task, turn by turn, in each mode: the planner's plan, the re-planner's
// patch (or the worker's repair) after the fault or the lapse, the solver's summary, the worker's drafts, and the fused agent's native
// tool calls — the plan's calls in the plan's order, consecutive independent calls in one turn, with the
// references already resolved (an agent sees the outputs and writes them out).
import { findTool } from '../../src/core/tools/toolCatalog';
import { escalationReason, type IntendedAction } from '../../src/core/fused/escalationRule';
import { encodeEachPlan } from '../../src/core/plan/compact/eachLines';
import { formatCheck } from '../../src/core/plan/compact/checkGrammar';
import { implicitDependencies, resolveReferences } from '../../src/core/plan/references';
import type { Step } from '../../src/core/plan/planSchema';
import { stepFlags } from '../../src/core/plan/stepFlags';
import { walkChecks } from '../../src/core/plan/walkChecks';
import { encodeStepLine, encodeAddedStepLines } from '../../src/core/replanner/stepLine';
import type { BenchTask } from './benchTask';
import { followUpSteps } from './v2/v2Script';

/** One native tool call. `args` are the tool's arguments (plus a runCommand's `idempotent` and `expectExitCode`). */
export interface ScriptedCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** One reply of the fused agent: tool calls, or the final answer. */
export type ScriptedTurn = { readonly kind: 'calls'; readonly calls: readonly ScriptedCall[] } | { readonly kind: 'final'; readonly text: string };

/** The plan's steps as the model first writes or calls them: without the step a lapse leaves out. */
export function firstAttemptSteps(task: BenchTask, steps: readonly Step[] = task.plan.steps): readonly Step[] {
  return task.lapse ? steps.filter((step) => step.id !== task.lapse!.stepId) : steps;
}

/**
 * The planner's reply: the goal's acceptance checks (the task's ground truth) as `done` lines, then the plan's
 * steps in the compact plan language, written as the prompt asks — a title per step, no check the call already
 * guarantees, one `each` line for the same call on several files (a lapse's step left out).
 */
export function plannerReply(task: BenchTask): string {
  return [...task.groundTruth.map((check) => `done ${formatCheck(check)}`), encodeEachPlan(firstAttemptSteps(task))].join('\n');
}

/** The re-planner's patch when the acceptance checks failed after a lapse: the step left out, added. */
function lapseReply(task: BenchTask): string {
  const step = task.plan.steps.find((candidate) => candidate.id === task.lapse!.stepId)!;
  return encodeAddedStepLines([step]).map(({ line }) => `add ${step.id} ${line}`).join('\n');
}

/**
 * The steps that are left once `frozenIds` are done, the faulty step replaced by its fix. A v2 task
 * (with follow-up steps) answers its discovery's failure with them; `brokenId` says which step failed.
 */
export function replanSteps(task: BenchTask, frozenIds: ReadonlySet<string>, brokenId?: string): Step[] {
  if (task.followUp) return followUpSteps({ ...task, followUp: task.followUp }, frozenIds, brokenId);
  return task.plan.steps.filter((step) => !frozenIds.has(step.id)).map((step) => (task.fault && step.id === task.fault.stepId ? task.fault.fixed : step));
}

/**
 * The re-planner's reply, a patch: the faulty step replaced by its fix; for a v2 task whose discovery
 * check failed, that check dropped and the follow-up steps (the edits the check's output named, then the
 * check again and the tests) added, the same call on several files as one `each` line; after a lapse (no
 * step broke, the plan lacks the lapse's step) that step added. Nothing when there is nothing to fix.
 */
export function replanReply(task: BenchTask, brokenId?: string, planIds: ReadonlySet<string> = new Set()): string {
  if (task.lapse && brokenId === undefined && !planIds.has(task.lapse.stepId)) return lapseReply(task);
  if (task.fault && (brokenId === undefined || brokenId === task.fault.stepId)) return `replace ${task.fault.stepId} ${encodeStepLine(task.fault.fixed)}`;
  if (task.followUp && brokenId !== undefined && task.plan.steps.some((step) => step.id === brokenId)) {
    return [`drop ${brokenId}`, ...encodeAddedStepLines(task.followUp).map(({ steps, line }) => `add ${steps[0]!.id} ${line}`)].join('\n');
  }
  return '';
}

/** The worker's reply to a repair request: the faulty step's fix as one step line. */
export function repairReply(task: BenchTask): string {
  return task.fault ? encodeStepLine(task.fault.fixed) : '';
}

/**
 * The plan's steps as the fused agent's turns: in plan order, each turn taking the following steps for
 * as long as none of them needs a step of the same turn (independent calls go out together).
 */
export function callBatches(steps: readonly Step[]): Step[][] {
  const ids = new Set(steps.map((step) => step.id));
  const batches: Step[][] = [];
  let current: Step[] = [];
  for (const step of steps) {
    const needs = new Set([...(step.dependsOn ?? []), ...implicitDependencies(step, ids)]);
    if (current.some((earlier) => needs.has(earlier.id))) {
      batches.push(current);
      current = [];
    }
    current.push(step);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** What each step outputs, as far as a later step's references need it (files read, worker drafts). */
function staticOutputs(task: BenchTask): Map<string, string> {
  const outputs = new Map<string, string>();
  let worker = 0;
  for (const step of task.plan.steps) {
    if (step.tool === 'readFile') outputs.set(step.id, task.files[String(step.args.path)] ?? '');
    if (step.tool === 'generate') outputs.set(step.id, task.workerReplies[worker++] ?? '');
  }
  return outputs;
}

/** The exit code a step's postcondition expects of its command, when it names one. */
function expectedExitCode(step: Step): number | undefined {
  let code: number | undefined;
  if (step.postcondition) walkChecks(step.postcondition, (check) => {
    if (check.kind === 'exitCode') code = check.equals;
  });
  return code;
}

/** The native call for a step: its arguments with references resolved, and a command's flag and exit code. */
export function callOf(step: Step, outputs: ReadonlyMap<string, string>): ScriptedCall {
  const args = resolveReferences(step.args, outputs) as Record<string, unknown>;
  if (step.tool !== 'runCommand') return { name: step.tool, args };
  const code = expectedExitCode(step);
  return { name: step.tool, args: { ...args, ...(step.idempotent ? { idempotent: true } : {}), ...(code !== undefined && code !== 0 ? { expectExitCode: code } : {}) } };
}

/**
 * The fused agent's turns: one per batch of its calls (the plan's in v1; one per call when `parallelCalls`
 * is false, as agents without parallel tool calls work), the recovery turn right after the faulty call's,
 * then the answer. After a lapse the first answer comes too soon, without the lapse's call: told which check
 * fails, the agent makes that call and answers again.
 */
export function fusedTurns(task: BenchTask, parallelCalls = true): ScriptedTurn[] {
  const outputs = staticOutputs(task);
  const turns: ScriptedTurn[] = [];
  const steps = firstAttemptSteps(task, task.agentSteps ?? task.plan.steps);
  for (const batch of parallelCalls ? callBatches(steps) : steps.map((step) => [step])) {
    turns.push({ kind: 'calls', calls: batch.map((step) => callOf(step, outputs)) });
    const faulty = task.fault && batch.some((step) => step.id === task.fault!.stepId);
    if (faulty) turns.push({ kind: 'calls', calls: [callOf(task.fault!.fixed, outputs)] });
  }
  turns.push({ kind: 'final', text: task.summary });
  const left = task.lapse && (task.agentSteps ?? task.plan.steps).find((step) => step.id === task.lapse!.stepId);
  if (left) turns.push({ kind: 'calls', calls: [callOf(left, outputs)] }, { kind: 'final', text: task.summary });
  return turns;
}

/** The actions a competent agent expects a task to need: its calls (the plan's steps in v1) with their effect classes. */
export function expectedActions(task: BenchTask): IntendedAction[] {
  return (task.agentSteps ?? task.plan.steps).map((step) => ({ tool: step.tool, effect: findTool(step.tool)!.effect(step.args, stepFlags(step)) }));
}

/** In `auto` mode: why the agent escalates at once (its first call is make_plan), or undefined to stay fused. */
export function autoEscalation(task: BenchTask): string | undefined {
  return escalationReason(expectedActions(task));
}
