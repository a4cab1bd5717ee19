// A patch to a running plan: replace a step, add one, drop one. The re-planner and the repair call
// answer with a patch instead of a whole plan, so a one-step fix costs one line. Applying a patch is
// pure: it touches only steps that have not started (or broke), new ids must be fresh, the file hazards
// of its steps order them as a plan's lines would, and the result is the next revision through the same
// validation gate as any plan.
import { appendPatchedStep } from './patchAppend';
import { withPatchHazards } from './patchHazards';
import type { PlanProblem } from './planProblem';
import type { Step, ValidPlan } from './planSchema';
import type { StepStatus } from './stepStatus';
import { validatePlan, type PlanValidation } from './validatePlan';

/** How a patch is applied: as a whole (the default), or as the lines of one still arriving. */
export interface ApplyPatchOptions {
  /** References to steps not written yet wait, as in a plan still being streamed. */
  readonly openReferences?: boolean;
  /** The revision the result carries; the plan's next one unless the patch continues an open revision. */
  readonly revision?: number;
  /**
   * Steps earlier lines of the same streamed patch wrote: a wait one of them got from a file hazard gives way
   * when this patch's written order contradicts it (patchOrder.ts).
   */
  readonly earlierLines?: ReadonlySet<string>;
}

/**
 * One line of a patch: put `step` in place of step `id`, drop `id`, or add `step` — at the end, or right
 * after step `after`, which it then also waits for.
 */
export type PatchOp =
  | { readonly op: 'replace'; readonly id: string; readonly step: Step }
  | { readonly op: 'add'; readonly step: Step; readonly after?: string }
  | { readonly op: 'drop'; readonly id: string };

/** A patch: its operations, applied in order. */
export type PlanPatch = readonly PatchOp[];

/**
 * Steps a patch may replace or drop: not started yet, or broken. A step that is running, succeeded or
 * was skipped is frozen: it happened (or is happening) as written.
 */
const PATCHABLE: ReadonlySet<StepStatus> = new Set(['pending', 'awaitingApproval', 'approved', 'failed', 'unknown', 'invalidated', 'cancelled']);

/** Whether a step in `status` may be replaced or dropped by a patch. */
export function isPatchable(status: StepStatus): boolean {
  return PATCHABLE.has(status);
}

/** The id an operation is about. */
function targetOf(op: PatchOp): string {
  return op.op === 'add' ? op.step.id : op.id;
}

/**
 * Applies `patch` to `plan` as it stands (`statuses`): the next revision through the gate, or every
 * problem, each located at `patch[i]` (or in a step, by the gate).
 */
export function applyPatch(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>, patch: PlanPatch, options: ApplyPatchOptions = {}): PlanValidation {
  const appended = options.openReferences ? appendedLine(plan, statuses, patch, options.revision ?? (plan.revision ?? 0) + 1) : undefined;
  if (appended) return appended;
  const problems: PlanProblem[] = [];
  const order: (Step | undefined)[] = [...plan.steps];
  const indexOf = new Map(plan.steps.map((step, index) => [step.id, index]));
  const added = new Map<string, Step[]>();
  const addedIds = new Set<string>();
  const touched = new Set<string>();
  /** Puts one operation in place, or says why it cannot be. */
  const place = (op: PatchOp): string | undefined => {
    const id = targetOf(op);
    if (touched.has(id)) return `${id} is already changed by an earlier line of this patch`;
    touched.add(id);
    if (op.op === 'add') {
      if (indexOf.has(id)) return `${id} is already a step of the plan; a new step needs a new id`;
      const anchor = op.after ?? '';
      if (op.after !== undefined && !indexOf.has(op.after) && !addedIds.has(op.after)) return `"after ${op.after}": there is no step ${op.after}`;
      // Appended in place: copying the list for each line made a patch of many adds quadratic.
      const list = added.get(anchor) ?? [];
      list.push(op.after === undefined ? op.step : anchored(op.step, op.after));
      added.set(anchor, list);
      addedIds.add(id);
      return undefined;
    }
    const where = indexOf.get(id);
    if (where === undefined) return `there is no step ${id} to ${op.op}`;
    const status = statuses.get(id) ?? 'pending';
    if (!isPatchable(status)) return `${id} has ${status === 'running' ? 'started' : status}, so it is frozen and cannot be ${op.op === 'drop' ? 'dropped' : 'replaced'}`;
    if (op.op === 'replace' && op.step.id !== id) return `the step replacing ${id} must keep the id ${id}`;
    order[where] = op.op === 'replace' ? op.step : undefined;
    return undefined;
  };

  for (const [index, op] of patch.entries()) {
    const problem = place(op);
    if (problem) problems.push({ stepId: targetOf(op), path: `patch[${index}]`, message: problem });
  }
  if (problems.length > 0) return { ok: false, problems };
  const patched = new Set(patch.filter((op) => op.op !== 'drop').map(targetOf));
  const revision = options.revision ?? (plan.revision ?? 0) + 1;
  const placed = placeAdded(plan.steps, order, added);
  const dropped = patch.flatMap((op) => (op.op === 'drop' ? [op.id] : []));
  const steps = withPatchHazards(options.openReferences ? bypassDropped(placed, plan.steps, dropped) : placed, patched, statuses, options.earlierLines);
  return validatePlan({ ...plan, revision, steps }, { openReferences: options.openReferences === true });
}

/** `step` added after `anchor`, which it then waits for. */
function anchored(step: Step, anchor: string): Step {
  return { ...step, dependsOn: [...new Set([...(step.dependsOn ?? []), anchor])] };
}

/**
 * The verdict of a one-line patch that adds a step at the end of the plan (after nothing, or after its
 * last step), at the cost of that step (patchAppend.ts); `undefined` for any other patch.
 */
function appendedLine(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>, patch: PlanPatch, revision: number): PlanValidation | undefined {
  const op = patch.length === 1 ? patch[0]! : undefined;
  if (op?.op !== 'add') return undefined;
  if (op.after === undefined) return appendPatchedStep(plan, statuses, op.step, revision);
  return op.after === plan.steps[plan.steps.length - 1]?.id ? appendPatchedStep(plan, statuses, anchored(op.step, op.after), revision) : undefined;
}

/**
 * The kept steps in plan order, each added step right after its anchor (a dropped or replaced anchor
 * still anchors at its place), steps added after an added step after that one, the rest at the end.
 */
function placeAdded(original: readonly Step[], order: readonly (Step | undefined)[], added: ReadonlyMap<string, readonly Step[]>): Step[] {
  const steps: Step[] = [];
  // Depth first without recursion: a patch may chain thousands of adds, each after the one before.
  const emit = (anchor: string) => {
    const pending: Iterator<Step>[] = [(added.get(anchor) ?? []).values()];
    while (pending.length > 0) {
      const next = pending[pending.length - 1]!.next();
      if (next.done) {
        pending.pop();
        continue;
      }
      steps.push(next.value);
      pending.push((added.get(next.value.id) ?? []).values());
    }
  };
  order.forEach((step, index) => {
    if (step) steps.push(step);
    emit(original[index]!.id);
  });
  emit('');
  return steps;
}

/**
 * `steps` with every wait on a dropped step handed on to what that step waited for. A streamed patch's lines
 * arrive one by one, so a step added before a later line drops its neighbour may wait on it (a file
 * hazard); applied whole, the patch would have ordered it after the same steps.
 */
function bypassDropped(steps: readonly Step[], original: readonly Step[], dropped: readonly string[]): Step[] {
  if (dropped.length === 0) return [...steps];
  const waitsOf = new Map(original.map((step) => [step.id, step.dependsOn ?? []]));
  const gone = new Set(dropped);
  const handOn = (id: string, seen: Set<string>): string[] => {
    if (!gone.has(id)) return [id];
    if (seen.has(id)) return [];
    seen.add(id);
    return (waitsOf.get(id) ?? []).flatMap((next) => handOn(next, seen));
  };
  return steps.map((step) => {
    if (!(step.dependsOn ?? []).some((id) => gone.has(id))) return step;
    return { ...step, dependsOn: [...new Set((step.dependsOn ?? []).flatMap((id) => handOn(id, new Set())))] };
  });
}
