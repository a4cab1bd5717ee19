// Edits a person makes to a plan in the editor — replace, insert, delete and move a step — as pure
// functions from a plan to the edited plan. The result is not trusted: it goes through the validation
// gate (or, during a run, through the executor's revision) like any other plan.
import type { PlanProblem } from './planProblem';
import { formatProblem } from './planProblem';
import { dependenciesOf, topologicalOrder } from './planGraph';
import type { Plan, Step } from './planSchema';

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

/** A move in execution order: the reordered plan, or why the step cannot move there. */
export type MoveResult = { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly reason: string };

/**
 * Moves `stepId` one place (-1 up, +1 down) in execution order, the order the tree numbers steps in; the
 * plan's steps come back in that order. Refused, with the reason, when the step would go above a step it
 * depends on (or below one that depends on it), and at either end. `name` says how a message names a step.
 */
export function moveInExecutionOrder(plan: Plan, stepId: string, delta: -1 | 1, name: (stepId: string) => string = (id) => id): MoveResult {
  let order: Step[];
  try {
    order = topologicalOrder(plan);
  } catch {
    return { ok: true, plan: moveStep(plan, stepId, delta) };
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
  return { ok: true, plan: { ...plan, steps } };
}

/** The first id `<prefix><n>` (n from 1) that no step of `plan` uses. */
export function unusedStepId(plan: Pick<Plan, 'steps'>, prefix = 'E'): string {
  const used = new Set(plan.steps.map((step) => step.id));
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** Example arguments and postcondition per tool, for a new step a person then fills in. */
const TEMPLATES: Readonly<Record<string, Pick<Step, 'args' | 'postcondition'>>> = {
  readFile: { args: { path: 'src/index.ts' } },
  listFiles: { args: { glob: 'src/**/*.ts' } },
  searchText: { args: { pattern: 'TODO' } },
  writeFile: { args: { path: 'notes.md', content: '' }, postcondition: { kind: 'fileExists', path: 'notes.md' } },
  appendFile: { args: { path: 'notes.md', content: 'A new line\n' }, postcondition: { kind: 'fileContains', path: 'notes.md', text: 'A new line' } },
  editFile: { args: { path: 'src/index.ts', edits: [{ find: 'old text', replace: 'new text' }] }, postcondition: { kind: 'fileContains', path: 'src/index.ts', text: 'new text' } },
  deleteFile: { args: { path: 'old.txt' }, postcondition: { kind: 'fileAbsent', path: 'old.txt' } },
  renameFile: { args: { from: 'old.txt', to: 'new.txt' }, postcondition: { kind: 'fileExists', path: 'new.txt' } },
  runCommand: { args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 } },
  generate: { args: { instruction: 'Summarize what the plan found' } },
  proposeEdit: { args: { path: 'src/index.ts', instruction: 'Describe the change' }, postcondition: { kind: 'fileExists', path: 'src/index.ts' } },
};

/** A new step calling `tool`, with a fresh id, after `afterId` (which it depends on), to be filled in. */
export function newStep(plan: Pick<Plan, 'steps'>, tool: string, afterId?: string): Step {
  const template = TEMPLATES[tool] ?? { args: {} };
  return {
    id: unusedStepId(plan),
    title: `New ${tool} step`,
    tool,
    args: structuredClone(template.args),
    ...(afterId ? { dependsOn: [afterId] } : {}),
    ...(template.postcondition ? { postcondition: structuredClone(template.postcondition) } : {}),
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
