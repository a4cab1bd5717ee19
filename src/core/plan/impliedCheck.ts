// The postcondition a tool call implies, derived from the call alone: what the workspace must look like
// after the tool did what it was asked. Fused actions and compact plan lines without a written check
// both get it, so a JSON file left invalid or a command that exits non-zero fails the step in either.
import type { Check } from '../checks/checkSchema';
import type { TextEdit } from '../tools/applyEdits';

const isJson = (path: string): boolean => path.toLowerCase().endsWith('.json');

/** `checks` combined; a single check stays itself. */
function allOf(checks: Check[]): Check {
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/** Replacement texts that must be in the file after the edits: those no later edit may have changed. */
function survivingReplacements(edits: readonly TextEdit[]): string[] {
  return edits
    .filter((edit, index) => edit.replace.length > 0 && !edits.slice(index + 1).some((later) => edit.replace.includes(later.find) || later.find.includes(edit.replace)))
    .map((edit) => edit.replace);
}

/** The check a call of `tool` with (valid) `args` implies, or undefined for read-only tools. */
export function impliedPostcondition(tool: string, args: Readonly<Record<string, unknown>>, expectExitCode = 0): Check | undefined {
  const path = typeof args.path === 'string' ? args.path : '';
  const json: Check[] = isJson(path) ? [{ kind: 'jsonValid', path }] : [];
  switch (tool) {
    case 'writeFile':
    case 'proposeEdit':
      return allOf([{ kind: 'fileExists', path }, ...json]);
    case 'editFile': {
      const contains: Check[] = survivingReplacements(args.edits as TextEdit[]).map((text) => ({ kind: 'fileContains', path, text }));
      return allOf([...(contains.length > 0 ? contains : [{ kind: 'fileExists', path } as Check]), ...json]);
    }
    case 'appendFile':
      return allOf([{ kind: 'fileContains', path, text: String(args.content) }, ...json]);
    case 'deleteFile':
      return { kind: 'fileAbsent', path };
    case 'renameFile':
      return allOf([{ kind: 'fileAbsent', path: String(args.from) }, { kind: 'fileExists', path: String(args.to) }, ...(isJson(String(args.to)) ? [{ kind: 'jsonValid', path: String(args.to) } as Check] : [])]);
    case 'runCommand':
      return { kind: 'exitCode', equals: expectExitCode };
    default:
      return undefined;
  }
}
