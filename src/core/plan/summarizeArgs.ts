// The one-line summary of a step's tool call shown after its tool name: its most telling argument, shortened.
import type { Step } from './planSchema';

/** The argument that says most about a step's tool call, in the order tried. */
const SUMMARY_ARGS = ['path', 'command', 'glob', 'pattern', 'from', 'instruction'] as const;
const SUMMARY_MAX = 60;

/** The short text after a step's tool name: its main argument, shortened. */
export function summarizeArgs(step: Pick<Step, 'args'>): string {
  for (const key of SUMMARY_ARGS) {
    const value = step.args[key];
    if (typeof value === 'string' && value.length > 0) {
      const oneLine = value.replace(/\s+/g, ' ').trim();
      return oneLine.length > SUMMARY_MAX ? `${oneLine.slice(0, SUMMARY_MAX - 1)}…` : oneLine;
    }
  }
  return '';
}
