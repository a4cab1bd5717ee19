// The StepRepairer port over the worker model: one small call that sees only the broken step and its
// evidence and answers one step line (read as repairReply.ts reads it, JSON too), which replaces the step under the same id. No repair turn: a
// reply that does not parse or does not pass the gate sends the run to the re-planner instead.
import { usageOf } from '../run/meteredModel';
import type { PatchCheck, RepairRequest, ReplanAnswer, StepRepairer } from '../run/modelRoles';
import type { PlanPatch } from '../plan/planPatch';
import type { ChatMessage, ChatModel } from '../ports';
import { PlannerError } from '../planner/plannerError';
import { brokenLines, STEP_LINE_FORM } from './replanPrompt';
import { readRepairReply } from './repairReply';

/** The first line of every repair request. */
export const REPAIR_MARKER = 'Repair one step of a plan.';

/** The messages that ask for the repaired step line. */
export function buildRepairPrompt(request: RepairRequest): ChatMessage[] {
  const { step } = request.broken;
  return [
    {
      role: 'system',
      content: [
        REPAIR_MARKER,
        'Reply with one line only, the fixed step.',
        STEP_LINE_FORM,
        'Change only what the evidence shows is wrong; keep the tool and everything else as it is.',
      ].join('\n'),
    },
    { role: 'user', content: [`The step is ${step.id}; it looks like ${request.localFix}.`, ...brokenLines(request.broken)].join('\n') },
  ];
}

/** A repairer that asks `model` (the worker model) for one fixed step line. */
export class ModelRepairer implements StepRepairer {
  constructor(private readonly model: ChatModel) {}

  /** A one-line patch replacing the broken step, or a PlannerError (with the usage) when the reply is unusable. */
  async repair(request: RepairRequest, signal: AbortSignal, check: PatchCheck): Promise<ReplanAnswer> {
    const id = request.broken.step.id;
    const response = await this.model.chat({ role: 'repairer', messages: buildRepairPrompt(request) }, signal);
    const usage = [usageOf(response, 'repairer')];
    const read = readRepairReply(response.content.replace(/\r\n/g, '\n'), id);
    const patch: PlanPatch | undefined = read.ok ? [{ op: 'replace', id, step: read.step }] : undefined;
    const problems = patch ? check(patch) : [read.ok ? '' : read.problem];
    if (!patch || problems.length > 0) throw new PlannerError('invalidReplan', `the repair of ${id} is unusable: ${problems.join('; ')}`, problems, usage);
    return { patch, usage };
  }
}
