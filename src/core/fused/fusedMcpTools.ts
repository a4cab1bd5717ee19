// The registered MCP tools as the fused agent's function specs. Their plan names (`mcp.<server>.<tool>`)
// hold dots, which model APIs refuse in a function name, so each is offered under a wire name
// (`mcp__<server>__<tool>`) and mapped back; the step it becomes carries the plan name, so approvals,
// effect classes and the journal are the same as for a planned step. A tool that is not read-only takes
// one more argument, the text its result must contain, which becomes the step's postcondition.
import type { ChatToolSpec } from '../ports';
import type { ToolDefinition } from '../tools/defineTool';

/** The extra argument that states what a changing MCP call's result must contain. */
export const EXPECT_RESULT_TEXT = 'expectResultText';

/** The registered MCP tools as function specs, and the tool behind each wire name. */
export interface FusedMcpTools {
  readonly specs: readonly ChatToolSpec[];
  readonly byWireName: ReadonlyMap<string, ToolDefinition<any>>;
}

const WIRE_MAX = 64;

/** A name model APIs accept (`^[A-Za-z0-9_-]{1,64}$`), unique among `taken`. */
function wireName(name: string, taken: ReadonlySet<string>): string {
  const plain = name.replace(/\./g, '__').replace(/[^A-Za-z0-9_-]/g, '_');
  if (plain.length <= WIRE_MAX && !taken.has(plain)) return plain;
  for (let index = 2; ; index++) {
    const suffix = `_${index}`;
    const candidate = `${plain.slice(0, WIRE_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** True when `tool` takes `expectResultText` in the fused loop (it is not read-only). */
export function needsExpectedText(tool: ToolDefinition<any>): boolean {
  return tool.provenance !== undefined && tool.effect({}, {}) !== 'readOnly';
}

/** Function specs for `tools` (the registered MCP tools), none of them named like one in `builtIn`. */
export function fusedMcpTools(tools: readonly ToolDefinition<any>[], builtIn: readonly string[]): FusedMcpTools {
  const taken = new Set(builtIn);
  const byWireName = new Map<string, ToolDefinition<any>>();
  const specs = tools.map((tool): ChatToolSpec => {
    const name = wireName(tool.name, taken);
    taken.add(name);
    byWireName.set(name, tool);
    const { $schema: _header, ...schema } = tool.inputJsonSchema ?? { type: 'object' };
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const expect = needsExpectedText(tool) && !(EXPECT_RESULT_TEXT in properties);
    const parameters = expect
      ? {
          ...schema,
          properties: { ...properties, [EXPECT_RESULT_TEXT]: { type: 'string', minLength: 1, description: 'Text the result must contain when the call did what you wanted; it is checked after the call.' } },
          required: [...(Array.isArray(schema.required) ? (schema.required as string[]) : []), EXPECT_RESULT_TEXT],
        }
      : schema;
    const effect = `Effect: ${tool.effect({}, {})} (${tool.provenance?.effect ?? 'declared by its server'}). Plan name ${tool.name}.`;
    return { name, description: `${tool.description} ${effect}`, parameters };
  });
  return { specs, byWireName };
}
