// Edits a person makes to a plan in the editor — replace, insert, delete and move a step — as pure
// functions from a plan to the edited plan. The result is not trusted: it goes through the validation
// gate (or, during a run, through the executor's revision) like any other plan.
import type { PlanProblem } from './planProblem';
import { formatProblem } from './planProblem';
import { dependenciesOf, topologicalOrder } from './planGraph';
import type { Plan, Step } from './planSchema';
import { renumberSteps } from './renumberSteps';
import { stepReference } from './stepNumbers';

/** The plan with `stepId` replaced by `step` (which may carry a new id). */
export function replaceStep(plan: Plan, stepId: string, step: Step): Plan {
  return { ...plan, steps: plan.steps.map((existing) => (existing.id === stepId ? step : existing)) };
}

/** The plan with `step` inserted right after `afterId` (at the end when `afterId` is not a step). */
export function insertStepAfter(plan: Plan, afterId: string | undefined, step: Step): Plan {
  const index = plan.steps.findIndex((existing) => existing.id === afterId);
  const steps = [...plan.steps];
  steps.splice(index === -1 ? steps.length : index + 1, 0, step);
  return { ...plan, steps };
}

/**
 * The plan without `stepId`. Steps that waited for it wait for what it waited for instead, so the order
 * the plan promised still holds; `#<id>` references to its output are left for the gate to report.
 */
export function removeStep(plan: Plan, stepId: string): Plan {
  const removed = plan.steps.find((step) => step.id === stepId);
  const inherited = removed?.dependsOn ?? [];
  const steps = plan.steps
    .filter((step) => step.id !== stepId)
    .map((step) => {
      if (!step.dependsOn?.includes(stepId)) return step;
      const dependsOn = [...new Set(step.dependsOn.flatMap((id) => (id === stepId ? inherited : [id])))];
      const { dependsOn: _old, ...rest } = step;
      return dependsOn.length > 0 ? { ...rest, dependsOn } : rest;
    });
  return { ...plan, steps };
}

/** The plan with `stepId` moved `delta` places (-1 up, +1 down), or unchanged at either end. */
export function moveStep(plan: Plan, stepId: string, delta: -1 | 1): Plan {
  const index = plan.steps.findIndex((step) => step.id === stepId);
  const target = index + delta;
  if (index === -1 || target < 0 || target >= plan.steps.length) return plan;
  const steps = [...plan.steps];
  [steps[index], steps[target]] = [steps[target]!, steps[index]!];
  return { ...plan, steps };
}

/** A move in execution order: the reordered plan and the ids it renumbered (old to new), or why the step cannot move there. */
export type MoveResult = { readonly ok: true; readonly plan: Plan; readonly renames: ReadonlyMap<string, string> } | { readonly ok: false; readonly reason: string };

/**
 * Moves `stepId` one place (-1 up, +1 down) in execution order, the order the tree numbers steps in; the
 * plan's steps come back in that order. Refused, with the reason, when the step would go above a step it
 * depends on (or below one that depends on it), and at either end; the reason names steps as the tree does.
 * With `renumber` (a plan that has not run, so no journal keys its ids) the ids then follow the new order
 * (renumberSteps.ts), so a row's number and its step's id never disagree.
 */
export function moveInExecutionOrder(plan: Plan, stepId: string, delta: -1 | 1, renumber = false): MoveResult {
  const name = (id: string) => stepReference(plan, id);
  let order: Step[];
  try {
    order = topologicalOrder(plan);
  } catch {
    return { ok: true, plan: moveStep(plan, stepId, delta), renames: new Map() };
  }
  const index = order.findIndex((step) => step.id === stepId);
  const other = order[index + delta];
  if (index === -1 || !other) return { ok: false, reason: `${name(stepId)} is already ${delta < 0 ? 'first' : 'last'}.` };
  const [upper, lower] = delta < 0 ? [other, order[index]!] : [order[index]!, other];
  if (dependenciesOf(lower, plan).includes(upper.id)) {
    return { ok: false, reason: `${name(stepId)} cannot move ${delta < 0 ? 'above' : 'below'} ${name(other.id)}: ${name(lower.id)} runs after ${name(upper.id)}, which it depends on.` };
  }
  const steps = [...order];
  [steps[index], steps[index + delta]] = [other, order[index]!];
  const moved = { ...plan, steps };
  return renumber ? { ok: true, ...renumberSteps(moved) } : { ok: true, plan: moved, renames: new Map() };
}

/** The first id `<prefix><n>` (n from 1) that no step of `plan` uses. */
export function unusedStepId(plan: Pick<Plan, 'steps'>, prefix = 'E'): string {
  const used = new Set(plan.steps.map((step) => step.id));
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** Example arguments and postcondition per tool, for a new step a person then fills in, about the file `file`. */
function template(tool: string, file: string): Pick<Step, 'args' | 'postcondition'> {
  const slash = file.lastIndexOf('/');
  const dot = file.lastIndexOf('.');
  const glob = `${slash > 0 ? `${file.slice(0, slash)}/` : ''}**/*${dot > slash + 1 ? file.slice(dot) : ''}`;
  switch (tool) {
    case 'readFile':
      return { args: { path: file } };
    case 'listFiles':
      return { args: { glob } };
    case 'searchText':
      return { args: { pattern: 'TODO' } };
    case 'writeFile':
      return { args: { path: 'notes.md', content: '' }, postcondition: { kind: 'fileExists', path: 'notes.md' } };
    case 'appendFile':
      return { args: { path: 'notes.md', content: 'A new line\n' }, postcondition: { kind: 'fileContains', path: 'notes.md', text: 'A new line' } };
    case 'editFile':
      return { args: { path: file, edits: [{ find: 'old text', replace: 'new text' }] }, postcondition: { kind: 'fileContains', path: file, text: 'new text' } };
    case 'deleteFile':
      return { args: { path: 'old.txt' }, postcondition: { kind: 'fileAbsent', path: 'old.txt' } };
    case 'renameFile':
      return { args: { from: 'old.txt', to: 'new.txt' }, postcondition: { kind: 'fileExists', path: 'new.txt' } };
    case 'runCommand':
      return { args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 } };
    case 'generate':
      return { args: { instruction: 'Summarize what the plan found' } };
    case 'proposeEdit':
      return { args: { path: file, instruction: 'Describe the change' }, postcondition: { kind: 'fileExists', path: file } };
    case 'subplan':
      return { args: { goal: 'Describe the part of the task', scope: [file] }, postcondition: { kind: 'fileExists', path: file } };
    default:
      return { args: {} };
  }
}

/**
 * The file a new step's example arguments name: the one the step it follows works on, else the first file a
 * step of the plan names, else README.md, so a template never names a file of another language's project.
 */
export function exampleFile(plan: Pick<Plan, 'steps'>, afterId?: string): string {
  const fileOf = (step: Step | undefined): string | undefined => {
    const args = (step?.args ?? {}) as Record<string, unknown>;
    const path = args['path'] ?? args['from'];
    return typeof path === 'string' && path !== '' && !path.includes('#') ? path : undefined;
  };
  return fileOf(plan.steps.find((step) => step.id === afterId)) ?? plan.steps.map(fileOf).find((path) => path !== undefined) ?? 'README.md';
}

/** A new step calling `tool`, with a fresh id, after `afterId` (which it depends on), to be filled in. */
export function newStep(plan: Pick<Plan, 'steps'>, tool: string, afterId?: string): Step {
  const example = template(tool, exampleFile(plan, afterId));
  return {
    id: unusedStepId(plan),
    title: `New ${tool} step`,
    tool,
    args: structuredClone(example.args),
    ...(afterId ? { dependsOn: [afterId] } : {}),
    ...(example.postcondition ? { postcondition: structuredClone(example.postcondition) } : {}),
  };
}

/** The gate's problems by step id ('' for problems about the plan as a whole), as text. */
export function problemsByStep(problems: readonly PlanProblem[]): ReadonlyMap<string, readonly string[]> {
  const byStep = new Map<string, string[]>();
  for (const problem of problems) {
    const key = problem.stepId ?? '';
    byStep.set(key, [...(byStep.get(key) ?? []), formatProblem(problem)]);
  }
  return byStep;
}
