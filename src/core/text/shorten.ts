// Long text cut to a size for check details, tool output, prompts and messages: its head, its tail, or
// every string inside a value.

/** `text` shortened to at most `max` characters, with `…` marking the cut. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** The last `max` characters of `text`, with `…` marking that the head was cut. */
export function tail(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - (max - 1))}`;
}

/** `value` with every string in it shortened to `max` characters, for arguments shown in a prompt. */
export function boundStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return shorten(value, max);
  if (Array.isArray(value)) return value.map((item) => boundStrings(item, max));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, boundStrings(item, max)]));
  return value;
}
