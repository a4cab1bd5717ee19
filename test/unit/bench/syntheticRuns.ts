// Run records made up for tests of the report: a run with given calls, steps and streamed steps, its
// timeline in milliseconds from 0.
import type { ModelCallRecord, RunRecord } from '../../../bench/runRecord';

/** A model call whose prompt is `marks` (hash, tokens up to there) plus 3 tokens of reply priming. */
export function syntheticCall(role: string, marks: readonly [string, number][], completionTokens: number, start: number, end: number): ModelCallRecord {
  const prefix = marks.map(([hash, tokens]) => ({ hash, tokens }));
  return { role, model: role, promptTokens: (prefix.at(-1)?.tokens ?? 0) + 3, completionTokens, reportedCachedTokens: 0, estimated: false, prefix, start, end };
}

/** A completed run of `taskId` in `arm`. */
export function syntheticRun(taskId: string, arm: RunRecord['arm'], parts: Partial<Pick<RunRecord, 'calls' | 'steps' | 'streamedSteps' | 'runEnd' | 'family' | 'planSteps'>>): RunRecord {
  return {
    set: 'v1',
    taskId,
    family: parts.family ?? 'renameFunction',
    arm,
    mode: arm === 'split' ? 'split' : arm === 'auto' ? 'auto' : 'fused',
    faulted: false,
    lapsed: false,
    unmetAtEnd: 0,
    planSteps: parts.planSteps ?? 1,
    status: 'succeeded',
    completed: true,
    escalated: false,
    replans: 0,
    recoveries: 0,
    stepsRun: parts.steps?.length ?? 0,
    calls: parts.calls ?? [],
    steps: parts.steps ?? [],
    streamedSteps: parts.streamedSteps ?? [],
    runStart: 0,
    runEnd: parts.runEnd ?? 10,
  };
}
