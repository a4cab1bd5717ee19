// Step ids that follow the numbers the tree shows: after a person reorders a plan that has not run, each
// conventional id (`E<n>`) becomes `E<its place in execution order>`, and every use of an id follows it —
// `dependsOn`, `#<id>` references in arguments, checks, compensations, titles and the plan's acceptance
// checks — in one pass, so `#E2` and `#E3` swap without one rename overwriting the other. Other ids (a
// person's `read-cli`) are names, not numbers, and stay. Once a run has a journal its ids key that journal,
// so this is for plans that have not run.
import type { Plan, Step } from './planSchema';
import { resolveReferences } from './references';
import { executionOrder } from './stepNumbers';

/** Ids of this form are numbers a planner gave; they are renumbered. */
const NUMBERED_ID = /^E[0-9]+$/;

/** A renumbered plan and the ids that changed (old id to new id); the plan is the same object when none did. */
export interface Renumbered {
  readonly plan: Plan;
  readonly renames: ReadonlyMap<string, string>;
}

/** `plan` with its steps in execution order and each `E<n>` id made `E<place>`, every reference rewritten. */
export function renumberSteps(plan: Plan): Renumbered {
  const order = executionOrder(plan);
  const renames = new Map<string, string>();
  order.forEach((step, index) => {
    const id = `E${index + 1}`;
    if (NUMBERED_ID.test(step.id) && step.id !== id) renames.set(step.id, id);
  });
  if (renames.size === 0) return { plan: order.every((step, index) => step === plan.steps[index]) ? plan : { ...plan, steps: [...order] }, renames };
  // A reference is `#` and the id; the substitution is one pass over each string, as a step's output is.
  const tokens = new Map([...renames].map(([from, to]) => [from, `#${to}`]));
  const rename = (id: string) => renames.get(id) ?? id;
  const renamed = (key: string, value: unknown): unknown => (key === 'id' ? rename(value as string) : key === 'dependsOn' ? (value as string[]).map(rename) : resolveReferences(value, tokens));
  // Each field keeps its place, so a saved plan file changes only where an id did.
  const steps = order.map((step) => Object.fromEntries(Object.entries(step).map(([key, value]) => [key, renamed(key, value)])) as Step);
  const { steps: _old, ...fields } = plan;
  return { plan: { ...resolveReferences(fields, tokens), steps }, renames };
}
