// searchText: searches workspace files for a regular expression, with a bounded result. Changes nothing.
import { z } from 'zod';
import { BinaryFileError, describeFileType, FileNotFoundError, FileRefusedError, FileTooLargeError, formatBytes, NotAFileError, ToolError } from '../errors';
import { PLAN_LIMITS } from '../planLimits';
import type { Workspace } from '../ports';
import { shorten } from '../text/shorten';
import { messageOf, regexSyntaxReason } from '../text/errorText';
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

/** A matching line is shown up to this many characters. */
const MAX_LINE_CHARS = 200;
/** A note names at most this many skipped files. */
const MAX_NAMED_SKIPS = 5;

/** Why a listed file was not searched. */
type SkipReason = 'binary' | 'tooLarge' | 'notAFile' | 'unreadable';

/** Files skipped for one reason, each with a short why. */
type Skips = Record<SkipReason, string[]>;

/**
 * Searches text files line by line; at most `limits.maxSearchResults` matches, with a note when cut.
 * Each file is read whole up to `limits.maxReadBytes`; binary files are passed over, and files too
 * large, unreadable (permission denied) or not regular (FIFOs, sockets, devices, checked before any
 * open) are skipped and named in a note, so one bad file never fails the search.
 */
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
      const skips: Skips = { binary: [], tooLarge: [], notAFile: [], unreadable: [] };
      let searched = 0;
      for (const path of files) {
        if (signal.aborted) throw new ToolError('ambiguous', 'cancelled', `${action}: cancelled`);
        const content = await readSearchable(workspace, path, limits.maxReadBytes, skips);
        if (content === undefined) continue;
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
        ...skipNote(skips.unreadable, 'unreadable'),
        ...skipNote(skips.tooLarge, `over the read limit of ${formatBytes(limits.maxReadBytes)}`),
        ...skipNote(skips.notAFile, 'not a regular file'),
      ];
      const filesSkipped = Object.values(skips).reduce((sum, list) => sum + list.length, 0);
      return {
        text: [...shown, ...notes].join('\n'),
        details: {
          matches: shown.length,
          truncated,
          filesLimited,
          filesSearched: searched,
          filesSkipped,
          skipped: { binary: skips.binary.length, tooLarge: skips.tooLarge.length, notAFile: skips.notAFile.length, unreadable: skips.unreadable.length },
        },
      };
    });
  },
});

/** `[planwright: skipped 2 files (unreadable): a (permission denied), b]`, or nothing when none were. */
function skipNote(files: readonly string[], why: string): string[] {
  if (files.length === 0) return [];
  const named = files.slice(0, MAX_NAMED_SKIPS).join(', ');
  const more = files.length > MAX_NAMED_SKIPS ? ` and ${files.length - MAX_NAMED_SKIPS} more` : '';
  return [`[planwright: skipped ${files.length} file${files.length === 1 ? '' : 's'} (${why}): ${named}${more}]`];
}

/** The text of a file worth searching, or `undefined` (noted in `skips`) for one that is not. */
async function readSearchable(workspace: Workspace, path: string, maxBytes: number, skips: Skips): Promise<string | undefined> {
  try {
    const stat = await workspace.stat(path);
    if (!stat) return undefined;
    if (stat.type !== 'file') {
      skips.notAFile.push(`${path} (${describeFileType(stat.type)})`);
      return undefined;
    }
    if (stat.size > maxBytes) {
      skips.tooLarge.push(`${path} (${formatBytes(stat.size)})`);
      return undefined;
    }
    const content = await workspace.readFile(path, { maxBytes });
    if (!content.includes('\0')) return content;
    skips.binary.push(path);
  } catch (error) {
    if (error instanceof FileNotFoundError) return undefined;
    if (error instanceof BinaryFileError) skips.binary.push(path);
    else if (error instanceof FileTooLargeError) skips.tooLarge.push(`${path} (${formatBytes(error.size)})`);
    else if (error instanceof NotAFileError) skips.notAFile.push(`${path} (${describeFileType(error.type)})`);
    else if (error instanceof FileRefusedError) skips.unreadable.push(`${path} (${error.detail})`);
    else skips.unreadable.push(`${path} (${messageOf(error)})`);
  }
  return undefined;
}
