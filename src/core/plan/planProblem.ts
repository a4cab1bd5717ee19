// What the validation gate reports: one problem per broken rule, located by the step id and the JSON
// path of the field (`E2.args.edits[0].find`), and the mapping from zod issues to such problems with
// messages a person can act on.
import type { z } from 'zod';
import { quote, quoteValue } from '../text/quote';
import { shorten } from '../text/shorten';
import { closestName } from './closestName';

/** One broken rule: which step (when it has a usable id), which field, and what is wrong. */
export interface PlanProblem {
  readonly stepId?: string;
  /** JSON path of the field: `E2.args.edits[0].find`, `steps[3].id` when the id itself is unusable, `goal`. */
  readonly path: string;
  readonly message: string;
}

/** `E2.args.edits[0].find: Required`; a problem about the whole document is just its message. */
export function formatProblem(problem: PlanProblem): string {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}

/** Longest key quoted whole in a path; a longer one (a key can be megabytes long) is shortened. */
const PATH_KEY_CHARS = 64;
/** Longest message a problem carries: what a plan quotes back is shortened before this, this is the backstop. */
const MESSAGE_CHARS = 2000;

/** Appends path segments to a base path: keys as `.key` (or `["odd key"]`), indexes as `[n]`. */
export function formatPath(base: string, segments: readonly PropertyKey[]): string {
  let path = base;
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (typeof segment === 'string' && segment.length <= PATH_KEY_CHARS && /^[A-Za-z_$][\w$-]*$/.test(segment)) path += path ? `.${segment}` : segment;
    else path += `[${quote(String(segment), PATH_KEY_CHARS)}]`;
  }
  return path;
}

/** Appends `more` to `problems` one by one: a spread of a million problems would overflow the stack. */
export function appendProblems(problems: PlanProblem[], more: readonly PlanProblem[]): void {
  for (const problem of more) problems.push(problem);
}

/** `problem` with its message cut to a readable length. */
export function boundProblem(problem: PlanProblem): PlanProblem {
  return problem.message.length <= MESSAGE_CHARS ? problem : { ...problem, message: shorten(problem.message, MESSAGE_CHARS) };
}

/** How a JSON value is named in messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Messages for zod's own issue kinds, passed to `safeParse` as `error`. Schemas that carry their own
 * message (the path rule, step ids, regexes) keep it: zod prefers a schema's message over this map.
 */
const planErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : `expected ${issue.expected}, got ${describeValue(issue.input)}`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}, got ${quoteValue(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'must not be empty' : `needs at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `needs at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`;
      return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    default:
      return undefined;
  }
};

/**
 * `schema.safeParse(value)` whose failures carry `planErrorMap` messages. Valid input takes zod's fast
 * path: passing parse options makes zod parse about twice as slowly, so they are only used to explain.
 */
export function parseExplained<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
  const quick = schema.safeParse(value);
  return quick.success ? quick : schema.safeParse(value, { error: planErrorMap });
}

/** Where problems found in one parsed value go, and what names a typo there may have meant. */
export interface IssueContext {
  /** Path of the parsed value: `E2`, `E2.args`, or `''` for the document. */
  readonly base: string;
  readonly stepId?: string;
  /** Field names of the parsed object, for "did you mean" on unknown fields at its top level. */
  readonly fieldNames?: readonly string[];
}

/** How many unknown fields of one object are named one by one; the rest are counted in one problem. */
export const UNKNOWN_FIELDS_LISTED = 20;

/**
 * Turns zod issues about `input` into problems; unknown keys become one problem each, up to
 * `UNKNOWN_FIELDS_LISTED` per object, and one more that counts the rest (a reply with a million stray
 * keys would otherwise cost a million problems, each formatted and shown).
 */
export function issueProblems(issues: readonly z.core.$ZodIssue[], input: unknown, context: IssueContext): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const at = (segments: readonly PropertyKey[], message: string): void => {
    const path = formatPath(context.base, segments);
    problems.push(context.stepId === undefined ? { path, message } : { stepId: context.stepId, path, message });
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const names = issue.path.length === 0 ? (context.fieldNames ?? []) : [];
      for (const key of issue.keys.slice(0, UNKNOWN_FIELDS_LISTED)) {
        const suggestion = closestName(key, names);
        at([...issue.path, key], suggestion ? `unknown field; did you mean "${suggestion}"?` : 'unknown field');
      }
      const more = issue.keys.length - UNKNOWN_FIELDS_LISTED;
      if (more > 0) at(issue.path, `${more} more unknown field${more === 1 ? '' : 's'}`);
    } else if (issue.code === 'invalid_union' && issue.discriminator !== undefined) {
      const value = valueAt(input, issue.path);
      const options = 'options' in issue ? (issue.options ?? []) : [];
      const expected = options.map((option) => String(option)).join(', ');
      const suggestion = typeof value === 'string' ? closestName(value, options.map(String)) : undefined;
      const hint = suggestion ? ` (did you mean "${suggestion}"?)` : '';
      const unknown = `unknown ${issue.discriminator} ${quoteValue(value)}${hint}; expected one of: ${expected}`;
      at(issue.path, value === undefined ? 'Required' : unknown);
    } else {
      at(issue.path, issue.message);
    }
  }
  return problems;
}

/** The value at `path` inside `input`, or `undefined`. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}
