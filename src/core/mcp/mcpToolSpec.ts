// What an MCP server says about one of its tools (tools/list), as Planwright reads it: checked with zod at
// the boundary, since a server is a third party. Fields Planwright does not use are let through untouched.
import { z } from 'zod';

/** The behaviour hints of the MCP spec; every one is optional and, per the spec, only a hint. */
export const McpAnnotationsSchema = z
  .object({
    title: z.string().optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  })
  .loose();

/** Behaviour hints of one MCP tool. */
export type McpAnnotations = z.infer<typeof McpAnnotationsSchema>;

/** One tool of an MCP server, as listed by the server. */
export const McpToolSpecSchema = z
  .object({
    name: z.string().min(1),
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema: z.record(z.string(), z.unknown()),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
    annotations: McpAnnotationsSchema.optional(),
  })
  .loose();

/** One tool of an MCP server. */
export type McpToolSpec = z.infer<typeof McpToolSpecSchema>;
