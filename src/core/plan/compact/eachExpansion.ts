// One instruction for many files: a compact step written with `each path ["a.js","b.js"]` stands for one
// step per listed value, in order. Each gets the value as its argument `path` (the arguments must not
// name it), and every `$path` in its other arguments, its checks, its undo and its title is replaced by
// the value. The key may be any string argument (`each command [...]`); the values are distinct strings.
import type { Check } from '../../checks/checkSchema';
import { PLAN_LIMITS } from '../../planLimits';
import type { CompactStepParts } from './compactStep';

/** `each <key> [<values>]`: the argument each expanded step sets, and the values in order. */
export interface EachSpec {
  readonly key: string;
  readonly values: readonly string[];
}

/** The placeholder for `key` in a line's strings. */
export function eachPlaceholder(key: string): string {
  return `$${key}`;
}

/** Why `each` cannot expand `parts`, or undefined when it can. */
export function eachProblem(parts: CompactStepParts, each: EachSpec): string | undefined {
  if (each.values.length === 0) return `"each ${each.key}" lists no values; list at least one`;
  if (each.values.length > PLAN_LIMITS.steps) return `"each ${each.key}" lists ${each.values.length} values, more than the ${PLAN_LIMITS.steps} steps a plan may have`;
  if (Object.prototype.hasOwnProperty.call(parts.args, each.key)) return `the arguments name "${each.key}", which "each ${each.key}" sets for every step; leave it out of the arguments`;
  const seen = new Set<string>();
  for (const value of each.values) {
    if (seen.has(value)) return `"each ${each.key}" lists ${JSON.stringify(value.slice(0, 80))} twice`;
    seen.add(value);
  }
  return undefined;
}

/** `value` with every string in it given `replace`; objects and arrays are copied, other values kept. */
function mapStrings<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, replace)])) as T;
  }
  return value;
}

/** The parts of each step `each` stands for, in order (call `eachProblem` first). */
export function expandEach(written: CompactStepParts, each: EachSpec): CompactStepParts[] {
  const { each: _each, ...parts } = written;
  const placeholder = eachPlaceholder(each.key);
  return each.values.map((value) => {
    const fill = (text: string): string => text.split(placeholder).join(value);
    const check = (written: Check | undefined): Check | undefined => (written === undefined ? undefined : mapStrings(written, fill));
    const postcondition = check(parts.postcondition);
    const precondition = check(parts.precondition);
    const statusCheck = check(parts.statusCheck);
    return {
      ...parts,
      args: { [each.key]: value, ...mapStrings(parts.args, fill) },
      ...(postcondition ? { postcondition } : {}),
      ...(precondition ? { precondition } : {}),
      ...(statusCheck ? { statusCheck } : {}),
      ...(parts.compensation ? { compensation: mapStrings(parts.compensation, fill) } : {}),
      ...(parts.title ? { title: fill(parts.title) } : {}),
    };
  });
}

/** The step ids a line starting at `firstId` takes for `count` steps: `E4` → E4, E5, …; undefined when it is not `E<n>`. */
export function consecutiveIds(firstId: string, count: number): string[] | undefined {
  const match = /^E(\d+)$/.exec(firstId);
  if (!match) return count === 1 ? [firstId] : undefined;
  const first = Number(match[1]);
  return Array.from({ length: count }, (_, index) => `E${first + index}`);
}
