// Writing a run of consecutive steps as one `each path [...]` line: the same call on different files,
// alike in everything but the path, which `$path` stands for in the rest. A run becomes one line only
// when reading that line back gives what reading the steps' own lines back gives; anything else keeps
// its own line. This is how a plan or a patch is written tersely for a model, or as a model would write it.
import { canonicalJson } from '../../text/canonicalJson';
import type { Step } from '../planSchema';
import { encodeCompactStep, type EncodeOptions } from './encodeCompactPlan';
import { eachPlaceholder } from './eachExpansion';
import { DependencyContext, type DependencyView } from './impliedDependencies';
import { parseCompactLine } from './parseCompactLine';

/** One line and the steps it stands for (its label is the first one's id). */
export interface EncodedLine {
  readonly steps: readonly Step[];
  readonly text: string;
}

/** The argument a run differs in. */
const KEY = 'path';

/** What a step is with its path taken out and `$path` written wherever the path was; undefined when it has none. */
function templateOf(step: Step): string | undefined {
  const path = step.args[KEY];
  if (typeof path !== 'string' || path.length === 0) return undefined;
  const { id: _id, ...rest } = step;
  const text = JSON.stringify(rest);
  if (text.includes(eachPlaceholder(KEY))) return undefined;
  return text.split(JSON.stringify(path).slice(1, -1)).join(eachPlaceholder(KEY));
}

/** The `each` line for `run` (two or more steps alike but for the path), after the steps in `context`. */
function eachLine(run: readonly Step[], context: DependencyContext, options: EncodeOptions): string {
  const first = run[0]!;
  const template = { ...(JSON.parse(templateOf(first)!) as Omit<Step, 'id'>), id: first.id };
  const written = encodeCompactStep(template, context, options);
  const { [KEY]: _path, ...others } = template.args;
  const head = `${template.id} ${template.tool} ${JSON.stringify(template.args)}`;
  const values = run.map((step) => step.args[KEY] as string);
  return `${template.id} ${template.tool} ${JSON.stringify(others)} each ${KEY} ${JSON.stringify(values)}${written.slice(head.length)}`;
}

/** What the reader makes of `lines` after `before`; undefined when a line has a problem. */
function readBack(lines: readonly string[], before: readonly DependencyView[], firstId: string): Step[] | undefined {
  const context = new DependencyContext(before);
  const steps: Step[] = [];
  let number = Number(/^E(\d+)$/.exec(firstId)?.[1] ?? NaN);
  for (const line of lines) {
    const read = parseCompactLine(line, { id: `E${number}`, earlier: context });
    if (read.problems.length > 0) return undefined;
    steps.push(...read.steps);
    number += read.steps.length;
  }
  return steps;
}

/**
 * `steps` (ids E<n> in order) as compact lines after `existing`, a run alike but for the path written as
 * one `each` line.
 */
export function encodeEachLines(steps: readonly Step[], existing: readonly DependencyView[], options: EncodeOptions = {}): EncodedLine[] {
  const lines: EncodedLine[] = [];
  // What the encoder has written so far (it writes against the steps) and what the reader made of it.
  const written: Step[] = [];
  const read: Step[] = [];
  for (let index = 0; index < steps.length; ) {
    const first = steps[index]!;
    const template = templateOf(first);
    let end = index + 1;
    while (template !== undefined && end < steps.length && templateOf(steps[end]!) === template) end++;
    const run = steps.slice(index, end);
    const context = (): DependencyContext => new DependencyContext([...existing, ...written]);
    const shared = context();
    const plain = run.map((step) => {
      const text = encodeCompactStep(step, shared, options);
      shared.add(step);
      return text;
    });
    const asRun = run.length > 1 ? eachLine(run, context(), options) : undefined;
    const before = [...existing, ...read];
    const plainRead = readBack(plain, before, first.id);
    const runRead = asRun === undefined ? undefined : readBack([asRun], before, first.id);
    if (asRun !== undefined && runRead !== undefined && canonicalJson(runRead) === canonicalJson(plainRead)) lines.push({ steps: run, text: asRun });
    else lines.push(...run.map((step, offset) => ({ steps: [step], text: plain[offset]! })));
    written.push(...run);
    read.push(...(plainRead ?? run));
    index = end;
  }
  return lines;
}

/** A whole plan's steps (ids E1, E2, … in order) as the terse text a model writes, runs alike but for the path as `each` lines. */
export function encodeEachPlan(steps: readonly Step[]): string {
  const lines = encodeEachLines(steps, [], { terse: true });
  return lines.length > 0 ? `${lines.map((line) => line.text).join('\n')}\n` : '';
}
