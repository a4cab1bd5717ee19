// A step's check and its outcome as one line for people: `src/cli.js contains "options.verbose": found on line
// 12`, `exit code is 0: got 1`. A check's detail starts with the check's own label (`fileContains src/cli.js …:`,
// written by checkLabel for the journal and the model); when it is the label of the step's postcondition, the
// label gives way to the postcondition in words, so the tree shows one row per check instead of a "Check:" row
// in the check's terms above a "Postcondition:" row saying the same.
import { checkLabel } from '../checks/checkLabel';
import type { Check } from '../checks/checkSchema';
import { describeCheck } from '../plan/describeCheck';

/** The postcondition and what checking it found, in words; undefined when the detail is not about `postcondition` itself. */
export function checkEvidence(postcondition: Check | undefined, detail: string | undefined): string | undefined {
  if (!postcondition || detail === undefined) return undefined;
  const label = `${checkLabel(postcondition)}: `;
  return detail.startsWith(label) ? `${describeCheck(postcondition)}: ${detail.slice(label.length)}` : undefined;
}
