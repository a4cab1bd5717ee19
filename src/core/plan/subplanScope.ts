// The scope rules of sub-plans, as the gate applies them. A child plan may name only paths inside its
// scope. In a parent plan, a sub-plan whose scope overlaps what another writing step may change must be
// ordered against it (`after`), so two writers never hold one file at once: the scheduler compares files
// by name, and a folder scope covers files it cannot name.
import { writesOfCall } from '../tools/toolCall';
import { dependentsOf } from './planGraph';
import type { PlanProblem } from './planProblem';
import type { Plan, Step } from './planSchema';
import { workspacePathsOf } from './workspacePaths';
import { inScope } from '../workspacePath';

/** The tool name of a step that expands into its own plan. */
export const SUBPLAN_TOOL = 'subplan';

/** Whether any file could be in both sets of paths (a folder covers its files). */
export function scopesOverlap(a: readonly string[], b: readonly string[]): boolean {
  return a.some((path) => inScope(path, b)) || b.some((path) => inScope(path, a));
}

/** The child gate: every path `plan` names (arguments, checks, nested scopes) lies inside `scope`. */
export function childScopeProblems(plan: Plan, scope: readonly string[]): PlanProblem[] {
  return workspacePathsOf(plan)
    .filter((named) => !inScope(named.path, scope))
    .map((named) => ({ stepId: named.stepId, path: named.field, message: `"${named.path}" is outside the sub-plan's scope (${scope.join(', ')})` }));
}

/** The depth rule: a child plan at the depth limit may not expand further. */
export function depthProblems(plan: Plan, depth: number, maxDepth: number): PlanProblem[] {
  if (depth < maxDepth) return [];
  return plan.steps
    .filter((step) => step.tool === SUBPLAN_TOOL)
    .map((step) => ({ stepId: step.id, path: `${step.id}.tool`, message: `sub-plans nest at most ${maxDepth} levels deep; this plan is at level ${depth}` }));
}

/** The files a step may write, or undefined when it writes nothing a scope can name. */
function writtenPaths(step: Step): readonly string[] | undefined {
  const paths = writesOfCall(step.tool, step.args);
  return paths.length > 0 && !paths.some((path) => path.includes('#')) ? paths : undefined;
}

/** The parent gate: sub-plans that may run beside another writer of the same files. */
export function siblingScopeProblems(steps: readonly Step[]): PlanProblem[] {
  const plan = { steps };
  const subplans = steps.filter((step) => step.tool === SUBPLAN_TOOL);
  if (subplans.length === 0) return [];
  const writers = plan.steps.flatMap((step) => {
    const paths = writtenPaths(step);
    return paths ? [{ step, paths }] : [];
  });
  const problems: PlanProblem[] = [];
  for (const sub of subplans) {
    const own = writers.find((writer) => writer.step === sub);
    if (!own) continue;
    const after = dependentsOf(plan, sub.id);
    for (const other of writers) {
      if (other.step === sub || (other.step.tool === SUBPLAN_TOOL && plan.steps.indexOf(other.step) < plan.steps.indexOf(sub))) continue;
      if (after.has(other.step.id) || dependentsOf(plan, other.step.id).has(sub.id) || !scopesOverlap(own.paths, other.paths)) continue;
      problems.push({
        stepId: sub.id,
        path: `${sub.id}.args.scope`,
        message: `overlaps the files of ${other.step.id} (${other.paths.join(', ')}), which may run at the same time; order them with dependsOn or split the scopes`,
      });
    }
  }
  return problems;
}
