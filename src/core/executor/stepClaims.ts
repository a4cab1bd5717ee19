// A step's claim on the files its resolved tool call writes, across the runs of one workspace (the WriteClaims
// port): taken before the step's files are snapshotted and its start journalled, so what it reads and writes
// is its own until it ends; released once its end is journalled. A claim that could never be granted (the
// holder already waits for this run) ends the step as a definite failure that wrote nothing. Claims are kept as
// best they can be: when the claims cannot be read or written (a full disk), the step runs without one, said in a
// warning, and its writes still go over the bytes it read.
import { WriteClaimDeadlockError } from '../errors';
import type { Step } from '../plan/planSchema';
import { stepNumber } from '../plan/stepNumbers';
import { messageOf } from '../text/errorText';
import type { RunIo } from './runIo';
import type { StepEnd } from './stepRunner';

/** The claim a step holds (its release), or how the step ends without running. */
export type StepClaim = { readonly release: () => Promise<void> } | { readonly end: StepEnd };

const NOTHING_HELD: StepClaim = { release: async () => undefined };

/** Claims the files `writes` for `step` of the run, waiting while another run's step holds one of them. */
export async function claimStepWrites(io: RunIo, step: Step, writes: readonly string[], signal: AbortSignal): Promise<StepClaim> {
  const claims = io.deps.claims;
  if (!claims || writes.length === 0) return NOTHING_HELD;
  const state = io.recorder.current;
  const request = { runId: state.runId, stepId: step.id, step: String(stepNumber(state.plan, step.id) ?? step.id), paths: [...writes] };
  let release: () => Promise<void>;
  try {
    release = await claims.claim(request, signal);
  } catch (error) {
    if (error instanceof WriteClaimDeadlockError) {
      return { end: { event: 'fail', reason: error.message, failure: { kind: 'definite', reason: error.reason, message: error.message } } };
    }
    if (signal.aborted) return { end: { event: 'cancel', reason: 'the run was cancelled while the step waited for another run' } };
    io.deps.logger.warn(`step ${step.id} runs without a claim on the files it writes (${messageOf(error)})`);
    return NOTHING_HELD;
  }
  return { release: () => release().catch((error: unknown) => io.deps.logger.warn(`step ${step.id}'s claim could not be released (${messageOf(error)}); it goes when this process ends`)) };
}
