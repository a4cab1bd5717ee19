// The pure find/replace behind editFile and proposeEdit: edits apply in order, in memory, and each
// `find` must occur exactly once in the text as it is when that edit applies, so an edit can never
// land in the wrong place — unless the edit says `replaceAll`, an exact rename: then every occurrence
// changes, and there must be at least one. Nothing is written unless every edit applies.
import { quote } from '../text/quote';

/** One exact find/replace. */
export interface TextEdit {
  readonly find: string;
  readonly replace: string;
  /** Replace every occurrence (at least one) instead of exactly one. */
  readonly replaceAll?: boolean;
}

/** The edited text, or which edit could not apply and how many times its `find` occurred. */
export type ApplyEditsResult =
  | { readonly ok: true; readonly content: string }
  | { readonly ok: false; readonly editIndex: number; readonly matches: number; readonly problem: string };

/** Occurrences of `find` in `text`, overlapping ones included (each is a place the edit could go). */
export function countOccurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + 1)) count++;
  return count;
}

/** Whether `edit` applies where its `find` occurs `matches` times. */
export function appliesAt(edit: TextEdit, matches: number): boolean {
  return edit.replaceAll === true ? matches > 0 : matches === 1;
}

/** Applies `edits` to `content` in order; fails naming the first edit whose `find` is not unique (or, for `replaceAll`, absent). */
export function applyEdits(content: string, edits: readonly TextEdit[]): ApplyEditsResult {
  let text = content;
  for (const [index, edit] of edits.entries()) {
    const matches = countOccurrences(text, edit.find);
    if (!appliesAt(edit, matches)) {
      const which = edits.length > 1 ? `edit ${index + 1} of ${edits.length}: ` : '';
      const problem = `${which}find text ${quote(edit.find)} occurs ${matches} times; it must occur ${edit.replaceAll === true ? 'at least' : 'exactly'} once`;
      return { ok: false, editIndex: index, matches, problem };
    }
    if (edit.replaceAll === true) {
      // split/join, not String.replaceAll, so `$&` in the replacement stays literal; left to right, no overlaps.
      text = text.split(edit.find).join(edit.replace);
      continue;
    }
    const at = text.indexOf(edit.find);
    // Sliced rather than String.replace, so `$&` or `$1` in the replacement stay literal.
    text = text.slice(0, at) + edit.replace + text.slice(at + edit.find.length);
  }
  return { ok: true, content: text };
}

/**
 * Whether `current` looks like `edits` were applied when the original is unknown: every non-empty
 * replacement present and every `find` gone (unless a replacement itself contains it).
 */
export function looksEdited(current: string, edits: readonly TextEdit[]): boolean {
  return edits.every(
    (edit) =>
      (edit.replace.length === 0 || current.includes(edit.replace)) &&
      (edit.replace.includes(edit.find) || !current.includes(edit.find)),
  );
}
