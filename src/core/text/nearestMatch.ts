// Where a stale `find` should have matched: the window of lines in the file most like the find text,
// by the Dice coefficient of their character bigrams (whitespace collapsed), and that region of the
// file with line numbers. Deterministic and linear in the file's size per window, so it is cheap
// enough to run on every failed edit.

/** The lines of a file most like a text: 1-based, inclusive, with the similarity in [0, 1]. */
export interface LineWindow {
  readonly startLine: number;
  readonly endLine: number;
  readonly similarity: number;
}

function bigrams(text: string): Map<string, number> {
  const flat = text.replace(/\s+/g, ' ').trim();
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < flat.length; i++) {
    const pair = flat.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

function dice(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let total = 0;
  let shared = 0;
  for (const count of a.values()) total += count;
  for (const [pair, count] of b) {
    total += count;
    shared += Math.min(count, a.get(pair) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}

/** The window of as many lines as `find` has that is most like it; undefined for an empty file. */
export function nearestWindow(content: string, find: string): LineWindow | undefined {
  const lines = content.split('\n');
  const size = Math.max(1, find.replace(/\n+$/, '').split('\n').length);
  const wanted = bigrams(find);
  let best: LineWindow | undefined;
  for (let start = 0; start + size <= lines.length || (start === 0 && lines.length > 0); start++) {
    const window = lines.slice(start, start + size).join('\n');
    if (window.trim().length === 0) continue;
    const similarity = dice(wanted, bigrams(window));
    if (!best || similarity > best.similarity) best = { startLine: start + 1, endLine: Math.min(lines.length, start + size), similarity };
    if (start + size >= lines.length) break;
  }
  return best;
}

/** Lines `startLine - context` to `endLine + context` of `content`, each prefixed with its number, cut at `maxChars`. */
export function numberedRegion(content: string, startLine: number, endLine: number, context = 3, maxChars = 1_200): string {
  const lines = content.split('\n');
  const from = Math.max(1, startLine - context);
  const to = Math.min(lines.length, endLine + context);
  const width = String(to).length;
  let text = '';
  for (let line = from; line <= to; line++) {
    const next = `${String(line).padStart(width)}| ${lines[line - 1]}\n`;
    if (text.length + next.length > maxChars) return `${text}…\n`;
    text += next;
  }
  return text;
}
