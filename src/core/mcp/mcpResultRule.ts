// The gate's rule for `mcpResult` checks: one without `tool` judges the step's own MCP result, so it
// belongs on an MCP step and after the call; one with `tool` calls that tool, which must be a read-only
// tool of the step's own server, with arguments its schema accepts.
import type { CheckOf } from '../checks/checkContext';
import { findTool } from '../tools/toolCatalog';
import { parseMcpToolName } from '../tools/mcpToolName';

/** What is wrong with `check` on a step calling `stepTool` in `field`, or `undefined`. */
export function mcpResultProblem(check: CheckOf<'mcpResult'>, stepTool: string | undefined, field: string): string | undefined {
  const own = stepTool === undefined ? undefined : parseMcpToolName(stepTool);
  if (check.tool === undefined) {
    if (field === 'precondition') return '"mcpResult" without "tool" judges the step\'s own result, which does not exist before it runs';
    if (!own && stepTool !== undefined) return `"mcpResult" without "tool" judges an MCP call's result (this step uses ${stepTool})`;
    return undefined;
  }
  const named = parseMcpToolName(check.tool);
  const tool = findTool(check.tool);
  if (!named || !tool) return `"${check.tool}" is not a tool of a connected MCP server`;
  if (own && named.server !== own.server) return `"${check.tool}" is on server "${named.server}", not on this step's server "${own.server}"`;
  const parsed = tool.input.safeParse(check.args ?? {});
  if (!parsed.success) return `arguments of ${check.tool}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'args'}: ${issue.message}`).join('; ')}`;
  if (tool.effect(parsed.data, {}) !== 'readOnly') return `"${check.tool}" is not read-only (${tool.provenance?.effect ?? 'it changes things'}), so a check may not call it`;
  return undefined;
}
