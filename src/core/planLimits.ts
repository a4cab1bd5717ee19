// The size and shape limits of a plan, and the pre-pass that enforces the ones zod cannot: how deep a
// value nests and which field names may appear. It walks without recursion, so a value nested 100,000
// levels deep (which JSON.parse builds happily) is refused with a problem instead of overflowing the
// stack in zod or in one of the recursive walkers that read plans later.

/** The limits of the plan format, documented in docs/plan-format.md. */
export const PLAN_LIMITS = {
  /** Steps of one plan (and step lines of one planner reply, operations of one re-planner patch): real plans have tens. */
  steps: 10_000,
  /** Objects and arrays nested inside one field of a step (its args, a check, its compensation). */
  depth: 64,
  /** Characters of a field name anywhere in a plan (every real field name is far shorter). */
  fieldName: 64,
  /** Fields of one object anywhere in a plan: past it, checking each one would cost more than the plan is worth. */
  fields: 10_000,
  /** Acceptance checks of one plan ("Done when"): a goal is proven by a few, not by a list as long as the steps. */
  acceptance: 50,
  /** Characters of a tool name. */
  toolName: 64,
  /** Characters of a step title. */
  title: 500,
  /** Characters of a regular expression (`fileMatches`, `searchText`): a megabyte-long one takes a second to compile. */
  pattern: 10_000,
} as const;

/** Containers above the fields of a step in a plan document: the document, `steps`, the step. */
export const DOCUMENT_STRUCTURE = 3;

/** What is wrong with a value that passes the nesting limit. */
export const TOO_DEEP = `nests deeper than ${PLAN_LIMITS.depth} levels of objects and arrays, the most a plan allows; nothing inside it was checked`;

/** How a plan, a planner reply or a re-planner patch past `PLAN_LIMITS.steps` is told it is too long. */
export const TOO_MANY_STEPS = `more than the ${PLAN_LIMITS.steps} steps a plan may have`;

/** Keys that name an object's prototype machinery: never a field of a plan, whatever the schema says. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** One thing the pre-pass refuses, located relative to the screened value. */
export interface ShapeProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** A container waiting to be visited, with the way back to the screened value. */
interface Pending {
  readonly value: object;
  readonly depth: number;
  readonly parent?: Pending;
  readonly key?: string | number;
}

/**
 * The problems of `value` that must be found before any schema or walker sees it: nesting deeper than
 * `PLAN_LIMITS.depth` (reported once per field, and nothing inside is visited), objects with more than
 * `PLAN_LIMITS.fields` fields (nothing inside is visited), field names that are too long, and
 * `__proto__` / `constructor` / `prototype` keys (unknown fields). `structure` is how many levels of
 * `value` hold the fields the limit is about (3 for a plan document: document, steps, step); a depth
 * problem is located at that field.
 */
export function screenValue(value: unknown, structure = 0): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  if (value === null || typeof value !== 'object') return problems;
  const tooDeep = new Set<string>();
  const stack: Pending[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.depth > PLAN_LIMITS.depth + structure) {
      // One problem per field however many of its branches are too deep; nothing below is visited.
      const path = pathOf(node).slice(0, structure);
      const key = JSON.stringify(path);
      if (!tooDeep.has(key)) problems.push({ path, message: TOO_DEEP });
      tooDeep.add(key);
      continue;
    }
    if (Array.isArray(node.value)) {
      for (let index = node.value.length - 1; index >= 0; index--) push(stack, node, index, node.value[index]);
      continue;
    }
    const keys = Object.keys(node.value);
    if (keys.length > PLAN_LIMITS.fields) {
      problems.push({ path: pathOf(node), message: `has ${keys.length} fields, more than the ${PLAN_LIMITS.fields} an object in a plan may have; nothing inside it was checked` });
      continue;
    }
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      if (FORBIDDEN_KEYS.has(key)) problems.push({ path: [...pathOf(node), key], message: 'unknown field' });
      else if (key.length > PLAN_LIMITS.fieldName) {
        problems.push({ path: [...pathOf(node), key], message: `unknown field (a name of ${key.length} characters; field names have at most ${PLAN_LIMITS.fieldName})` });
      } else push(stack, node, key, (node.value as Record<string, unknown>)[key]);
    }
  }
  return problems;
}

function push(stack: Pending[], parent: Pending, key: string | number, child: unknown): void {
  if (child !== null && typeof child === 'object') stack.push({ value: child, depth: parent.depth + 1, parent, key });
}

/** The path from the screened value to `node`. */
function pathOf(node: Pending): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Pending | undefined = node; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
