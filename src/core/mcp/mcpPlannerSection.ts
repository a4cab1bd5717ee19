// What the planner is told about the registered MCP tools: one line each (name, argument schema, effect
// class with the hint that decided it, description), within a character budget so a server with many
// tools cannot crowd out the rest of the prompt. Tools that do not fit are named in one closing line.
import { shorten } from '../text/shorten';
import type { ToolDefinition } from '../tools/defineTool';

/** About 1,500 tokens at four characters a token. */
export const MCP_SECTION_BUDGET_CHARS = 6_000;
const DESCRIPTION_MAX = 160;
const SCHEMA_MAX = 400;

function toolLine(tool: ToolDefinition<any>): string {
  const { $schema: _schema, ...schema } = tool.inputJsonSchema ?? {};
  const effect = `${tool.effect({}, {})}${tool.provenance ? ` (${tool.provenance.effect})` : ''}`;
  return `${tool.name} ${shorten(JSON.stringify(schema), SCHEMA_MAX)} — ${effect} — ${shorten(tool.description.replace(/\s+/g, ' '), DESCRIPTION_MAX)}`;
}

/** The MCP section of the planner's system message, or `undefined` when there are no MCP tools. */
export function mcpPlannerSection(tools: readonly ToolDefinition<any>[], budget = MCP_SECTION_BUDGET_CHARS): string | undefined {
  const mcp = tools.filter((tool) => tool.provenance !== undefined);
  if (mcp.length === 0) return undefined;
  const lines = [
    '## MCP server tools: name {JSON Schema of the arguments} — effect — what it does',
    'A step that calls one that is not readOnly needs a check: output "text" on its result, or result {"path":"$.field","equals":value}',
    '(result {"tool":"mcp.<same server>.<read-only tool>","args":{…},"text":"…"} asks the server itself).',
  ];
  let used = lines.join('\n').length;
  const left: string[] = [];
  for (const tool of mcp) {
    const line = toolLine(tool);
    if (left.length === 0 && used + line.length + 1 <= budget) {
      lines.push(line);
      used += line.length + 1;
    } else left.push(tool.name);
  }
  if (left.length > 0) lines.push(`(${left.length} more, not described for lack of room: ${shorten(left.join(', '), 400)})`);
  return lines.join('\n');
}
