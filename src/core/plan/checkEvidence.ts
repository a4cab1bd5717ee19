// A check's result in words for people: what was required and what was found, on one line ("src/cli.js
// contains "options.verbose": found on line 12", "exit code: expected 0, got 1"). A check's detail starts
// with the check in its own terms (checkLabel.ts), which the model and the journal read; people read this, and
// what broke a step in the same words (failureWords).
import { checkLabel } from '../checks/checkLabel';
import type { Check } from '../checks/checkSchema';
import { describeCheck } from './describeCheck';

/** What a combinator's detail starts with: its kind, then what its children came to. */
const COMBINATOR_PREFIX: Readonly<Partial<Record<Check['kind'], string>>> = { all: 'all: ', any: 'any: ', not: 'not: ' };

/** What `detail` says was found, when it is a result of `check`; undefined when it is another check's. */
function foundText(check: Check, detail: string): string | undefined {
  for (const prefix of [`${checkLabel(check)}: `, COMBINATOR_PREFIX[check.kind]]) {
    if (prefix && detail.startsWith(prefix)) return detail.slice(prefix.length);
  }
  return undefined;
}

/** An exit-code check's result: the code found, and whether it was the one required. */
function exitFound(check: Check, found: string): { readonly got: string; readonly held: boolean } | undefined {
  const exit = check.kind === 'exitCode' ? /^got (-?\d+)$/.exec(found) : null;
  return exit && check.kind === 'exitCode' ? { got: exit[1]!, held: exit[1] === String(check.equals) } : undefined;
}

/**
 * `check`'s result `detail` (held or not) as one line for people, or undefined when `detail` is not a result of
 * `check` (a precondition's, say).
 */
export function checkEvidence(check: Check, detail: string): string | undefined {
  const found = foundText(check, detail);
  if (found === undefined) return undefined;
  const exit = exitFound(check, found);
  if (check.kind === 'exitCode' && exit) return exit.held ? describeCheck(check) : `exit code: expected ${check.equals}, got ${exit.got}`;
  return `${describeCheck(check)}: ${found}`;
}

/**
 * What evaluating `check` found, without the check's own words ("found on line 12", "expected 0, got 1"), for a
 * line that already names the check; undefined when `detail` is not a result of `check`.
 */
export function checkFinding(check: Check, detail: string): string | undefined {
  const found = foundText(check, detail);
  if (found === undefined) return undefined;
  const exit = exitFound(check, found);
  return check.kind === 'exitCode' && exit && !exit.held ? `expected ${check.equals}, got ${exit.got}` : found;
}

/** A step's checks, as failureWords reads them. */
type CheckedStep = { readonly precondition?: Check | undefined; readonly postcondition?: Check | undefined };

/**
 * What broke `step`, in words for people: when a check of the step failed, its result as checkEvidence says it
 * ("exit code: expected 0, got 1"; a precondition's after "needs first: "); otherwise the failure's own message.
 * The failure's message keeps the check's own terms, which the model and the CLI's `--json` read.
 */
export function failureWords(step: CheckedStep | undefined, failure: { readonly reason: string; readonly message: string }, checkDetail: string | undefined): string {
  const role = failure.reason === 'precondition' || failure.reason === 'postcondition' ? failure.reason : undefined;
  const check = role ? step?.[role] : undefined;
  const words = check && checkDetail !== undefined ? checkEvidence(check, checkDetail) : undefined;
  if (words === undefined) return failure.message;
  return role === 'precondition' ? `needs first: ${words}` : words;
}
