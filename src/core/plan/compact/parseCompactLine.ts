// One line of the compact plan language → one plan step (or, with `each`, one per listed value), or the
// problems that keep it from being one:
//
//   [E<n>] <tool> {<args as JSON>} [each <arg> ["v1","v2"]] [after E2,E3] [check C] [pre C] [status C]
//          [undo <tool> {<args>}] [idempotent] [keyed] [# title]
//
// C is a check in the one-line grammar (checkGrammar.ts). A label, when written, must be the id the
// line's position gives it. A malformed line is a problem located at its step and line, never a throw.
import { PLAN_LIMITS } from '../../planLimits';
import type { PlanProblem } from '../planProblem';
import type { Step } from '../planSchema';
import { readCheck } from './checkGrammar';
import { compactSteps, type CompactStepParts } from './compactStep';
import { DependencyContext } from './impliedDependencies';
import { CompactSyntaxError, LineScanner } from './lineScanner';

/** The words that start a trailer after the arguments. */
export const TRAILER_WORDS = ['each', 'after', 'check', 'pre', 'status', 'undo', 'idempotent', 'keyed'] as const;

/** Where a line sits: its step id, its 1-based line number (for messages) and the steps before it. */
export interface CompactLineOptions {
  readonly id: string;
  readonly lineNumber?: number;
  /** The steps before this one, for implied dependencies; the line's own steps are added to it. */
  readonly earlier?: DependencyContext;
}

/** A line's steps (one, or one per value of `each`), or why there are none. */
export interface CompactLineResult {
  readonly steps: Step[];
  readonly problems: PlanProblem[];
}

/** An optional `E3`, `E3:`, `3.` or `3)` label, after an optional list bullet (or a list number before an `E3`). */
const LABEL = /^\s*(?:[-*]\s+|\d+[.)]\s+(?=#?E\d))?(?:#?E(\d+)\s*[:=.)]?|(\d+)[.):])(?=\s)/;

/** Reads one line as step `options.id`. */
export function parseCompactLine(text: string, options: CompactLineOptions): CompactLineResult {
  const where = options.lineNumber === undefined ? '' : `line ${options.lineNumber}: `;
  const problem = (message: string): PlanProblem => ({ stepId: options.id, path: options.id, message: `${where}${message}` });
  const label = LABEL.exec(text);
  const body = label ? text.slice(label[0].length) : text.replace(/^\s*[-*]\s+/, '');
  if (label) {
    const labelled = `E${label[1] ?? label[2]}`;
    if (labelled !== options.id) return { steps: [], problems: [problem(`labelled ${labelled}, but its position makes it ${options.id}; steps are numbered by the order of their lines`)] };
  }
  try {
    const made = compactSteps(readParts(new LineScanner(body)), options.id, options.earlier ?? new DependencyContext());
    return 'steps' in made ? { steps: made.steps, problems: [] } : { steps: [], problems: [problem(made.problem)] };
  } catch (error) {
    if (!(error instanceof CompactSyntaxError)) throw error;
    const column = error.column + (label ? label[0].length : text.length - body.length);
    return { steps: [], problems: [problem(`column ${column}: ${error.message}`)] };
  }
}

/** The parts of a step line, from the tool name to the end. */
export function readParts(scanner: LineScanner): CompactStepParts {
  const tool = scanner.identifier();
  if (tool === undefined) throw scanner.error('expected a tool name, then its arguments as one JSON object');
  const args = readArgs(scanner, `the arguments of ${tool}`);
  const parts: { -readonly [K in keyof CompactStepParts]: CompactStepParts[K] } = { tool, args };
  const once = (key: keyof CompactStepParts, word: string): void => {
    if (parts[key] !== undefined) throw scanner.error(`"${word}" is written twice`, false);
  };
  while (!scanner.atEnd()) {
    if (scanner.take(';') || scanner.take('|')) continue;
    if (scanner.peekChar() === '#') {
      once('title', '# title');
      const title = scanner.rest().slice(1).trim();
      if (title.length > 0) parts.title = title;
      break;
    }
    const word = scanner.peekWord();
    switch (word) {
      case 'each': {
        once('each', word);
        scanner.word();
        const key = scanner.identifier();
        if (key === undefined) throw scanner.error('expected the argument after "each", then its values (e.g. each path ["a.js","b.js"])');
        parts.each = { key, values: readValues(scanner, key) };
        break;
      }
      case 'after':
        once('after', word);
        scanner.word();
        parts.after = readIds(scanner);
        break;
      case 'check':
        once('postcondition', word);
        scanner.word();
        parts.postcondition = readCheck(scanner);
        break;
      case 'pre':
        once('precondition', word);
        scanner.word();
        parts.precondition = readCheck(scanner);
        break;
      case 'status':
        once('statusCheck', word);
        scanner.word();
        parts.statusCheck = readCheck(scanner);
        break;
      case 'undo': {
        once('compensation', word);
        scanner.word();
        const undoTool = scanner.identifier();
        if (undoTool === undefined) throw scanner.error('expected the undoing tool after "undo"');
        parts.compensation = { tool: undoTool, args: readArgs(scanner, `the arguments of undo ${undoTool}`) };
        break;
      }
      case 'idempotent':
        once('idempotent', word);
        scanner.word();
        parts.idempotent = true;
        break;
      case 'keyed':
        once('idempotencyKey', word);
        scanner.word();
        parts.idempotencyKey = true;
        break;
      default:
        throw scanner.error(`expected ${TRAILER_WORDS.join(', ')} or "# title" after the arguments`);
    }
  }
  return parts;
}

/** `{…}`, or `({…})` as a function call is written. */
function readArgs(scanner: LineScanner, what: string): Record<string, unknown> {
  const call = scanner.take('(');
  const args = scanner.jsonObject(what);
  if (call) scanner.expect(')', `")" after ${what}`);
  return args;
}

/** `["a.js","b.js"]`: the values of `each <key>`, a JSON array of strings. */
function readValues(scanner: LineScanner, key: string): string[] {
  const values = scanner.jsonArray(`the values of "each ${key}"`);
  const wrong = values.findIndex((value) => typeof value !== 'string');
  if (wrong >= 0) throw scanner.error(`the values of "each ${key}" must be strings; value ${wrong + 1} is not`, false);
  return values as string[];
}

/** `E2,E3`, `E2 E3`, `#E2`, `2,3` (numbers mean E<n>) or a range `E2-E9`; at least one. */
function readIds(scanner: LineScanner): string[] {
  const ids: string[] = [];
  for (;;) {
    scanner.take(',');
    const word = scanner.peekWord();
    if (word === undefined || (TRAILER_WORDS as readonly string[]).includes(word) || !/^#?[A-Za-z0-9][A-Za-z0-9_-]*$/.test(word)) break;
    scanner.word();
    const range = /^#?E?(\d+)-#?E?(\d+)$/.exec(word);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to <= from || to - from >= PLAN_LIMITS.steps) throw scanner.error(`"${word}" is not a range of step ids from a lower number to a higher one`, false);
      for (let number = from; number <= to; number++) ids.push(`E${number}`);
      continue;
    }
    const id = word.replace(/^#/, '');
    ids.push(/^\d+$/.test(id) ? `E${id}` : id);
  }
  if (ids.length === 0) throw scanner.error('expected step ids after "after" (e.g. after E1,E2 or after E2-E5)');
  return ids;
}
