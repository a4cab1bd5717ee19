// Locates a JSON syntax error. V8's `JSON.parse` messages only sometimes carry "at position N" (not
// for "Unexpected token" on short input), so the offset comes from a small iterative scanner that
// accepts exactly RFC 8259 JSON; it runs only after `JSON.parse` has already failed.

/** Where a JSON text first goes wrong: a 0-based offset and the 1-based line and column. */
export interface JsonSyntaxError {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** What the parser said, without V8's position and snippet decorations. */
  readonly reason: string;
}

type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERALS = ['true', 'false', 'null'];

/** Describes why `text` is not JSON, given the message `JSON.parse` threw for it. */
export function locateJsonSyntaxError(text: string, parserMessage: string): JsonSyntaxError {
  const offset = syntaxErrorOffset(text) ?? positionIn(parserMessage) ?? text.length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { offset, line, column, reason: cleanReason(parserMessage) };
}

/** The offset of the first character that cannot continue a JSON text, or `undefined` when it is valid. */
export function syntaxErrorOffset(text: string): number | undefined {
  const stack: ('{' | '[')[] = [];
  let expect: Expect = 'value';
  let i = 0;
  const afterValue = (): Expect => (stack.length > 0 ? 'commaOrClose' : 'end');
  for (;;) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
    if (i >= text.length) return expect === 'end' ? undefined : i;
    const c = text[i];
    switch (expect) {
      case 'value':
      case 'valueOrClose': {
        if (expect === 'valueOrClose' && c === ']') {
          stack.pop();
          i++;
          expect = afterValue();
        } else if (c === '{' || c === '[') {
          stack.push(c);
          i++;
          expect = c === '{' ? 'keyOrClose' : 'valueOrClose';
        } else {
          const end = scanScalar(text, i);
          if (end < 0) return -end - 1;
          i = end;
          expect = afterValue();
        }
        break;
      }
      case 'key':
      case 'keyOrClose': {
        if (expect === 'keyOrClose' && c === '}') {
          stack.pop();
          i++;
          expect = afterValue();
        } else if (c === '"') {
          const end = scanString(text, i);
          if (end < 0) return -end - 1;
          i = end;
          expect = 'colon';
        } else return i;
        break;
      }
      case 'colon':
        if (c !== ':') return i;
        i++;
        expect = 'value';
        break;
      case 'commaOrClose': {
        const top = stack[stack.length - 1];
        if (c === ',') expect = top === '{' ? 'key' : 'value';
        else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
          stack.pop();
          expect = afterValue();
        } else return i;
        i++;
        break;
      }
      case 'end':
        return i;
    }
  }
}

/** End offset of the string, number or literal at `start`, or `-(errorOffset + 1)`. */
function scanScalar(text: string, start: number): number {
  const c = text[start];
  if (c === '"') return scanString(text, start);
  if (c === '-' || (c >= '0' && c <= '9')) {
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(text);
    return match ? start + match[0].length : -(start + 1 + (c === '-' ? 1 : 0));
  }
  for (const literal of LITERALS) {
    if (text.startsWith(literal, start)) return start + literal.length;
  }
  return -(start + 1);
}

/** End offset of the string starting with `"` at `start`, or `-(errorOffset + 1)`. */
function scanString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return -(i + 1);
    if (c === 0x5c) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -(i + 2);
        i += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i++;
      else return -(i + 2);
    }
  }
  return -(text.length + 1);
}

/** The "at position N" V8 sometimes reports. */
function positionIn(message: string): number | undefined {
  const match = /at position (\d+)/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/** `Unexpected token '}', "{"a": }" is not valid JSON` → `Unexpected token '}'`; drops "in JSON at position N". */
function cleanReason(message: string): string {
  return message
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ after JSON at position \d+.*$/s, ' after the JSON value')
    .trim();
}
