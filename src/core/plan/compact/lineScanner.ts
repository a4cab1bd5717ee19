// A cursor over one line of the compact plan language: words, JSON strings, `/regex/` literals and one
// balanced JSON object, each read where the grammar expects it. A malformed token throws
// CompactSyntaxError with the column, which the line parser turns into a problem for that step.
import { findJsonShapeProblem, shapeMessage, shapeProblemPath } from '../jsonShape';
import { PLAN_LIMITS, screenValue } from '../../planLimits';
import { formatPath } from '../planProblem';

/** A token that does not fit the grammar where it was read; `column` is 1-based. */
export class CompactSyntaxError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message);
    this.name = 'CompactSyntaxError';
  }
}

/** Characters that end a bare word: spaces, parentheses, `;`, `,` and quotes. */
const WORD_END = /[\s();,"]/;
/** Characters that end a bare path: spaces, parentheses, `;` and quotes (a path may hold commas). */
const PATH_END = /[\s();"]/;

/** Reads the tokens of one line from left to right. */
export class LineScanner {
  private position = 0;

  constructor(readonly text: string) {}

  /** Skips spaces; true when nothing but spaces is left. */
  atEnd(): boolean {
    this.skipSpace();
    return this.position >= this.text.length;
  }

  /** The next character after spaces, without consuming it ('' at the end). */
  peekChar(): string {
    this.skipSpace();
    return this.text[this.position] ?? '';
  }

  /** The next bare word, without consuming it. */
  peekWord(): string | undefined {
    const start = this.position;
    const word = this.word();
    this.position = start;
    return word;
  }

  /** Consumes `char` when it comes next; true when it did. */
  take(char: string): boolean {
    if (this.peekChar() !== char) return false;
    this.position++;
    return true;
  }

  /** Consumes `char`, or throws saying what was expected. */
  expect(char: string, what: string): void {
    if (!this.take(char)) throw this.error(`expected ${what}`);
  }

  /** A name: a letter or `_`, then letters, digits, `_`, `-` or `.` (undefined when none comes next). */
  identifier(): string | undefined {
    this.skipSpace();
    // Dots for MCP tools, `mcp.<server>.<tool>`.
    const match = /^[A-Za-z_][A-Za-z0-9_.-]*/.exec(this.text.slice(this.position));
    if (!match) return undefined;
    this.position += match[0].length;
    return match[0];
  }

  /** The next bare word (undefined when a quote, bracket or the end comes first). */
  word(): string | undefined {
    return this.run(WORD_END);
  }

  /** The rest of the line after spaces, consumed. */
  rest(): string {
    this.skipSpace();
    const rest = this.text.slice(this.position);
    this.position = this.text.length;
    return rest.trim();
  }

  /** A JSON string literal, or a bare word when `bare` allows one (paths). */
  string(what: string, bare = false): string {
    if (this.peekChar() !== '"') {
      const word = bare ? this.run(PATH_END) : undefined;
      if (word === undefined) throw this.error(`expected ${what}${bare ? '' : ' as a "quoted" JSON string'}`);
      return word;
    }
    const start = this.position;
    let index = start + 1;
    while (index < this.text.length && this.text[index] !== '"') index += this.text[index] === '\\' ? 2 : 1;
    if (index >= this.text.length) throw this.error(`${what}: the string is not closed with "`, false);
    this.position = index + 1;
    try {
      return JSON.parse(this.text.slice(start, index + 1)) as string;
    } catch (error) {
      throw new CompactSyntaxError(`${what}: not a valid JSON string (${(error as Error).message})`, start + 1);
    }
  }

  /** A `/pattern/` literal (its body verbatim) or a JSON string holding the pattern. */
  regex(what: string): string {
    if (this.peekChar() !== '/') return this.string(what);
    const start = this.position;
    let index = start + 1;
    while (index < this.text.length && this.text[index] !== '/') index += this.text[index] === '\\' ? 2 : 1;
    if (index >= this.text.length) throw this.error(`${what}: the /pattern/ is not closed with /`, false);
    this.position = index + 1;
    return this.text.slice(start + 1, index);
  }

  /** An integer, possibly negative. */
  integer(what: string): number {
    const word = this.peekWord();
    if (word === undefined || !/^-?\d+$/.test(word)) throw this.error(`expected ${what} as a whole number`);
    this.word();
    return Number(word);
  }

  /** One JSON object, from `{` to its matching `}` (braces inside strings do not count). */
  jsonObject(what: string): Record<string, unknown> {
    if (this.peekChar() !== '{') throw this.error(`expected ${what} as one JSON object {…}`);
    return this.bracketed(what, '{', '}', 'object') as Record<string, unknown>;
  }

  /** One JSON array, from `[` to its matching `]` (brackets inside strings do not count). */
  jsonArray(what: string): unknown[] {
    if (this.peekChar() !== '[') throw this.error(`expected ${what} as one JSON array […]`);
    return this.bracketed(what, '[', ']', 'array') as unknown[];
  }

  /** The JSON value from the `open` bracket here to its match, screened for depth and prototype keys. */
  private bracketed(what: string, open: string, close: string, kind: string): unknown {
    const start = this.position;
    let depth = 0;
    let index = start;
    for (; index < this.text.length; index++) {
      const char = this.text[index];
      if (char === '"') {
        index++;
        while (index < this.text.length && this.text[index] !== '"') index += this.text[index] === '\\' ? 2 : 1;
      } else if (char === open) depth++;
      else if (char === close && --depth === 0) break;
    }
    if (index >= this.text.length) throw this.error(`${what}: the JSON ${kind} is not closed (a ${close} or a " is missing)`, false);
    this.position = index + 1;
    const source = this.text.slice(start, index + 1);
    const shape = findJsonShapeProblem(source, PLAN_LIMITS.depth);
    if (shape) {
      const path = shapeProblemPath(shape, 1);
      throw new CompactSyntaxError(`${what}${path.length > 0 ? ` at ${formatPath('args', path)}` : ''}: ${shapeMessage(shape)}`, start + shape.offset + 1);
    }
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (error) {
      throw new CompactSyntaxError(`${what} are not valid JSON (${(error as Error).message})`, start + 1);
    }
    // Screened before anything walks the value: too deep a value, or a `__proto__` key, stops here.
    const [problem] = screenValue(value);
    if (problem) throw new CompactSyntaxError(`${what}${problem.path.length > 0 ? ` at ${formatPath('args', problem.path)}` : ''}: ${problem.message}`, start + 1);
    return value;
  }

  /** An error located at the next token; it names the token found there unless `quoteFound` is false. */
  error(message: string, quoteFound = true): CompactSyntaxError {
    this.skipSpace();
    if (!quoteFound) return new CompactSyntaxError(message, this.position + 1);
    const found = this.position >= this.text.length ? 'the end of the line' : JSON.stringify(this.text.slice(this.position, this.position + 12));
    return new CompactSyntaxError(`${message}, found ${found}`, this.position + 1);
  }

  private run(end: RegExp): string | undefined {
    this.skipSpace();
    const start = this.position;
    while (this.position < this.text.length && !end.test(this.text[this.position]!)) this.position++;
    return this.position > start ? this.text.slice(start, this.position) : undefined;
  }

  private skipSpace(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position]!)) this.position++;
  }
}
