// `#<id>` references inside tool arguments: the syntax rule, finding them, substituting step outputs
// (pure), and the implicit dependencies they add.
//
// The rule: `#` followed by a maximal run of id characters (a letter, then letters, digits, `_`, `-`).
// That token is a reference iff it names a step of the plan, so `#include` or `#fff` in file contents
// stay text. A token of the conventional form `#E<digits>` that names no step is a dangling reference
// (an error), because it almost certainly meant a step.
import type { Step } from './planSchema';

/** A `#` and the maximal run of id characters after it; the run is the candidate id. */
const REFERENCE_TOKEN = /#([A-Za-z][A-Za-z0-9_-]*)/g;

/** Tokens of this form are meant as references even when they name no step. */
const CONVENTIONAL_ID = /^E[0-9]+$/;

/** One `#<id>` found in a value, with the path of the string it is in. */
export interface ReferenceOccurrence {
  readonly id: string;
  /** Path of the string inside the walked value, e.g. `['edits', 0, 'replace']`. */
  readonly path: readonly (string | number)[];
  /** True for `#E<digits>` that names no step. */
  readonly dangling: boolean;
}

/**
 * Every reference (and dangling `#E<digits>`) inside the strings of `value`, in document order, each id
 * once per string: a string that repeats `#E1` a million times names one dependency, not a million.
 */
export function referenceOccurrences(value: unknown, stepIds: ReadonlySet<string>): ReferenceOccurrence[] {
  const found: ReferenceOccurrence[] = [];
  walkStrings(value, [], (text, path) => {
    const seen = new Set<string>();
    forEachToken(text, (id) => {
      if (seen.has(id)) return;
      seen.add(id);
      if (stepIds.has(id)) found.push({ id, path: [...path], dangling: false });
      else if (CONVENTIONAL_ID.test(id)) found.push({ id, path: [...path], dangling: true });
    });
  });
  return found;
}

/** The ids of the steps referenced inside the strings of `value`, each once, in order of appearance. */
export function findReferences(value: unknown, stepIds: ReadonlySet<string>): string[] {
  const ids = new Set<string>();
  walkStrings(value, [], (text) => {
    forEachToken(text, (id) => {
      if (stepIds.has(id)) ids.add(id);
    });
  });
  return [...ids];
}

/** Every `#<id>` token inside the strings of `value`, each once, whether or not it names a step yet. */
export function referenceTokens(value: unknown): string[] {
  const ids = new Set<string>();
  walkStrings(value, [], (text) => {
    forEachToken(text, (id) => ids.add(id));
  });
  return [...ids];
}

/**
 * A copy of `args` with every `#<id>` whose step has an output replaced by that output, in one pass
 * (an output that itself contains `#E1` is not expanded again). Tokens without an output stay as they
 * are. The result must be checked against the tool's schema again: an output can make any string,
 * including a path that leaves the workspace.
 */
export function resolveReferences<T>(args: T, outputs: ReadonlyMap<string, string>): T {
  return mapStrings(args, (text) =>
    text.includes('#') ? text.replace(REFERENCE_TOKEN, (token, id: string) => outputs.get(id) ?? token) : text,
  ) as T;
}

/**
 * The implicit dependency rule: a step depends on every step its `args` reference, and on every step
 * its compensation's `args` reference (the undo may need that output). A self-reference is not a
 * dependency (the gate reports it).
 */
export function implicitDependencies(step: Pick<Step, 'id' | 'args' | 'compensation'>, stepIds: ReadonlySet<string>): string[] {
  const ids = findReferences(step.args, stepIds);
  if (step.compensation) for (const id of findReferences(step.compensation.args, stepIds)) if (!ids.includes(id)) ids.push(id);
  return ids.filter((id) => id !== step.id);
}

/**
 * Calls `visit` with the candidate id of every `#` token in `text`, in order. An `exec` loop rather than
 * `matchAll`, which clones the expression for every string: in a fresh process, where a plan is gated
 * once, that clone made finding the references of a 1,000-step plan several times slower. `visit` must
 * not use `REFERENCE_TOKEN` itself.
 */
function forEachToken(text: string, visit: (id: string) => void): void {
  REFERENCE_TOKEN.lastIndex = 0;
  for (let match = REFERENCE_TOKEN.exec(text); match !== null; match = REFERENCE_TOKEN.exec(text)) visit(match[1]);
  REFERENCE_TOKEN.lastIndex = 0;
}

/** Calls `visit` for every string inside `value` with its path; `path` is reused, copy it to keep it. */
function walkStrings(value: unknown, path: (string | number)[], visit: (text: string, path: readonly (string | number)[]) => void): void {
  if (typeof value === 'string') {
    if (value.includes('#')) visit(value, path);
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      walkStrings(value[index], path, visit);
      path.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      path.push(key);
      walkStrings((value as Record<string, unknown>)[key], path, visit);
      path.pop();
    }
  }
}

/** A deep copy of a JSON-like value with every string mapped. */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapStrings(child, map)]));
  }
  return value;
}
