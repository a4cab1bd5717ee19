// Whether a step's tool changes files, so the step has a diff to show (a command or a read has none).
import type { Step } from '../plan/planSchema';
import { writesOfCall } from '../tools/toolCall';

/** True when `step`'s tool, called with its arguments, writes at least one file. */
export function stepChangesFiles(step: Pick<Step, 'tool' | 'args'>): boolean {
  return writesOfCall(step.tool, step.args).length > 0;
}
