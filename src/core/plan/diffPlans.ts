// What changed between two revisions of a plan, step by step (matched by id): for the re-plan review,
// the journal and the UI's "what the re-planner changed".
import type { Plan, Step } from './planSchema';

/** A step present in both revisions whose fields differ. */
export interface StepChange {
  readonly id: string;
  /** The fields that differ, in schema order of the newer step. */
  readonly fields: readonly (keyof Step)[];
  readonly before: Step;
  readonly after: Step;
}

/** Added, removed and changed steps between two revisions. */
export interface PlanDiff {
  readonly added: readonly Step[];
  readonly removed: readonly Step[];
  readonly changed: readonly StepChange[];
  /** Ids of steps present and identical in both. */
  readonly unchanged: readonly string[];
  readonly goalChanged: boolean;
}

/** Compares two revisions; steps are matched by id, and step order alone is not a change. */
export function diffPlans(before: Plan, after: Plan): PlanDiff {
  const oldById = new Map(before.steps.map((step) => [step.id, step]));
  const newIds = new Set(after.steps.map((step) => step.id));
  const added: Step[] = [];
  const changed: StepChange[] = [];
  const unchanged: string[] = [];
  for (const step of after.steps) {
    const old = oldById.get(step.id);
    if (!old) {
      added.push(step);
      continue;
    }
    const fields = changedFields(old, step);
    if (fields.length > 0) changed.push({ id: step.id, fields, before: old, after: step });
    else unchanged.push(step.id);
  }
  return {
    added,
    removed: before.steps.filter((step) => !newIds.has(step.id)),
    changed,
    unchanged,
    goalChanged: before.goal !== after.goal,
  };
}

/** Whether two revisions have the same goal and the same steps. */
export function isSamePlan(diff: PlanDiff): boolean {
  return !diff.goalChanged && diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}

function changedFields(before: Step, after: Step): (keyof Step)[] {
  const keys = new Set([...Object.keys(after), ...Object.keys(before)] as (keyof Step)[]);
  return [...keys].filter((key) => !jsonEqual(before[key], after[key]));
}

/** Deep equality of JSON values; object key order does not matter, array order does. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return leftKeys.length === rightKeys.length && leftKeys.every((key) => jsonEqual(left[key], right[key]));
}
