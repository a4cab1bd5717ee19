// The StepRepairer port over the worker model: one small call that sees only the broken step and its
// evidence and answers one step line, which replaces the step under the same id. No repair turn: a
// reply that does not parse or does not pass the gate sends the run to the re-planner instead.
import { usageOf } from '../run/meteredModel';
import type { PatchCheck, RepairRequest, ReplanAnswer, StepRepairer } from '../run/modelRoles';
import type { PlanPatch } from '../plan/planPatch';
import type { ChatMessage, ChatModel } from '../ports';
import { PlannerError } from '../planner/plannerError';
import { brokenLines, STEP_LINE_FORM } from './replanPrompt';
import { parseStepLine } from './stepLine';

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
    const line = response.content.split('\n').map((text) => text.trim()).find((text) => text.length > 0 && !text.startsWith('```')) ?? '';
    const parsed = parseStepLine(line.replace(new RegExp(`^(?:replace\\s+)?${id}\\s+`), ''), id);
    const one = parsed.ok && parsed.steps.length === 1 ? parsed.steps[0] : undefined;
    const patch: PlanPatch | undefined = one ? [{ op: 'replace', id, step: one }] : undefined;
    const problems = patch ? check(patch) : [parsed.ok ? `a repair is one step, but the line stands for ${parsed.steps.length} ("each")` : parsed.problem];
    if (!patch || problems.length > 0) throw new PlannerError('invalidReplan', `the repair of ${id} is unusable: ${problems.join('; ')}`, problems, usage);
    return { patch, usage };
  }
}
