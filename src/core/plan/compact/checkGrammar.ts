// The one-line check grammar of the compact plan language, read and written:
//
//   exists PATH | absent PATH | json PATH | contains PATH "text" | matches PATH /regex/
//   exit N | output "text" | run "command" [in PATH] [timeout MS] | result {MCP result check fields}
//   not CHECK | all(CHECK; CHECK; …) | any(CHECK; …)
//
// PATH is a bare word or a JSON string; texts and commands are JSON strings; a pattern is `/…/` (its body
// verbatim) or a JSON string. Each form is one check kind of the plan format, so reading and writing are
// exact inverses.
import type { Check } from '../../checks/checkSchema';
import { PLAN_LIMITS } from '../../planLimits';
import { CompactSyntaxError, LineScanner } from './lineScanner';

/** The words that start a check, for messages. */
export const CHECK_WORDS = ['exists', 'absent', 'json', 'contains', 'matches', 'exit', 'output', 'run', 'result', 'not', 'all', 'any'] as const;

/**
 * Reads one check at the scanner's position. `depth` is the check's level of objects and arrays in the
 * plan format (`not` adds one, `all` and `any` two), held to the plan's nesting limit while reading.
 */
export function readCheck(scanner: LineScanner, depth = 1): Check {
  if (depth > PLAN_LIMITS.depth) throw scanner.error(`checks nest deeper than ${PLAN_LIMITS.depth} levels of objects and arrays, the most a plan allows`, false);
  const word = scanner.peekWord();
  switch (word) {
    case 'exists':
    case 'absent':
    case 'json': {
      scanner.word();
      const path = scanner.string(`the path of "${word}"`, true);
      return { kind: word === 'exists' ? 'fileExists' : word === 'absent' ? 'fileAbsent' : 'jsonValid', path };
    }
    case 'contains': {
      scanner.word();
      const path = scanner.string('the path of "contains"', true);
      return { kind: 'fileContains', path, text: scanner.string('the text of "contains"') };
    }
    case 'matches': {
      scanner.word();
      const path = scanner.string('the path of "matches"', true);
      return { kind: 'fileMatches', path, pattern: scanner.regex('the /pattern/ of "matches"') };
    }
    case 'exit':
      scanner.word();
      return { kind: 'exitCode', equals: scanner.integer('the exit code') };
    case 'output':
      scanner.word();
      return { kind: 'outputContains', text: scanner.string('the text of "output"') };
    case 'run':
      scanner.word();
      return readRun(scanner);
    case 'result':
      scanner.word();
      // The fields are checked by the plan schema, like a JSON plan's.
      return { ...scanner.jsonObject('the fields of "result", e.g. {"path":"$.id","equals":3}'), kind: 'mcpResult' } as Check;
    case 'not':
      scanner.word();
      return { kind: 'not', check: readCheck(scanner, depth + 1) };
    case 'all':
    case 'any': {
      scanner.word();
      scanner.expect('(', `"(" after "${word}"`);
      const checks = [readCheck(scanner, depth + 2)];
      while (scanner.take(';')) checks.push(readCheck(scanner, depth + 2));
      scanner.expect(')', `";" or ")" in "${word}(…)"`);
      return { kind: word, checks };
    }
    default:
      throw scanner.error(`expected a check (${CHECK_WORDS.join(', ')})`);
  }
}

function readRun(scanner: LineScanner): Check {
  const command = scanner.string('the command of "run"');
  let cwd: string | undefined;
  let timeoutMs: number | undefined;
  for (;;) {
    const next = scanner.peekWord();
    if (next === 'in' && cwd === undefined) {
      scanner.word();
      cwd = scanner.string('the folder of "run … in"', true);
    } else if (next === 'timeout' && timeoutMs === undefined) {
      scanner.word();
      timeoutMs = scanner.integer('the timeout in ms');
    } else break;
  }
  return { kind: 'commandSucceeds', command, ...(cwd !== undefined ? { cwd } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
}

/** A whole text read as one check, or what is wrong with it. */
export function parseCheckText(text: string): { readonly ok: true; readonly check: Check } | { readonly ok: false; readonly problem: string } {
  const scanner = new LineScanner(text);
  try {
    const check = readCheck(scanner);
    if (!scanner.atEnd()) throw scanner.error('expected the end of the check');
    return { ok: true, check };
  } catch (error) {
    if (error instanceof CompactSyntaxError) return { ok: false, problem: `column ${error.column}: ${error.message}` };
    throw error;
  }
}

/** A path as a bare word when it reads back as itself, else as a JSON string. */
function pathText(path: string): string {
  return /^[A-Za-z0-9_.@+\-][^\s();"]*$/.test(path) ? path : JSON.stringify(path);
}

/** A pattern as `/…/` when it holds no `/` or line break, else as a JSON string. */
function patternText(pattern: string): string {
  return /^[^/\r\n\u2028\u2029]+$/.test(pattern) && !pattern.endsWith('\\') ? `/${pattern}/` : JSON.stringify(pattern);
}

/** `check` in the one-line grammar; `parseCheckText(formatCheck(check))` gives `check` back. */
export function formatCheck(check: Check): string {
  switch (check.kind) {
    case 'fileExists':
      return `exists ${pathText(check.path)}`;
    case 'fileAbsent':
      return `absent ${pathText(check.path)}`;
    case 'jsonValid':
      return `json ${pathText(check.path)}`;
    case 'fileContains':
      return `contains ${pathText(check.path)} ${JSON.stringify(check.text)}`;
    case 'fileMatches':
      return `matches ${pathText(check.path)} ${patternText(check.pattern)}`;
    case 'exitCode':
      return `exit ${check.equals}`;
    case 'outputContains':
      return `output ${JSON.stringify(check.text)}`;
    case 'commandSucceeds':
      return [`run ${JSON.stringify(check.command)}`, ...(check.cwd !== undefined ? [`in ${pathText(check.cwd)}`] : []), ...(check.timeoutMs !== undefined ? [`timeout ${check.timeoutMs}`] : [])].join(' ');
    case 'mcpResult': {
      const { kind: _kind, ...fields } = check;
      return `result ${JSON.stringify(fields)}`;
    }
    case 'not':
      return `not ${formatCheck(check.check)}`;
    case 'all':
    case 'any':
      return `${check.kind}(${check.checks.map(formatCheck).join('; ')})`;
  }
}
