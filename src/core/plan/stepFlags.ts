// The flags a step hands its tool: whether a command is declared safe to repeat, whether it honours an
// idempotency key, and whether its postcondition judges the exit code itself.
import type { StepFlags } from '../tools/defineTool';
import type { Step } from './planSchema';
import { containsCheckKind } from './walkChecks';

/** The `StepFlags` for `step`, as the tool's `effect`, `settleMethod` and `execute` read them. */
export function stepFlags(step: Pick<Step, 'idempotent' | 'idempotencyKey' | 'postcondition'>): StepFlags {
  return {
    idempotent: step.idempotent === true,
    idempotencyKey: step.idempotencyKey === true,
    checksExitCode: containsCheckKind(step.postcondition, ['exitCode']),
  };
}
