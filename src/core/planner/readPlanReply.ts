// Reading the planner's reply into steps: the compact plan language line by line, or — when the reply
// is a JSON object, because the JSON fallback was asked for or the endpoint only writes JSON — the
// compact JSON form. Either way the same steps come out, and every problem names its step (and line).
// A JSON reply whose steps carry their own ids is plan-file steps, written by a model (or a script)
// that ignored the plan language: they are passed on as written, and the gate judges them.
import type { Check } from '../checks/checkSchema';
import type { PlanFormat } from '../ports';
import { readCompactJson } from '../plan/compact/compactJson';
import { readCompactPlan, type CompactReaderOptions } from '../plan/compact/compactPlanReader';
import { formatProblem, type PlanProblem } from '../plan/planProblem';
import { holdsJsonObject, parseModelJson } from './modelJson';

/** How the planner asks for a plan: compact lines (the default), or the small JSON form for endpoints that need structured output. */
export type PlanReplyFormat = PlanFormat;

/** The steps of a reply, the problems that keep some lines from being steps, and where each step was written. */
export interface PlanReply {
  /** Plan steps, not yet through the gate. */
  readonly steps: readonly unknown[];
  readonly problems: string[];
  /** The 1-based line of each step id, when the reply was in lines. */
  readonly lines: ReadonlyMap<string, number>;
  /** The goal's acceptance checks its `done C` lines gave. */
  readonly acceptance?: readonly Check[];
}

/** Reads `reply` as plan lines or as the JSON form, whichever it is. */
export function readPlanReply(reply: string, options: CompactReaderOptions = {}): PlanReply {
  if (holdsJsonObject(reply)) {
    const parsed = parseModelJson(reply);
    if (!parsed.ok) return { steps: [], problems: [parsed.problem], lines: new Map() };
    const planSteps = (parsed.value as { steps?: unknown } | null)?.steps;
    if (Array.isArray(planSteps) && planSteps.some((step) => typeof (step as { id?: unknown } | null)?.id === 'string')) return { steps: planSteps, problems: [], lines: new Map() };
    const read = readCompactJson(parsed.value, options);
    return { steps: read.steps, problems: read.problems.map(formatProblem), lines: new Map() };
  }
  const reader = readCompactPlan(reply, options);
  const lines = new Map(reader.items.flatMap((item) => (item.step ? [[item.step.id, item.line] as const] : [])));
  const problems = reader.problems.map(formatProblem);
  if (reader.items.length === 0) problems.push('the reply has no steps: write one step per line, "E1 <tool> {<arguments>}"');
  return { steps: reader.steps, problems, lines, ...(reader.acceptance.length > 0 ? { acceptance: reader.acceptance } : {}) };
}

/** A gate problem with the line its step was written on in front, when known: `line 2: E2.args.path: Required`. */
export function locatedProblem(problem: PlanProblem, lines: ReadonlyMap<string, number>): string {
  const line = problem.stepId === undefined ? undefined : lines.get(problem.stepId);
  return line === undefined ? formatProblem(problem) : `line ${line}: ${formatProblem(problem)}`;
}
