// The files a plan expects the workspace to have before it runs: what a step reads, edits, deletes or
// moves, unless a step it waits for writes that file first (a folder a step writes, like a sub-plan's
// scope, covers the files under it). A host checks them against the real folder, so a plan written for another project (or with a mistyped path) is caught before anything runs.
import { findTool } from '../tools/toolCatalog';
import { writesOfCall } from '../tools/toolCall';
import { dependentsOf } from './planGraph';
import { inScope } from '../workspacePath';
import type { Plan } from './planSchema';
import { workspacePathsOf } from './workspacePaths';

/** A file one step needs from the workspace as it is before the run, and the field that names it. */
export interface NeededFile {
  readonly stepId: string;
  /** JSON path of the argument, e.g. `E1.args.path`. */
  readonly field: string;
  readonly path: string;
}

/** A path that a step's `#E` reference fills in at run time cannot be checked before the run. */
const isReference = (path: string): boolean => path.includes('#');

/**
 * Every file the plan's steps need that no earlier step they wait for writes, in plan order.
 * Expects a plan that passed the gate (known tools, valid arguments, no cycles).
 */
export function filesNeededBeforeRun(plan: Plan): NeededFile[] {
  const fields = new Map(workspacePathsOf(plan).filter((entry) => entry.field.startsWith(`${entry.stepId}.args.`)).map((entry) => [`${entry.stepId}\n${entry.path}`, entry.field]));
  // A folder a step writes (a sub-plan's scope) covers every file under it.
  const writers = plan.steps.flatMap((step) => writesOfCall(step.tool, step.args).map((path) => ({ path, stepId: step.id })));
  const dependents = new Map<string, ReadonlySet<string>>();
  const waitsFor = (stepId: string, writer: string): boolean => {
    if (!dependents.has(writer)) dependents.set(writer, dependentsOf(plan, writer));
    return dependents.get(writer)!.has(stepId);
  };
  const needed: NeededFile[] = [];
  for (const step of plan.steps) {
    for (const path of findTool(step.tool)?.needs?.(step.args) ?? []) {
      if (isReference(path)) continue;
      const writtenBefore = writers.some((writer) => writer.stepId !== step.id && inScope(path, [writer.path]) && waitsFor(step.id, writer.stepId));
      if (!writtenBefore) needed.push({ stepId: step.id, field: fields.get(`${step.id}\n${path}`) ?? `${step.id}.args`, path });
    }
  }
  return needed;
}
