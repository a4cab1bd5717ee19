// Small builders for the steps, edits and checks the families write, so each family reads as the plan
// a competent planner would write rather than as object plumbing.
import type { Check } from '../../src/core/checks/checkSchema';
import type { Step } from '../../src/core/plan/planSchema';
import { applyEdits, countOccurrences, type TextEdit } from '../../src/core/tools/applyEdits';
import { ALL_PASSED, TEST_COMMAND } from './fixtureProject';

/** Options every step may carry. */
export interface StepExtras {
  readonly dependsOn?: readonly string[];
}

const withDeps = (extras: StepExtras | undefined): Partial<Step> => (extras?.dependsOn && extras.dependsOn.length > 0 ? { dependsOn: [...extras.dependsOn] } : {});

/** An `editFile` step; the edits are checked to apply to `content` here, so a family bug fails loudly. */
export function editStep(id: string, title: string, path: string, content: string, edits: readonly TextEdit[], postcondition: Check, extras?: StepExtras): Step {
  const applied = applyEdits(content, edits);
  if (!applied.ok) throw new Error(`${id} ${path}: ${applied.problem}`);
  return { id, title, tool: 'editFile', args: { path, edits: edits.map((edit) => ({ ...edit })) }, ...withDeps(extras), postcondition };
}

/** A `writeFile` step. */
export function writeStep(id: string, title: string, path: string, content: string, postcondition: Check, extras?: StepExtras): Step {
  return { id, title, tool: 'writeFile', args: { path, content }, ...withDeps(extras), postcondition };
}

/** A `runCommand` step running the project's tests: safe to repeat, judged by the summary line. */
export function testStep(id: string, extras?: StepExtras): Step {
  return { id, title: 'Run the tests', tool: 'runCommand', args: { command: TEST_COMMAND }, ...withDeps(extras), idempotent: true, postcondition: { kind: 'outputContains', text: ALL_PASSED } };
}

/** A read-only step (`readFile`, `searchText`, `listFiles`, `generate`): no postcondition needed. */
export function readStep(id: string, title: string, tool: string, args: Record<string, unknown>, extras?: StepExtras): Step {
  return { id, title, tool, args, ...withDeps(extras) };
}

/** The edits that turn every line `transform` changes, one exact line each, applied in order. */
export function lineEdits(content: string, transform: (line: string) => string): TextEdit[] {
  const edits: TextEdit[] = [];
  let text = content;
  for (const line of content.split('\n')) {
    const next = transform(line);
    if (next === line) continue;
    if (countOccurrences(text, line) !== 1) throw new Error(`line is not unique, cannot edit it alone: ${JSON.stringify(line)}`);
    edits.push({ find: line, replace: next });
    const at = text.indexOf(line);
    text = text.slice(0, at) + next + text.slice(at + line.length);
  }
  return edits;
}

/** Applies edits that are known to apply (the family built them), returning the new text. */
export function applied(content: string, edits: readonly TextEdit[]): string {
  const result = applyEdits(content, edits);
  if (!result.ok) throw new Error(result.problem);
  return result.content;
}

/**
 * The exact rename of `from` to `to` in a file, as one `replaceAll` edit: what a planner who knows both
 * names writes without reading the file. Checked here to change the whole word `from` and nothing else
 * in `content`, so a family never relies on a rename that would touch a longer name.
 */
export function renameEdits(content: string, from: string, to: string): TextEdit[] {
  const edits: TextEdit[] = [{ find: from, replace: to, replaceAll: true }];
  const byWord = content.split('\n').map((line) => renameWord(line, from, to)).join('\n');
  if (applied(content, edits) !== byWord) throw new Error(`renaming ${from} by exact text would also change a longer name`);
  return edits;
}

/** Replaces the whole word `from` with `to` in a line. */
export function renameWord(line: string, from: string, to: string): string {
  return line.replace(new RegExp(`\\b${escapeRegex(from)}\\b`, 'g'), to);
}

/** `text` with every regular-expression metacharacter escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The file contains `text`. */
export const contains = (path: string, text: string): Check => ({ kind: 'fileContains', path, text });
/** The file does not contain `text`. */
export const lacks = (path: string, text: string): Check => ({ kind: 'not', check: { kind: 'fileContains', path, text } });
/** The file has no whole-word `word`. */
export const lacksWord = (path: string, word: string): Check => ({ kind: 'not', check: { kind: 'fileMatches', path, pattern: `\\b${escapeRegex(word)}\\b` } });
/** The file parses as JSON and contains every text. */
export const jsonWith = (path: string, ...texts: string[]): Check => ({ kind: 'all', checks: [{ kind: 'jsonValid', path }, ...texts.map((text) => contains(path, text))] });
/** Every check holds. */
export const allOf = (...checks: Check[]): Check => (checks.length === 1 ? checks[0]! : { kind: 'all', checks });
/** The project's tests pass. */
export const testsPass: Check = { kind: 'commandSucceeds', command: TEST_COMMAND };
/** A `node -e` check: exits 0 exactly when `condition` (JavaScript, no double quotes) is true. */
export const nodeAsserts = (condition: string): Check => {
  if (condition.includes('"')) throw new Error(`a node -e condition may not contain double quotes: ${condition}`);
  return { kind: 'commandSucceeds', command: `node -e "process.exit(${condition} ? 0 : 1)"` };
};
