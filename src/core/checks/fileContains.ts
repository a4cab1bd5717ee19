// fileContains: holds when a file's text contains an exact string. The file is read in pieces, keeping
// only the tail a match could start in, so a file of any size is searched in bounded memory.
import { FileNotFoundError } from '../errors';
import type { Workspace } from '../ports';
import type { CheckResult } from './checkSchema';
import type { CheckContext, CheckOf } from './checkContext';
import { checkLabel } from './checkLabel';

/** Where `text` first occurs in a file's pieces: its 1-based line, or the file's line count when absent. */
export type StreamedFind = { readonly found: true; readonly line: number } | { readonly found: false; readonly lines: number };

/** Passes when the file exists and contains `text` verbatim; FIFOs and devices are refused before reading. */
export async function fileContains(check: CheckOf<'fileContains'>, context: CheckContext): Promise<CheckResult> {
  const label = checkLabel(check);
  const result = await findInFile(context.workspace, check.path, check.text);
  if (result === null) return { ok: false, detail: `${label}: not found (the file does not exist)` };
  if (!result.found) return { ok: false, detail: `${label}: not found (file has ${result.lines} lines)` };
  return { ok: true, detail: `${label}: found on line ${result.line}` };
}

/** Finds `text` in the file at `path` from its pieces; null when no file is there. */
async function findInFile(workspace: Workspace, path: string, text: string): Promise<StreamedFind | null> {
  try {
    return await findInPieces(workspace.readTextChunks(path), text);
  } catch (error) {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  }
}

/** Finds `text` across `pieces`, however they are cut; memory holds one piece and `text.length` characters. */
export async function findInPieces(pieces: AsyncIterable<string>, text: string): Promise<StreamedFind> {
  let carry = '';
  let newlinesBefore = 0;
  let endsWithNewline = false;
  let sawText = false;
  for await (const piece of pieces) {
    if (piece.length === 0) continue;
    sawText = true;
    const window = carry + piece;
    const at = window.indexOf(text);
    if (at !== -1) return { found: true, line: newlinesBefore + countNewlines(window, 0, at) + 1 };
    // Keep the characters a match could still start in; count the newlines of what is dropped.
    const keep = Math.min(window.length, text.length - 1);
    newlinesBefore += countNewlines(window, 0, window.length - keep);
    carry = window.slice(window.length - keep);
    endsWithNewline = piece.endsWith('\n');
  }
  const newlines = newlinesBefore + countNewlines(carry, 0, carry.length);
  return { found: false, lines: !sawText ? 0 : endsWithNewline ? newlines : newlines + 1 };
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
