// Whether a check says nothing beyond what a tool call already guarantees once it succeeded: its
// implied postcondition, and for a write or an append that the file holds the text written. The planner
// is asked to leave such checks out, and the step lines shown to the re-planner and the repairer leave
// them out too, so a model sees the form it is asked to write.
import type { Check } from '../checks/checkSchema';
import type { TextEdit } from '../tools/applyEdits';
import { impliedPostcondition } from './impliedCheck';

/** What a successful call guarantees, as the leaves of its implied check plus the texts it wrote per path. */
interface CallFacts {
  readonly leaves: readonly Check[];
  readonly written: ReadonlyMap<string, readonly string[]>;
}

function leavesOf(check: Check | undefined): Check[] {
  if (!check) return [];
  return check.kind === 'all' ? check.checks.flatMap(leavesOf) : [check];
}

function factsOf(tool: string, args: Readonly<Record<string, unknown>>): CallFacts {
  const leaves = leavesOf(impliedPostcondition(tool, args));
  const written = new Map<string, string[]>();
  const path = typeof args.path === 'string' ? args.path : undefined;
  if (path !== undefined && (tool === 'writeFile' || tool === 'appendFile') && typeof args.content === 'string') written.set(path, [args.content]);
  for (const leaf of leaves) if (leaf.kind === 'fileContains') written.set(leaf.path, [...(written.get(leaf.path) ?? []), leaf.text]);
  return { leaves, written };
}

function holds(check: Check, facts: CallFacts): boolean {
  switch (check.kind) {
    case 'all':
      return check.checks.every((inner) => holds(inner, facts));
    case 'any':
      return check.checks.some((inner) => holds(inner, facts));
    case 'fileContains':
      return (facts.written.get(check.path) ?? []).some((text) => text.includes(check.text));
    case 'fileExists':
      return facts.written.has(check.path) || facts.leaves.some((leaf) => (leaf.kind === 'fileExists' || leaf.kind === 'jsonValid') && leaf.path === check.path);
    case 'jsonValid':
      return facts.leaves.some((leaf) => leaf.kind === 'jsonValid' && leaf.path === check.path);
    case 'fileAbsent':
      return facts.leaves.some((leaf) => leaf.kind === 'fileAbsent' && leaf.path === check.path);
    case 'exitCode':
      return facts.leaves.some((leaf) => leaf.kind === 'exitCode' && leaf.equals === check.equals);
    default:
      return false;
  }
}

/** Whether `check` holds whenever a call of `tool` with (valid) `args` succeeded and its implied check held. */
export function guaranteedByCall(tool: string, args: Readonly<Record<string, unknown>>, check: Check): boolean {
  if (tool === 'editFile' && !Array.isArray(args.edits)) return false;
  if (tool === 'editFile' && !(args.edits as unknown[]).every((edit) => typeof (edit as TextEdit | null)?.replace === 'string' && typeof (edit as TextEdit).find === 'string')) return false;
  return holds(check, factsOf(tool, args));
}
