// A run's reason in one line for a notification or the status bar: a reason whose first line introduces a
// list ("… Problems:") keeps its first item, so the line never ends on a colon with nothing after it.
import type { Localize } from '../ports';
import { shorten } from '../text/shorten';

/** The first line of `reason`, with the first item of the list it introduces and how many more there are. */
export function reasonHeadline(l10n: Localize, reason: string, max = 300): string {
  const lines = reason.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const [first = '', ...rest] = lines;
  if (!first.endsWith(':') || rest.length === 0) return shorten(first, max);
  const headline = `${first} ${rest[0]!.replace(/^[-*]\s*/, '')}`;
  if (rest.length === 1) return shorten(headline, max);
  return shorten(rest.length === 2 ? l10n.t('{0} (and 1 more: see the log)', headline) : l10n.t('{0} (and {1} more: see the log)', headline, rest.length - 1), max);
}
