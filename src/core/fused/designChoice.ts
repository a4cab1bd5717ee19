// How `auto` picks a design up front, from what the product sees before any model call: the goal's text
// and the workspace summary. Three factors are read from them and traced with the choice:
//   - expected steps: the files the goal names, the changes it lists, and "every/all/each" over the
//     workspace's files;
//   - dependency depth: whether each action depends on what the one before found (a question, an
//     investigation), so no plan can be written before the reads are done;
//   - risk: a deletion, a migration, a release or a command to run, which a plan shows before it runs.
// The rule: a goal that asks to find something out and changes nothing goes to the fused loop (its next
// read depends on the last one, and there is nothing to review); every other goal is planned (split).
// Why planned even for one change: a split run costs one planning call and ends with Planwright's own
// summary, while the agent needs a turn to act and another to answer — on the benchmark's hosted profiles
// split is as fast or faster at p50 in every family, the one-step families included (docs/fused-mode.md).
import type { WorkspaceSummary } from '../planner/workspaceSummary';

/** Which design `auto` carries a goal out with, and why. */
export interface DesignChoice {
  readonly design: 'split' | 'fused';
  /** The expected number of steps, at least 1 (an estimate from the goal's wording). */
  readonly expectedSteps: number;
  /** `chain` when each action depends on what the previous one found; `plan` when it can be written up front. */
  readonly depth: 'plan' | 'chain';
  /** What makes the goal risky, when something does. */
  readonly risk?: string;
  /** One sentence a person can check against the goal. */
  readonly reason: string;
}

const CHANGE_VERBS =
  /\b(add|adds|append|bump|change|convert|create|delete|document|drop|edit|extract|fix|give|implement|insert|install|make|migrate|move|note|pass|record|refactor|release|remove|rename|replace|run|set|split|update|upgrade|use|write)\b/i;
const QUESTION_START = /^(what|why|where|which|who|when|how|is|are|does|do|did|can|could|should|would|will)\b/i;
const INQUIRY_VERBS = /^(explain|summari[sz]e|describe|list|show|tell|find out|investigate|look into|check whether|check if|figure out|report)\b/i;
const QUANTIFIER = /\b(every|all|each|everywhere)\b/i;
const PATH = /(?:^|[\s("'`])((?:[\w.-]+\/)*[\w-]+\.[a-z][\w]{0,5})(?=$|[\s)"'`,;:.])/gi;
const RISKS: readonly [RegExp, string][] = [
  [/\b(delete|remove|drop)\b/i, 'it deletes something'],
  [/\b(migrate|migration)\b/i, 'it migrates data or callers'],
  [/\b(release|publish|deploy)\b/i, 'it releases or publishes'],
  [/\brun\b/i, 'it runs a command'],
];

/** The files `goal` names (path-like words with an extension), without repeats. */
export function namedFiles(goal: string): readonly string[] {
  return [...new Set([...goal.matchAll(PATH)].map((match) => match[1]!.toLowerCase()))];
}

/** How many steps `goal` is expected to take: named files, listed changes, and quantifiers over the workspace. */
export function expectedSteps(goal: string, summary: Pick<WorkspaceSummary, 'fileCount'>): number {
  const clauses = goal.split(/[;.]\s+|,\s*(?:and\s+)?|\s+and\s+|\s+then\s+/i).filter((part) => CHANGE_VERBS.test(part)).length;
  const files = namedFiles(goal).length;
  const spread = QUANTIFIER.test(goal) ? Math.min(summary.fileCount, 3) : 0;
  return Math.max(1, clauses, files, spread);
}

/** Whether `goal` asks to find something out and asks for no change. */
export function isInquiry(goal: string): boolean {
  const text = goal.trim();
  const asks = QUESTION_START.test(text) || INQUIRY_VERBS.test(text) || text.endsWith('?');
  if (!asks) return false;
  // A question about how to do something still asks a question; an inquiry that also orders a change does not.
  if (QUESTION_START.test(text) || text.endsWith('?')) return true;
  return !CHANGE_VERBS.test(text.replace(INQUIRY_VERBS, ''));
}

/** The risk the goal names, if any. */
export function goalRisk(goal: string): string | undefined {
  return RISKS.find(([pattern]) => pattern.test(goal))?.[1];
}

/** The design `auto` uses for `goal` in a workspace summarised as `summary`; see the file header. */
export function chooseDesign(goal: string, summary: Pick<WorkspaceSummary, 'fileCount'>): DesignChoice {
  const steps = expectedSteps(goal, summary);
  const inquiry = isInquiry(goal);
  // A question names risky things without asking for them ("why was X deleted?").
  const risk = inquiry ? undefined : goalRisk(goal);
  const factors = `expected steps ${steps}, depth ${inquiry ? 'chain' : 'plan'}${risk ? `, risk: ${risk}` : ''}`;
  if (inquiry) {
    return { design: 'fused', expectedSteps: steps, depth: 'chain', reason: `fused: the goal asks to find something out and changes nothing, so each read depends on the last and there is nothing to review (${factors})` };
  }
  const why = risk
    ? `${risk}, which a plan shows before it runs`
    : steps > 1
      ? `about ${steps} steps, written in one planning call and run side by side where independent`
      : 'one change: a planning call and Planwright\'s own summary cost less than a turn to act and a turn to answer';
  return { design: 'split', expectedSteps: steps, depth: 'plan', ...(risk ? { risk } : {}), reason: `split: ${why} (${factors})` };
}
