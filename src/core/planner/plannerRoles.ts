// Which model serves which part of the product: the planner model plans and re-plans, the worker model serves
// every other role (the one-step repairer, the solver, the fused agent).
import type { ModelRole } from '../ports';

/** The roles the planner model serves (planning and re-planning); the worker model serves the rest. */
export const PLANNER_ROLES: ReadonlySet<ModelRole> = new Set<ModelRole>(['planner', 'replanner']);
