// The human output of a headless run: one line per step transition as it happens, the id, tool and status in
// columns (the id is what `--from` and a hand-edited plan name), then the step as the tree numbers it with its
// check in the summary's words (stepProof), e.g.
// `E2  editFile    succeeded        2 Add the flag (src/cli.ts contains "--verbose": found on line 7)`,
// and the closing lines that say how the run ended and what to do next.
import type { RunState, StepRun } from '../core/run/runState';
import type { RunReport } from '../core/run/runSummary';
import { agentRunRefusal } from '../core/run/agentRun';
import { stepById } from '../core/plan/planGraph';
import type { Step, ValidPlan } from '../core/plan/planSchema';
import { stepReference } from '../core/plan/stepNumbers';
import { stepProof } from '../core/run/stepProof';

/** The line for the current status of `stepId`, or `undefined` when the plan has no such step. */
export function progressLine(state: RunState, stepId: string): string | undefined {
  const step = stepById(state.plan, stepId);
  const run = state.steps.get(stepId);
  if (!step || !run) return undefined;
  const width = idWidth(state.plan);
  const detail = detailOf(step, run);
  return `${step.id.padEnd(width)}  ${step.tool.padEnd(11)} ${run.status.padEnd(16)} ${stepReference(state.plan, stepId)}${detail ? ` (${detail})` : ''}`;
}

/** The widest step id of each plan: worked out once, not for every line (a long run prints thousands). */
const idWidths = new WeakMap<ValidPlan, number>();

function idWidth(plan: ValidPlan): number {
  let width = idWidths.get(plan);
  if (width === undefined) {
    width = plan.steps.reduce((widest, step) => Math.max(widest, step.id.length), 0);
    idWidths.set(plan, width);
  }
  return width;
}

/** How many lines of a failed command's output the progress output repeats. */
const TAIL_LINES = 6;

/** The last lines of a broken step's output, indented under its progress line; none for other steps. */
export function failureTailLines(state: RunState, stepId: string): string[] {
  const run = state.steps.get(stepId);
  const text = run && (run.status === 'failed' || run.status === 'unknown') ? run.failure?.outputTail?.trimEnd() : undefined;
  if (!text) return [];
  return text.split('\n').slice(-TAIL_LINES).map((line) => `    | ${line}`);
}

/** What the run has said about re-planning so far: the recovery line under way and the revision. */
export interface ReplanSeen {
  readonly recovering?: string;
  readonly revision: number;
}

/** What the run says of the recovery under way: `repairing …` or `re-planning after …`. */
export function recoveryLine(state: RunState): string | undefined {
  const recovering = state.recovering;
  if (!recovering) return undefined;
  return recovering.kind === 'repair' ? `repairing ${recovering.reason}` : `re-planning after ${recovering.reason}`;
}

/** Lines announcing a repair or re-plan starting and a new revision since `seen` (none when nothing changed). */
export function replanLines(seen: ReplanSeen, state: RunState): string[] {
  const lines: string[] = [];
  const recovering = recoveryLine(state);
  if (recovering !== undefined && recovering !== seen.recovering) lines.push(recovering);
  if (state.revision > seen.revision) {
    const reason = state.replanReasons.at(-1);
    lines.push(`revision ${state.revision}${reason ? `: ${reason.split('\n')[0]}` : ''}`);
  }
  return lines;
}

function detailOf(step: Step, run: StepRun): string | undefined {
  switch (run.status) {
    case 'succeeded':
      return run.checkDetail ? stepProof(step, run) : run.reason;
    case 'failed':
    case 'unknown':
      return stepProof(step, run) || undefined;
    case 'running':
      return run.attempts > 1 ? `attempt ${run.attempts}: ${run.reason ?? 'retrying'}` : undefined;
    default:
      return run.reason;
  }
}

/**
 * The closing lines of a run: its status and why, then for a run waiting for approval each waiting step
 * once and how to go on (the step lines above already said why each waits), else the summary.
 */
export function closingLines(report: RunReport, journal: string): string[] {
  const lines = [``, `run ${report.runId}: ${report.status} (revision ${report.revision}, ${report.replans} re-plan${report.replans === 1 ? '' : 's'})`];
  // A fused agent's run goes on with the agent, which no hand-edited plan can stand in for.
  const refusal = agentRunRefusal(report);
  if (report.status === 'awaitingApproval') {
    lines.push(`waiting for approval: ${report.waitingForApproval.join(', ')}`, tally(report));
    lines.push(`to go on: planwright resume --journal ${quoteArg(journal)} --approve all`);
    return lines;
  }
  if (report.reason) lines.push(report.reason);
  if (report.status === 'needsReplan' || report.status === 'failed') {
    lines.push(refusal ?? `to go on with a plan edited by hand: planwright resume --journal ${quoteArg(journal)} --plan EDITED.plan.json`);
  }
  lines.push('', report.summary);
  return lines;
}

/** How many steps are in each status, e.g. `1 succeeded, 1 awaitingApproval, 4 pending`. */
function tally(report: RunReport): string {
  const counts = new Map<string, number>();
  for (const step of report.steps) counts.set(step.status, (counts.get(step.status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
}

/** Quotes a command-line argument for a POSIX shell when it needs it. */
function quoteArg(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
