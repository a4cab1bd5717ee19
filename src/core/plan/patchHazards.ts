// The order a patch's steps imply, as a whole plan's lines do: a patch line is read on its own, so the
// file hazards between its step and the rest of the plan are added once the patch is in place. A
// replaced or added step waits for every earlier step it has a hazard with that has not finished, and a
// later step that has not started waits for a patched step it has a hazard with. Steps that finished
// need no ordering, so they add no edge; a patched step's edges already reached through another
// dependency are left out. "Earlier" is in the order the written dependencies give (patchOrder.ts), not
// where a line landed: an `after` or a `#E` reference always wins over an order a hazard would infer.
import { DependencyContext, hasHazard, stepAccess } from './compact/impliedDependencies';
import { dependencyOrder } from './patchOrder';
import type { Step } from './planSchema';
import type { StepStatus } from './stepStatus';

/** Statuses of steps whose effect is over: nothing needs to wait for them any more. */
const FINISHED: ReadonlySet<StepStatus> = new Set(['succeeded', 'skipped']);
/** Statuses of steps that have not started: the only ones whose dependencies may still change. */
const NOT_STARTED: ReadonlySet<StepStatus> = new Set(['pending', 'awaitingApproval', 'approved', 'invalidated']);

/** `steps` (a revision in order) with the hazard dependencies of the steps in `patched` added; `earlierLines` as in ApplyPatchOptions. */
export function withPatchHazards(steps: readonly Step[], patched: ReadonlySet<string>, statuses: ReadonlyMap<string, StepStatus>, earlierLines: ReadonlySet<string> = new Set()): Step[] {
  if (patched.size === 0) return [...steps];
  const context = new DependencyContext();
  const result: Step[] = [];
  const patchedSoFar: Step[] = [];
  // A step an earlier line of a streamed patch wrote, not started, may lose a wait a hazard gave it then.
  const mayDrop = (step: Step) => earlierLines.has(step.id) && !patched.has(step.id) && NOT_STARTED.has(statuses.get(step.id) ?? 'pending');
  for (const step of dependencyOrder(steps, mayDrop)) {
    let next = step;
    if (patched.has(step.id)) {
      next = withHazardOrder(step, context.dependsOn(step, step.dependsOn ?? []), statuses);
      patchedSoFar.push(next);
    } else if (NOT_STARTED.has(statuses.get(step.id) ?? 'pending')) {
      const access = stepAccess(step);
      const added = patchedSoFar.filter((earlier) => !(step.dependsOn ?? []).includes(earlier.id) && hasHazard(stepAccess(earlier), access)).map((earlier) => earlier.id);
      if (added.length > 0) next = withDependsOn(step, [...(step.dependsOn ?? []), ...added]);
    }
    context.add(next);
    result.push(next);
  }
  return result;
}

/**
 * A patched `step` waiting for `order` (what its dependencies and hazards with the earlier steps make it
 * wait for), less the steps that finished unless the step named them itself.
 */
export function withHazardOrder(step: Step, order: readonly string[], statuses: ReadonlyMap<string, StepStatus>): Step {
  const finished = (id: string) => FINISHED.has(statuses.get(id) ?? 'pending') && !(step.dependsOn ?? []).includes(id);
  return withDependsOn(step, order.filter((id) => !finished(id)));
}

function withDependsOn(step: Step, dependsOn: readonly string[]): Step {
  const { dependsOn: _old, ...rest } = step;
  return dependsOn.length > 0 ? { ...rest, dependsOn: [...dependsOn] } : rest;
}
