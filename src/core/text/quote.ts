// Values quoted in a message: what a user or a model wrote can be megabytes long; the message stays a line.
import { shorten } from './shorten';

/** `text` as a JSON string literal, shortened first so a detail line stays readable. */
export function quote(text: string, max = 80): string {
  return JSON.stringify(shorten(text, max));
}

/** Any JSON-like value as it is quoted in an error message: a string as a shortened JSON literal, anything else as shortened JSON. */
export function quoteValue(value: unknown, max = 80): string {
  if (typeof value === 'string') return quote(value, max);
  return shorten(JSON.stringify(value) ?? String(value), max);
}
