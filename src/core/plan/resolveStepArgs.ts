// The arguments a step's tool is called with: `#<id>` references replaced by step outputs, then checked
// against the tool's schema again, because an output can turn any string into anything (a path that
// leaves the workspace, an empty command).
import { findTool } from '../tools/toolCatalog';
import { issueProblems, parseExplained, type PlanProblem } from './planProblem';
import type { Step } from './planSchema';
import { resolveReferences } from './references';

/** Resolved, re-validated tool arguments, or the problems substitution caused. */
export type ResolvedArgs =
  | { readonly ok: true; readonly args: unknown }
  | { readonly ok: false; readonly problems: readonly PlanProblem[] };

/** The step's tool arguments with references resolved from `outputs` (step id → output text). */
export function resolveStepArgs(step: Step, outputs: ReadonlyMap<string, string>): ResolvedArgs {
  return resolveToolArgs(step.tool, step.args, outputs, step.id, `${step.id}.args`);
}

/** The step's compensation arguments, resolved the same way; `undefined` when it has no compensation. */
export function resolveCompensationArgs(step: Step, outputs: ReadonlyMap<string, string>): ResolvedArgs | undefined {
  if (!step.compensation) return undefined;
  return resolveToolArgs(step.compensation.tool, step.compensation.args, outputs, step.id, `${step.id}.compensation.args`);
}

function resolveToolArgs(
  toolName: string,
  args: Step['args'],
  outputs: ReadonlyMap<string, string>,
  stepId: string,
  base: string,
): ResolvedArgs {
  const tool = findTool(toolName);
  if (!tool) {
    return { ok: false, problems: [{ stepId, path: base.replace(/args$/, 'tool'), message: `unknown tool ${JSON.stringify(toolName)}` }] };
  }
  const resolved = resolveReferences(args, outputs);
  const parsed = parseExplained(tool.input, resolved);
  if (parsed.success) return { ok: true, args: parsed.data };
  const problems = issueProblems(parsed.error.issues, resolved, { base, stepId });
  return { ok: false, problems: problems.map((problem) => ({ ...problem, message: `after resolving references: ${problem.message}` })) };
}
