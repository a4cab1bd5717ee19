// Whether a step's tool changes files, so the step has a diff to show (a command or a read has none).
import type { Step } from '../plan/planSchema';
import { findTool } from '../tools/toolCatalog';

/** True when `step`'s tool, called with its arguments, writes at least one file. */
export function stepChangesFiles(step: Pick<Step, 'tool' | 'args'>): boolean {
  const tool = findTool(step.tool);
  const parsed = tool?.input.safeParse(step.args);
  return Boolean(tool && parsed?.success && tool.writes(parsed.data).length > 0);
}
