// Step numbers as the tree and messages show them: each step's place in execution order (dependencies
// first, otherwise plan order), so "3 Test the flag" names a step the way a person reads the plan.
import { topologicalOrder } from './planGraph';
import type { Plan, Step } from './planSchema';

const orders = new WeakMap<Plan, { readonly steps: readonly Step[]; readonly numbers: ReadonlyMap<string, number> }>();

function orderOf(plan: Plan): { readonly steps: readonly Step[]; readonly numbers: ReadonlyMap<string, number> } {
  const cached = orders.get(plan);
  if (cached) return cached;
  let steps: readonly Step[];
  try {
    steps = topologicalOrder(plan);
  } catch {
    // A plan being edited may have a cycle (the gate reports it): plan order is the honest fallback.
    steps = plan.steps;
  }
  const order = { steps, numbers: new Map(steps.map((step, index) => [step.id, index + 1])) };
  orders.set(plan, order);
  return order;
}

/** The steps of `plan` in execution order: each after every step it depends on, otherwise in plan order. */
export function executionOrder(plan: Plan): readonly Step[] {
  return orderOf(plan).steps;
}

/** The 1-based number of `stepId` in execution order, or `undefined` when the plan has no such step. */
export function stepNumber(plan: Plan, stepId: string): number | undefined {
  return orderOf(plan).numbers.get(stepId);
}

/** How a message names a step: "3 Test the flag", or the bare id when the plan has no such step. */
export function stepReference(plan: Plan, stepId: string): string {
  const number = stepNumber(plan, stepId);
  const step = number === undefined ? undefined : orderOf(plan).steps[number - 1];
  return step ? `${number} ${step.title}` : stepId;
}

/** Several steps named in one message: "1 Read the CLI, 3 Test the flag". */
export function stepReferenceList(plan: Plan, stepIds: readonly string[]): string {
  return stepIds.map((stepId) => stepReference(plan, stepId)).join(', ');
}

/**
 * Whether a step's id reads as another number than its place: `E3` on row 2. Ids stay as a run's journal keys
 * them, so after a move during a run (or a step added or deleted) row 2 may be `E3`; the views then name the
 * id as what references call it ("referred to as #E3"), never as a second number beside the first.
 */
export function idDisagrees(stepId: string, number: number | undefined): boolean {
  return number !== undefined && /^E[0-9]+$/.test(stepId) && stepId !== `E${number}`;
}
