// The gate's rule for a plan's acceptance checks ("Done when"): they judge the workspace once the last
// step ended, so a check about one step's own command or MCP call has nothing to read there.
import type { Check } from '../checks/checkSchema';
import { formatPath, type PlanProblem } from './planProblem';
import { walkChecks } from './walkChecks';

/** Check kinds that read a step's own result: an acceptance check runs after every step, as no step. */
const STEP_RESULT_KINDS: ReadonlySet<Check['kind']> = new Set(['exitCode', 'outputContains', 'mcpResult']);

/** The problems of `acceptance`, located as `acceptance[0].checks[1]`. */
export function acceptanceProblems(acceptance: readonly Check[] | undefined): PlanProblem[] {
  const problems: PlanProblem[] = [];
  acceptance?.forEach((check, index) => {
    walkChecks(check, (child, path) => {
      if (!STEP_RESULT_KINDS.has(child.kind)) return;
      problems.push({
        path: formatPath(`acceptance[${index}]`, path),
        message: `"${child.kind}" reads a step's own result, and an acceptance check belongs to no step: use a command check (run "…") or a file check`,
      });
    });
  });
  return problems;
}
