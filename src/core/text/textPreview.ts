// Small pure helpers that turn text into short, readable evidence for check details, tool output and
// error messages.

/** The number of lines in `text` (a final newline does not start another line). */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** `text` shortened to at most `max` characters, with `…` marking the cut. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** `value` with every string in it shortened to `max` characters, for arguments shown in a prompt. */
export function boundStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return shorten(value, max);
  if (Array.isArray(value)) return value.map((item) => boundStrings(item, max));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, boundStrings(item, max)]));
  return value;
}

/** `text` as a JSON string literal, shortened first so a detail line stays readable. */
export function quote(text: string, max = 80): string {
  return JSON.stringify(shorten(text, max));
}

/**
 * Any JSON-like value as it is quoted in an error message: a string as a shortened JSON literal, anything
 * else as shortened JSON. What a user or a model wrote can be megabytes long; the message stays a line.
 */
export function quoteValue(value: unknown, max = 80): string {
  if (typeof value === 'string') return quote(value, max);
  return shorten(JSON.stringify(value) ?? String(value), max);
}

/** Why a regular expression does not compile, without the pattern V8 echoes into its message. */
export function regexSyntaxReason(error: unknown): string {
  const message = messageOf(error);
  const cut = message.lastIndexOf(': ');
  return message.startsWith('Invalid regular expression: /') && cut >= 0 ? message.slice(cut + 2) : shorten(message, 200);
}

/** The last `max` characters of `text`, with `…` marking that the head was cut. */
export function tail(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - (max - 1))}`;
}

/** The 1-based line number of character `index` in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
