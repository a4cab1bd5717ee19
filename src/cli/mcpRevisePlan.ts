// MCP's `revise_plan`: the plan handed in goes through the gate, then the same reviser and the same review as
// `planwright revise --json` (reviseCommand.ts's revisionReply), with the planner model the environment
// configures. Nothing runs and nothing is written: the revised plan comes back for run_plan.
import { PlannerError } from '../core/planner/plannerError';
import { parsePlanText } from '../core/plan/parsePlan';
import { formatProblem } from '../core/plan/planProblem';
import { messageOf } from '../core/text/errorText';
import type { CliIo } from './cliIo';
import { modelsFromEnv } from './modelsFromEnv';
import { usageLine } from './planCommand';
import { NO_MODEL, revisionReply, unknownStep } from './reviseCommand';

/** The tool's answer as [text, isError]: the revision as JSON, or what is wrong in the CLI's words. */
export async function revisePlanTool(args: Readonly<Record<string, unknown>>, env: CliIo['env']): Promise<[string, boolean]> {
  const verdict = parsePlanText(JSON.stringify(args.plan), 'plan');
  if (!verdict.ok) return [verdict.problems.map(formatProblem).join('\n'), true];
  const step = typeof args.step === 'string' ? args.step : undefined;
  const unknown = step === undefined ? undefined : unknownStep(verdict.plan, step, 'the plan');
  if (unknown) return [`step ${unknown}`, true];
  const { plannerModel } = modelsFromEnv(env);
  if (!plannerModel) return [NO_MODEL, true];
  try {
    const { usage, ...reply } = await revisionReply(verdict.plan, String(args.comment), step, plannerModel);
    return [JSON.stringify({ ...reply, usage: usageLine(usage) }, null, 2), false];
  } catch (error) {
    const usage = error instanceof PlannerError ? ` (${usageLine(error.usage)})` : '';
    return [`revising failed: ${messageOf(error)}${usage}`, true];
  }
}
