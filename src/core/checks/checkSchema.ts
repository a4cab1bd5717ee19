// The schema of a check: a precondition, postcondition or status check that the executor evaluates
// without a model. One discriminated union, recursive through the combinators all / any / not.
import { z } from 'zod';
import { PLAN_LIMITS } from '../planLimits';
import { regexSyntaxReason } from '../text/errorText';
import { WorkspacePathSchema } from '../workspacePath';

/** `pattern` must compile as a JavaScript regular expression (a pattern over the limit is not compiled). */
const RegexSourceSchema = z.string().min(1).superRefine((pattern, ctx) => {
  if (pattern.length > PLAN_LIMITS.pattern) {
    ctx.addIssue({ code: 'custom', message: `must be at most ${PLAN_LIMITS.pattern} characters` });
    return;
  }
  try {
    new RegExp(pattern, 'm');
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `invalid regular expression: ${regexSyntaxReason(error)}` });
  }
});

export const FileExistsCheckSchema = z.object({ kind: z.literal('fileExists'), path: WorkspacePathSchema }).strict();
export const FileAbsentCheckSchema = z.object({ kind: z.literal('fileAbsent'), path: WorkspacePathSchema }).strict();
export const FileContainsCheckSchema = z
  .object({ kind: z.literal('fileContains'), path: WorkspacePathSchema, text: z.string().min(1) })
  .strict();
export const FileMatchesCheckSchema = z
  .object({ kind: z.literal('fileMatches'), path: WorkspacePathSchema, pattern: RegexSourceSchema })
  .strict();
export const JsonValidCheckSchema = z.object({ kind: z.literal('jsonValid'), path: WorkspacePathSchema }).strict();
export const CommandSucceedsCheckSchema = z
  .object({
    kind: z.literal('commandSucceeds'),
    command: z.string().min(1),
    cwd: WorkspacePathSchema.optional(),
    timeoutMs: z.number().int().positive().max(3_600_000).optional(),
  })
  .strict();
export const ExitCodeCheckSchema = z.object({ kind: z.literal('exitCode'), equals: z.number().int() }).strict();
export const OutputContainsCheckSchema = z.object({ kind: z.literal('outputContains'), text: z.string().min(1) }).strict();
export const McpResultCheckSchema = z
  .object({
    kind: z.literal('mcpResult'),
    tool: z.string().min(1).optional().describe("A read-only tool of the step's MCP server to call and judge instead of the step's own result."),
    args: z.record(z.string(), z.unknown()).optional().describe("That tool's arguments."),
    text: z.string().min(1).optional().describe('The result text must contain this.'),
    path: z.string().regex(/^\$(\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\])*$/, { message: 'must be a JSON path like $.items[0].name' }).optional(),
    equals: z.unknown().optional().describe('The value at `path` must equal this; without it, `path` must hold a value.'),
  })
  .strict()
  .refine((check) => check.text !== undefined || check.path !== undefined, { message: 'needs "text", "path" or both' })
  .refine((check) => check.args === undefined || check.tool !== undefined, { message: '"args" needs "tool"', path: ['args'] });

export const AllCheckSchema = z
  .object({
    kind: z.literal('all'),
    get checks() {
      return z.array(CheckSchema).min(1);
    },
  })
  .strict();
export const AnyCheckSchema = z
  .object({
    kind: z.literal('any'),
    get checks() {
      return z.array(CheckSchema).min(1);
    },
  })
  .strict();
export const NotCheckSchema = z
  .object({
    kind: z.literal('not'),
    get check() {
      return CheckSchema;
    },
  })
  .strict();

/** Any check. */
export const CheckSchema: z.ZodType<Check> = z.discriminatedUnion('kind', [
  FileExistsCheckSchema,
  FileAbsentCheckSchema,
  FileContainsCheckSchema,
  FileMatchesCheckSchema,
  JsonValidCheckSchema,
  CommandSucceedsCheckSchema,
  ExitCodeCheckSchema,
  OutputContainsCheckSchema,
  McpResultCheckSchema,
  AllCheckSchema,
  AnyCheckSchema,
  NotCheckSchema,
]);

export type Check =
  | z.infer<typeof FileExistsCheckSchema>
  | z.infer<typeof FileAbsentCheckSchema>
  | z.infer<typeof FileContainsCheckSchema>
  | z.infer<typeof FileMatchesCheckSchema>
  | z.infer<typeof JsonValidCheckSchema>
  | z.infer<typeof CommandSucceedsCheckSchema>
  | z.infer<typeof ExitCodeCheckSchema>
  | z.infer<typeof OutputContainsCheckSchema>
  | z.infer<typeof McpResultCheckSchema>
  | { readonly kind: 'all'; readonly checks: Check[] }
  | { readonly kind: 'any'; readonly checks: Check[] }
  | { readonly kind: 'not'; readonly check: Check };

/** What evaluating a check found: `detail` says what was expected and what was there. */
export interface CheckResult {
  readonly ok: boolean;
  readonly detail: string;
}
