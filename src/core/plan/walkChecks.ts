// Visits every check inside a check tree (through all / any / not), with its path, so rules and
// renderings that care about one kind of check do not each re-implement the recursion.
import type { Check } from '../checks/checkSchema';

/** A path inside a check: `['checks', 1, 'check']`. */
export type CheckPath = readonly (string | number)[];

/** Calls `visit` for `check` and every check nested in it; `path` is relative to `check`. */
export function walkChecks(check: Check, visit: (check: Check, path: CheckPath) => void, path: CheckPath = []): void {
  visit(check, path);
  if (check.kind === 'all' || check.kind === 'any') {
    check.checks.forEach((child, index) => walkChecks(child, visit, [...path, 'checks', index]));
  } else if (check.kind === 'not') {
    walkChecks(check.check, visit, [...path, 'check']);
  }
}

/**
 * Whether `check` is, or contains, a check of one of these kinds. Walks on its own rather than through
 * `walkChecks`, which builds a path for every check: the gate asks this of every step.
 */
export function containsCheckKind(check: Check | undefined, kinds: readonly Check['kind'][]): boolean {
  if (!check) return false;
  if (kinds.includes(check.kind)) return true;
  if (check.kind === 'all' || check.kind === 'any') return check.checks.some((child) => containsCheckKind(child, kinds));
  return check.kind === 'not' && containsCheckKind(check.check, kinds);
}
