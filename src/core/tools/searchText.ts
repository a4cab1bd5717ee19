// searchText: searches workspace files for a regular expression, with a bounded result. Changes nothing.
import { z } from 'zod';
import { FileNotFoundError, ToolError } from '../errors';
import { PLAN_LIMITS } from '../plan/planLimits';
import type { Workspace } from '../ports';
import { regexSyntaxReason, shorten } from '../textPreview';
import { defineTool } from './defineTool';
import { guarded } from './toolFailure';

/** The arguments of searchText: a JavaScript regular expression and an optional glob. */
export const SearchTextInputSchema = z
  .object({
    pattern: z.string().min(1).superRefine((pattern, ctx) => {
      // Not compiled past the limit: a megabyte-long pattern takes about a second to compile.
      if (pattern.length > PLAN_LIMITS.pattern) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${PLAN_LIMITS.pattern} characters` });
        return;
      }
      try {
        new RegExp(pattern);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `invalid regular expression: ${regexSyntaxReason(error)}` });
      }
    }),
    glob: z.string().min(1).optional(),
  })
  .strict();

/** Files larger than this are skipped: they are generated or data, and would dominate the result. */
const MAX_SEARCHED_FILE_BYTES = 1024 * 1024;
/** A matching line is shown up to this many characters. */
const MAX_LINE_CHARS = 200;

/** Searches text files line by line; at most `limits.maxSearchResults` matches, with a note when cut. */
export const searchTextTool = defineTool({
  name: 'searchText',
  description: 'Search workspace files (optionally limited by a glob) for a JavaScript regular expression; the output lists path:line: text.',
  input: SearchTextInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  settleMethod: () => 'none',
  execute: (input, { workspace, limits, signal }) => {
    const action = `searchText /${input.pattern}/`;
    return guarded(action, signal, async () => {
      const regex = new RegExp(input.pattern);
      const files = await workspace.findFiles(input.glob ?? '**/*', { limit: limits.maxListedFiles });
      const matches: string[] = [];
      let searched = 0;
      let skipped = 0;
      for (const path of files) {
        if (signal.aborted) throw new ToolError('ambiguous', 'cancelled', `${action}: cancelled`);
        const content = await readSearchable(workspace, path);
        if (content === undefined) {
          skipped++;
          continue;
        }
        searched++;
        for (const [index, line] of content.split(/\r?\n/).entries()) {
          if (!regex.test(line)) continue;
          matches.push(`${path}:${index + 1}: ${shorten(line.trim(), MAX_LINE_CHARS)}`);
          if (matches.length > limits.maxSearchResults) break;
        }
        if (matches.length > limits.maxSearchResults) break;
      }
      const truncated = matches.length > limits.maxSearchResults;
      const shown = matches.slice(0, limits.maxSearchResults);
      const filesLimited = files.length >= limits.maxListedFiles;
      const notes = [
        ...(truncated ? [`[planwright: more than ${limits.maxSearchResults} matches; narrow the pattern or the glob]`] : []),
        ...(filesLimited ? [`[planwright: searched only the first ${limits.maxListedFiles} files; narrow the glob]`] : []),
      ];
      return {
        text: [...shown, ...notes].join('\n'),
        details: { matches: shown.length, truncated, filesLimited, filesSearched: searched, filesSkipped: skipped },
      };
    });
  },
});

/** The text of a file worth searching, or `undefined` for large, binary or vanished files. */
async function readSearchable(workspace: Workspace, path: string): Promise<string | undefined> {
  const stat = await workspace.stat(path);
  if (!stat || stat.type !== 'file' || stat.size > MAX_SEARCHED_FILE_BYTES) return undefined;
  try {
    const content = await workspace.readFile(path);
    return content.includes('\0') ? undefined : content;
  } catch (error) {
    if (error instanceof FileNotFoundError) return undefined;
    throw error;
  }
}
