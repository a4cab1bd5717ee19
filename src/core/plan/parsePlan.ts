// Plan text to a validated plan: JSON syntax first (a clear line and column, never a stack trace),
// then the validation gate.
import { lineAt } from '../text/textLines';
import { findJsonShapeProblem, shapeMessage, shapeProblemPath } from './jsonShape';
import { locateJsonSyntaxError } from './jsonSyntaxError';
import { DOCUMENT_STRUCTURE, PLAN_LIMITS } from '../planLimits';
import { formatPath } from './planProblem';
import { validatePlan, type PlanValidation } from './validatePlan';

/**
 * Parses and validates the text of a plan file. `source` (a file name) prefixes a JSON syntax error,
 * e.g. `add.plan.json: invalid JSON at line 3, column 5: Expected ',' or '}' after property value`.
 */
export function parsePlanText(text: string, source?: string): PlanValidation {
  // Editors on Windows may save a byte order mark, which JSON.parse rejects.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const prefix = source ? `${source}: ` : '';
  // Found before JSON.parse, which takes seconds over a megabyte of nesting and builds a huge object
  // slowly; located by step index, field and line, like the gate's problems (no file name between them).
  const shape = findJsonShapeProblem(json, PLAN_LIMITS.depth + DOCUMENT_STRUCTURE);
  if (shape) {
    const path = formatPath('', shapeProblemPath(shape, DOCUMENT_STRUCTURE));
    return { ok: false, problems: [{ path, message: `${shapeMessage(shape)} (line ${lineAt(json, shape.offset)})` }] };
  }
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch (error) {
    const where = locateJsonSyntaxError(json, error instanceof Error ? error.message : String(error));
    return {
      ok: false,
      problems: [{ path: '', message: `${prefix}invalid JSON at line ${where.line}, column ${where.column}: ${where.reason}` }],
    };
  }
  return validatePlan(document);
}
