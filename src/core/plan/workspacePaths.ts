// Every workspace path a plan names — in tool arguments and in checks — found through the schemas
// rather than by guessing field names: a path is exactly a value the schema types as
// `WorkspacePathSchema`. Hosts use this to confirm paths against the real file system (symlinks).
import { z } from 'zod';
import { CheckSchema } from '../checks/checkSchema';
import { findTool } from '../tools/toolCatalog';
import { WorkspacePathSchema } from '../workspacePath';
import { formatPath } from './planProblem';
import type { Plan } from './planSchema';

/** One path named by a plan, and the field that names it. */
export interface PlanPath {
  readonly stepId: string;
  /** JSON path of the field, e.g. `E2.args.path` or `E3.postcondition.checks[0].path`. */
  readonly field: string;
  readonly path: string;
}

const CHECK_FIELDS = ['precondition', 'postcondition', 'statusCheck'] as const;

/** The workspace paths in every step's arguments, compensation arguments and checks, in plan order. */
export function workspacePathsOf(plan: Plan): PlanPath[] {
  const found: PlanPath[] = [];
  for (const step of plan.steps) {
    const collect = (schema: z.ZodType | undefined, value: unknown, segments: (string | number)[]): void => {
      if (schema) walk(schema, value, segments, (path, at) => found.push({ stepId: step.id, field: formatPath(step.id, at), path }));
    };
    collect(findTool(step.tool)?.input, step.args, ['args']);
    if (step.compensation) collect(findTool(step.compensation.tool)?.input, step.compensation.args, ['compensation', 'args']);
    for (const field of CHECK_FIELDS) if (step[field]) collect(CheckSchema, step[field], [field]);
  }
  return found;
}

/** Follows `value` through `schema`, reporting each string the schema types as a workspace path. */
type Segments = (string | number)[];

function walk(schema: z.ZodType, value: unknown, segments: Segments, report: (path: string, at: Segments) => void): void {
  if (schema === WorkspacePathSchema) {
    if (typeof value === 'string') report(value, segments);
  } else if (schema instanceof z.ZodOptional) {
    walk(schema.unwrap() as z.ZodType, value, segments, report);
  } else if (schema instanceof z.ZodObject) {
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) walk(child, item, [...segments, key], report);
    }
  } else if (schema instanceof z.ZodArray) {
    if (Array.isArray(value)) value.forEach((item, index) => walk(schema.element as z.ZodType, item, [...segments, index], report));
  } else if (schema instanceof z.ZodUnion) {
    const option = (schema.options as z.ZodType[]).find((candidate) => candidate.safeParse(value).success);
    if (option) walk(option, value, segments, report);
  }
}
