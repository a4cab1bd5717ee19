// A run's reason in one line for a notification or the status bar: a reason whose first line introduces a
// list ("… Problems:") keeps its first item, so the line never ends on a colon with nothing after it.
import { shorten } from '../text/shorten';

/** The first line of `reason`, with the first item of the list it introduces and how many more there are. */
export function reasonHeadline(reason: string, max = 300): string {
  const lines = reason.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const [first = '', ...rest] = lines;
  if (!first.endsWith(':') || rest.length === 0) return shorten(first, max);
  const item = rest[0]!.replace(/^[-*]\s*/, '');
  const more = rest.length > 1 ? ` (and ${rest.length - 1} more: see the log)` : '';
  return shorten(`${first} ${item}${more}`, max);
}
