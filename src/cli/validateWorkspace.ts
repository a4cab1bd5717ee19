// `planwright validate --workspace DIR`: what a plan asks of the real folder. Every path it names must
// resolve inside DIR on disk (a symlink out of it is reported), and every file a step needs before the
// run (what it reads, edits, deletes or moves, unless a step it waits for writes it first) must exist
// there. Loaded only when --workspace is given, so a plain validate never loads the file-system resolver.
import { stat } from 'node:fs/promises';
import { WorkspaceEscapeError } from '../core/errors';
import { filesNeededBeforeRun } from '../core/plan/neededFiles';
import type { PlanProblem } from '../core/plan/planProblem';
import type { Plan } from '../core/plan/planSchema';
import { workspacePathsOf } from '../core/plan/workspacePaths';
import { WorkspaceResolver } from '../node/workspaceResolver';

/** The paths of `plan` that escape `root`, or else the files it needs that `root` lacks; none when it fits. */
export async function workspaceProblems(plan: Plan, root: string): Promise<PlanProblem[]> {
  const escaping = await escapingPaths(plan, root);
  return escaping.length > 0 ? escaping : missingFiles(plan, root);
}

/** Paths the plan names that resolve outside `root` on disk (through symlinks or linked folders). */
async function escapingPaths(plan: Plan, root: string): Promise<PlanProblem[]> {
  const resolver = new WorkspaceResolver(root);
  const problems: PlanProblem[] = [];
  for (const { stepId, field, path } of workspacePathsOf(plan)) {
    try {
      await resolver.resolve(path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push({ stepId, path: field, message: error instanceof WorkspaceEscapeError ? reason : `cannot be checked: ${reason}` });
    }
  }
  return problems;
}

/** Files the plan needs before it runs that are not in `root` (or not files there). */
async function missingFiles(plan: Plan, root: string): Promise<PlanProblem[]> {
  const resolver = new WorkspaceResolver(root);
  const problems: PlanProblem[] = [];
  for (const { stepId, field, path } of filesNeededBeforeRun(plan)) {
    const found = await resolver.resolve(path).then((resolved) => stat(resolved.target)).catch(() => undefined);
    if (!found) problems.push({ stepId, path: field, message: `"${path}" does not exist in the workspace, and no step before ${stepId} creates it` });
    else if (!found.isFile()) problems.push({ stepId, path: field, message: `"${path}" is not a file in the workspace` });
  }
  return problems;
}
