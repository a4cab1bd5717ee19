// What a step's outcome rests on, in words, for the run's summary and its evidence report alike: for a step that
// succeeded, what its check found ("src/cli.js contains "--quiet": found on line 7"); for a step that failed its
// check, the same words for what it found instead ("exit code: expected 0, got 1", failureWords); otherwise why it stopped.
import { checkEvidence, failureWords } from '../plan/checkEvidence';
import type { Step } from '../plan/planSchema';
import type { StepRun } from './runState';

/** `step`'s proof from its run, or '' when there is nothing to say (a step that has not run). */
export function stepProof(step: Pick<Step, 'precondition' | 'postcondition'>, run: StepRun | undefined): string {
  if (run?.status === 'succeeded') {
    const detail = run.checkDetail;
    return detail && step.postcondition ? (checkEvidence(step.postcondition, detail) ?? detail) : (detail ?? '');
  }
  return run?.failure ? failureWords(step, run.failure, run.checkDetail) : (run?.reason ?? '');
}
