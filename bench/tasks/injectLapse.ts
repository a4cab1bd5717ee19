// Injected lapses: the competent model stops one step short, as models do when they call a task done too soon.
// The step it leaves out is a file change the goal's acceptance checks look at (a check names its file) that no
// other step needs, so the rest of the run goes as before and only the checks at the end can tell.
import type { Check } from '../../src/core/checks/checkSchema';
import { implicitDependencies } from '../../src/core/plan/references';
import type { Step } from '../../src/core/plan/planSchema';
import { walkChecks } from '../../src/core/plan/walkChecks';
import type { TaskLapse } from './benchTask';
import type { Random } from './random';

const FILE_CHANGES: ReadonlySet<string> = new Set(['editFile', 'writeFile', 'deleteFile', 'renameFile']);

/** The files the checks read. */
function checkedPaths(checks: readonly Check[]): Set<string> {
  const paths = new Set<string>();
  for (const check of checks) {
    walkChecks(check, (leaf) => {
      if ('path' in leaf && typeof leaf.path === 'string') paths.add(leaf.path);
    });
  }
  return paths;
}

/** The file a change step leaves changed: its target, or where it renames to. */
function changedPath(step: Step): string | undefined {
  const args = step.args as Record<string, unknown>;
  const path = step.tool === 'renameFile' ? args.to : args.path;
  return typeof path === 'string' ? path : undefined;
}

/** The steps that could be left out: file changes the checks read, which no other step needs. */
export function lapseCandidates(steps: readonly Step[], groundTruth: readonly Check[]): Step[] {
  if (steps.length < 2) return [];
  const ids = new Set(steps.map((step) => step.id));
  const needed = new Set(steps.flatMap((step) => [...(step.dependsOn ?? []), ...implicitDependencies(step, ids)]));
  const checked = checkedPaths(groundTruth);
  return steps.filter((step) => FILE_CHANGES.has(step.tool) && !needed.has(step.id) && checked.has(changedPath(step) ?? ''));
}

/** A lapse on one of the candidates, or undefined when the task has none. */
export function injectLapse(steps: readonly Step[], groundTruth: readonly Check[], random: Random): TaskLapse | undefined {
  const candidates = lapseCandidates(steps, groundTruth);
  if (candidates.length === 0) return undefined;
  const [step] = random.sample(candidates, 1);
  return { stepId: step!.id, description: `the model leaves out ${step!.id} (${step!.tool} ${changedPath(step!)}) and calls the task done` };
}
