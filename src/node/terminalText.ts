// What a command printed, from the raw data a terminal shows: shell integration hands over the bytes
// written to the terminal, with colour codes, cursor moves, the shell integration markers themselves
// (OSC 633) and CRLF line ends, because a program in a terminal believes it talks to a screen. A step's
// output is text for people and for the re-planner, the same as a child process's, so the escape
// sequences are removed as the data streams in (a sequence split across chunks is held back until it
// ends) and line ends are normalised.

const ESC = '\u001b';
const BEL = '\u0007';

/** Removes terminal escape sequences from streamed chunks; `end()` flushes what is held back. */
export class TerminalTextCleaner {
  private pending = '';

  /**
   * The printable text of `chunk`, minus an unfinished escape sequence at its end (kept for the next).
   * Carriage returns stay: a `\r` and its `\n` may arrive in different chunks; `finishTerminalText`
   * deals with them once the output is complete.
   */
  push(chunk: string): string {
    const { clean, rest } = stripEscapes(this.pending + chunk);
    this.pending = rest;
    return clean;
  }

  /** An unfinished escape sequence at the very end is dropped: it was never going to be text. */
  end(): string {
    this.pending = '';
    return '';
  }
}

/** The printable text of a whole terminal transcript. */
export function cleanTerminalText(text: string): string {
  return finishTerminalText(stripEscapes(text).clean);
}

/** Escape-free terminal text with `\n` line ends and carriage returns applied. */
export function finishTerminalText(text: string): string {
  return collapseCarriageReturns(normaliseLineEnds(text));
}

/**
 * Applies carriage returns the way a terminal shows them, line by line: what follows the last `\r`
 * replaced what came before (progress bars), so `10%\r100%` reads `100%`. Line ends must already be `\n`.
 */
function collapseCarriageReturns(text: string): string {
  if (!text.includes('\r')) return text;
  return text
    .split('\n')
    .map((line) => {
      if (!line.includes('\r')) return line;
      const parts = line.split('\r').filter((part) => part.length > 0);
      return parts[parts.length - 1] ?? '';
    })
    .join('\n');
}

function normaliseLineEnds(text: string): string {
  return text.replace(/\r+\n/g, '\n');
}

/**
 * Splits `text` into its printable part and an unfinished escape sequence at the end. Handles CSI
 * (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC \`), DCS / SOS / PM / APC (`ESC P|X|^|_ … ESC \`),
 * charset selections (`ESC ( B`) and the two-character escapes; other C0 controls except tab, line
 * feed and carriage return are dropped.
 */
function stripEscapes(text: string): { clean: string; rest: string } {
  let clean = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char !== ESC) {
      const code = char.charCodeAt(0);
      if (code >= 0x20 || char === '\n' || char === '\t' || char === '\r') clean += char;
      else if (code === 0x08) clean = clean.slice(0, -1);
      i++;
      continue;
    }
    const end = escapeEnd(text, i);
    if (end === undefined) return { clean, rest: text.slice(i) };
    i = end;
  }
  return { clean, rest: '' };
}

/** The index just past the escape sequence starting at `start`, or `undefined` when it is unfinished. */
function escapeEnd(text: string, start: number): number | undefined {
  const kind = text[start + 1];
  if (kind === undefined) return undefined;
  if (kind === '[') {
    for (let i = start + 2; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x40 && code <= 0x7e) return i + 1;
      // Anything but a parameter or intermediate byte breaks the sequence; the byte is read as text.
      if (code < 0x20 || code > 0x3f) return i;
    }
    return undefined;
  }
  if (kind === ']' || kind === 'P' || kind === 'X' || kind === '^' || kind === '_') {
    for (let i = start + 2; i < text.length; i++) {
      if (text[i] === BEL && kind === ']') return i + 1;
      if (text[i] === ESC) {
        if (i + 1 >= text.length) return undefined;
        if (text[i + 1] === '\\') return i + 2;
      }
    }
    return undefined;
  }
  if (kind === '(' || kind === ')' || kind === '*' || kind === '+' || kind === '#' || kind === '%') {
    return start + 2 < text.length ? start + 3 : undefined;
  }
  return start + 2;
}
