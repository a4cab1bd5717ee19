// A tools/call result of the SDK as core's `McpCallResult`: the text blocks joined, other blocks named by
// their type, the structured content kept as it came.
import type { McpCallResult } from '../../core/mcp/mcpCaller';

type Block = { readonly type?: unknown; readonly text?: unknown; readonly mimeType?: unknown; readonly resource?: { readonly text?: unknown; readonly uri?: unknown } };

function blockText(block: Block): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if (block.type === 'resource' && typeof block.resource?.text === 'string') return block.resource.text;
  const mime = typeof block.mimeType === 'string' ? ` ${block.mimeType}` : '';
  return `[${String(block.type)}${mime}]`;
}

/** The parts of a call result core uses. */
export function callResultOf(result: Readonly<Record<string, unknown>>): McpCallResult {
  const content = Array.isArray(result.content) ? (result.content as Block[]) : [];
  const text = content.length > 0 ? content.map(blockText).join('\n') : 'toolResult' in result ? JSON.stringify(result.toolResult) : '';
  return {
    isError: result.isError === true,
    text,
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
  };
}
