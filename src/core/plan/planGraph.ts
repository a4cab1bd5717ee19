// The step graph of a plan: what each step waits for (explicit `dependsOn` plus the implicit
// dependencies of its `#<id>` references), the order to run steps in, which steps are ready, and which
// steps a failure invalidates. Pure; the index of a frozen (validated) plan is computed once.
import { PlanError } from './planError';
import type { Plan, Step } from './planSchema';
import { implicitDependencies, referenceOccurrences } from './references';
import type { StepStatus } from './stepStatus';

/** The graph of one plan, by step id. */
interface PlanIndex {
  readonly byId: ReadonlyMap<string, Step>;
  readonly ids: ReadonlySet<string>;
  readonly dependencies: ReadonlyMap<string, readonly string[]>;
  readonly dependents: ReadonlyMap<string, readonly string[]>;
  /** Steps that wait for ids no step has yet (a plan still being written): they are not ready. */
  readonly waitingForUnseen: ReadonlySet<string>;
}

/** What the graph is read from: a plan, or the steps of one the gate is still checking. */
type StepList = { readonly steps: readonly Step[] };

/** Indexes of frozen plans; a plan that can still change is indexed on every call. */
const INDEXES = new WeakMap<StepList, PlanIndex>();

function indexPlan(plan: StepList): PlanIndex {
  const cached = INDEXES.get(plan);
  if (cached) return cached;
  const byId = new Map<string, Step>();
  for (const step of plan.steps) if (!byId.has(step.id)) byId.set(step.id, step);
  const ids = new Set(byId.keys());
  const dependencies = new Map<string, readonly string[]>();
  const dependents = new Map<string, string[]>([...ids].map((id) => [id, []]));
  for (const step of byId.values()) {
    const list = computeDependencies(step, ids);
    dependencies.set(step.id, list);
    for (const id of list) dependents.get(id)!.push(step.id);
  }
  const waitingForUnseen = new Set([...byId.values()].filter((step) => waitsForUnseen(step, ids)).map((step) => step.id));
  const index = { byId, ids, dependencies, dependents, waitingForUnseen };
  if (Object.isFrozen(plan)) INDEXES.set(plan, index);
  return index;
}

/** Explicit then implicit dependencies, each once, only ids of this plan, never the step itself. */
function computeDependencies(step: Step, ids: ReadonlySet<string>): string[] {
  const list = new Set<string>();
  for (const id of step.dependsOn ?? []) if (ids.has(id) && id !== step.id) list.add(id);
  for (const id of implicitDependencies(step, ids)) list.add(id);
  return [...list];
}

/** True when `step` names, in `dependsOn` or as `#E<n>`, a step that is not (yet) in the plan. */
function waitsForUnseen(step: Step, ids: ReadonlySet<string>): boolean {
  if (step.dependsOn?.some((id) => !ids.has(id))) return true;
  const values = step.compensation ? [step.args, step.compensation.args] : [step.args];
  return values.some((value) => referenceOccurrences(value, ids).some((occurrence) => occurrence.dangling));
}

/** The step with this id, or `undefined`. */
export function stepById(plan: Plan, id: string): Step | undefined {
  return indexPlan(plan).byId.get(id);
}

/** The ids of the steps `step` waits for: its `dependsOn` and every step its arguments reference. */
export function dependenciesOf(step: Step, plan: Plan): readonly string[] {
  const index = indexPlan(plan);
  return index.byId.get(step.id) === step ? index.dependencies.get(step.id)! : computeDependencies(step, index.ids);
}

/** The ids of the steps that wait directly for `stepId`. */
export function directDependentsOf(plan: Plan, stepId: string): readonly string[] {
  const dependents = indexPlan(plan).dependents.get(stepId);
  if (!dependents) throw new PlanError('unknownStep', `No step "${stepId}" in this plan`);
  return dependents;
}

/** Whether `stepId` names, in `dependsOn` or as `#E<n>`, a step the plan does not have yet: it is not ready. */
export function waitsForUnseenStep(plan: Plan, stepId: string): boolean {
  return indexPlan(plan).waitingForUnseen.has(stepId);
}

/** Every step that transitively depends on `stepId` (not the step itself): what its failure invalidates. */
export function dependentsOf(plan: StepList, stepId: string): ReadonlySet<string> {
  const index = indexPlan(plan);
  if (!index.ids.has(stepId)) throw new PlanError('unknownStep', `No step "${stepId}" in this plan`);
  const found = new Set<string>();
  const queue = [stepId];
  for (let head = 0; head < queue.length; head++) {
    for (const dependent of index.dependents.get(queue[head])!) {
      if (!found.has(dependent)) {
        found.add(dependent);
        queue.push(dependent);
      }
    }
  }
  return found;
}

/**
 * The steps in an order where each comes after everything it depends on, otherwise keeping plan order.
 * Throws `PlanError` (`cycle`) naming the cycle; a plan through the gate never has one.
 */
export function topologicalOrder(plan: Plan): Step[] {
  const index = indexPlan(plan);
  const state = new Map<string, 'visiting' | 'done'>();
  const order: Step[] = [];
  for (const root of index.byId.keys()) {
    if (state.has(root)) continue;
    state.set(root, 'visiting');
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const dependencies = index.dependencies.get(frame.id)!;
      if (frame.next < dependencies.length) {
        const dependency = dependencies[frame.next++];
        const seen = state.get(dependency);
        if (seen === 'visiting') {
          const cycle = [...stack.slice(stack.findIndex((entry) => entry.id === dependency)).map((entry) => entry.id), dependency];
          throw new PlanError('cycle', `dependency cycle: ${cycle.join(' → ')}`);
        }
        if (seen === undefined) {
          state.set(dependency, 'visiting');
          stack.push({ id: dependency, next: 0 });
        }
        continue;
      }
      stack.pop();
      state.set(frame.id, 'done');
      order.push(index.byId.get(frame.id)!);
    }
  }
  return order;
}

/**
 * The steps that may start now, in plan order: each is `pending` or `approved` (a missing status counts
 * as `pending`), every step it depends on has `succeeded`, and none it names is still to come (only a
 * plan still being written has such names). Pending ones still need their approval.
 */
export function readySteps(plan: Plan, statusById: ReadonlyMap<string, StepStatus>): Step[] {
  const index = indexPlan(plan);
  const statusOf = (id: string): StepStatus => statusById.get(id) ?? 'pending';
  return [...index.byId.values()].filter((step) => {
    const status = statusOf(step.id);
    return (
      (status === 'pending' || status === 'approved') &&
      !index.waitingForUnseen.has(step.id) &&
      index.dependencies.get(step.id)!.every((dependency) => statusOf(dependency) === 'succeeded')
    );
  });
}
