// Plan steps → the compact plan language, the inverse of the reader: one labelled line per step, with
// only what the reader would not imply — dependencies beyond references and file hazards, a
// postcondition other than the implied one, a title other than the derived one. Steps whose ids are not
// E<n> in order are renumbered (references and dependencies follow), since a line's id is its position.
// The terse form is what the planner is asked to write and what a model is shown of a plan: its titles
// (a person reads them), no check the call already guarantees (a contains of text it writes), and no `after` that the others
// already imply through the steps they wait for; it reads back to the same calls and order, each step
// checked by at least what it was.
import { actionTitle } from '../actionTitle';
import { guaranteedByCall } from '../checkEntailment';
import type { Step } from '../planSchema';
import { resolveReferences } from '../references';
import { formatCheck } from './checkGrammar';
import { impliedCheckOf } from './compactStep';
import { nextStepNumber, type CompactReaderOptions } from './compactPlanReader';
import { DependencyContext } from './impliedDependencies';

/** How much a line spells out: everything (`exact`, reads back to the same steps) or what a model writes (`terse`). */
export interface EncodeOptions {
  readonly terse?: boolean;
}

/** The steps as compact lines, read back to the same steps by a reader given the same `options` (unless terse). */
export function encodeCompactPlan(steps: readonly Step[], options: CompactReaderOptions & EncodeOptions = {}): string {
  const renamed = renumber(steps, options.firstNumber ?? nextStepNumber(options.existing ?? []));
  const context = new DependencyContext(options.existing ?? []);
  const lines: string[] = [];
  for (const step of renamed) {
    lines.push(encodeCompactStep(step, context, options));
    context.add(step);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** One step's line with its own id as the label, given the steps before it (none when absent). */
export function encodeCompactStep(step: Step, context: DependencyContext = new DependencyContext(), options: EncodeOptions = {}): string {
  const parts = [`${step.id} ${step.tool} ${JSON.stringify(step.args)}`];
  const after = writtenDependencies(step, context, options.terse ?? false);
  if (after.length > 0) parts.push(`after ${idRanges(after)}`);
  if (step.postcondition && !sameValue(step.postcondition, impliedCheckOf(step.tool, step.args)) && !(options.terse && guaranteedByCall(step.tool, step.args, step.postcondition))) {
    parts.push(`check ${formatCheck(step.postcondition)}`);
  }
  if (step.precondition) parts.push(`pre ${formatCheck(step.precondition)}`);
  if (step.statusCheck) parts.push(`status ${formatCheck(step.statusCheck)}`);
  if (step.compensation) parts.push(`undo ${step.compensation.tool} ${JSON.stringify(step.compensation.args)}`);
  if (step.idempotent) parts.push('idempotent');
  if (step.idempotencyKey) parts.push('keyed');
  const title = step.title.replace(/\s+/g, ' ').trim();
  if (title !== actionTitle(step.tool, step.args)) parts.push(`# ${title}`);
  return parts.join(' ');
}

/**
 * The fewest `after` ids that make the reader give `step.dependsOn` back: start from all of them and drop
 * each one (latest first) whose absence changes nothing, because a hazard or another dependency implies it.
 * `terse` asks only for the same order: the same steps waited for, directly or through others.
 */
function writtenDependencies(step: Step, context: DependencyContext, terse: boolean): string[] {
  const wanted = step.dependsOn ?? [];
  const read = (after: readonly string[]): string => {
    const dependsOn = context.dependsOn(step, after);
    return JSON.stringify([...(terse ? context.closure(dependsOn) : dependsOn)].sort());
  };
  const target = read(wanted);
  let after = [...wanted];
  for (const id of [...wanted].reverse()) {
    const without = after.filter((other) => other !== id);
    if (read(without) === target) after = without;
  }
  return after;
}

/** `E2,E3,E4,E5,E7` as `E2-E5,E7`: three or more consecutive E<n> ids as one range. */
function idRanges(ids: readonly string[]): string {
  const written: string[] = [];
  for (let index = 0; index < ids.length; ) {
    const number = (at: number): number => Number(/^E(\d+)$/.exec(ids[at] ?? '')?.[1] ?? NaN);
    let end = index;
    while (end + 1 < ids.length && number(end + 1) === number(end) + 1) end++;
    if (end - index >= 2) written.push(`${ids[index]}-${ids[end]}`);
    else written.push(...ids.slice(index, end + 1));
    index = end + 1;
  }
  return written.join(',');
}

/** `steps` with ids E<first>, E<first+1>, … in order, references and dependencies renamed to match. */
function renumber(steps: readonly Step[], first: number): Step[] {
  const names = new Map(steps.map((step, index) => [step.id, `E${first + index}`]));
  if (steps.every((step) => names.get(step.id) === step.id)) return [...steps];
  const references = new Map([...names].map(([from, to]) => [from, `#${to}`]));
  return steps.map((step) => ({
    ...step,
    id: names.get(step.id)!,
    args: resolveReferences(step.args, references),
    ...(step.dependsOn ? { dependsOn: step.dependsOn.map((id) => names.get(id) ?? id) } : {}),
    ...(step.compensation ? { compensation: { tool: step.compensation.tool, args: resolveReferences(step.compensation.args, references) } } : {}),
  }));
}

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
