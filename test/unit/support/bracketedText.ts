// A Localize port that shows what went through it: each message's literal text is bracketed (⟦Error: ⟧zonk⟦⟧) and
// its arguments stay outside, so whatever English is left outside the brackets skipped the port. Tests give the
// fixtures made-up words, so an English fragment cannot hide among the data.
import type { Localize } from '../../../src/core/ports';

/** Brackets the literal parts of each message; its arguments stay outside, so an English argument shows. */
export const bracketed: Localize = {
  t: (message, ...args) => `⟦${message.replace(/\{(\d+)\}/g, (placeholder, index: string) => (args[Number(index)] === undefined ? placeholder : `⟧${String(args[Number(index)])}⟦`))}⟧`,
};

/** The words of `text` the port did not see and `data` does not hold. */
export function unlocalized(text: string, data: ReadonlySet<string>): string[] {
  const outside = text.replace(/⟦[^⟦⟧]*⟧/g, ' ').replace(/\$\([\w~-]+\)/g, ' ');
  return (outside.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !data.has(word));
}

/** Every word of the given data, which a text may show as it is. */
export function words(...values: readonly unknown[]): Set<string> {
  return new Set(values.flatMap((value) => (typeof value === 'string' ? value : JSON.stringify(value)).match(/[A-Za-z]{2,}/g) ?? []));
}
