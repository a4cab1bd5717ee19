// Which steps of a run came from a planner's streamed reply, and how far the reply had got when each
// step's line was complete: read from the run's trace (the executor's `stepArrived` and `earlyStart`
// events) and matched to the planning call they came from, for the latency replay.
import { countTokens } from 'gpt-tokenizer';
import { z } from 'zod';
import type { RecordedCall } from './recordingModel';
import type { StreamedStep } from './runRecord';

/**
 * The trace events of a streamed plan: a step arrived (its line was complete and passed the gate) or
 * started while the planner was still writing; `streamOffset` is how much of the reply had arrived, in
 * characters and, when the source counts them, completion tokens. Read loosely: other events pass by.
 */
const StreamEventSchema = z.object({
  type: z.enum(['stepArrived', 'earlyStart']),
  at: z.number(),
  stepId: z.string(),
  streamOffset: z.object({ chars: z.number().int().nonnegative(), tokens: z.number().int().nonnegative().optional() }),
});

const PLANNING_ROLES = new Set(['planner', 'replanner']);

/**
 * Each step of a streamed plan with the planning call it came from (the last one started before its
 * line arrived) and the completion tokens out when its line was complete. The executor starts a step as
 * soon as it has arrived and its dependencies are done, so its arrival is when it could start.
 */
export function streamedSteps(trace: readonly unknown[], calls: readonly RecordedCall[]): StreamedStep[] {
  const events = trace.flatMap((record) => {
    const event = StreamEventSchema.safeParse(record);
    return event.success ? [event.data] : [];
  });
  const arrived = events.filter((event) => event.type === 'stepArrived');
  // A step that started early without an arrival event (an older trace) arrived at the latest when it started.
  const started = events.filter((event) => event.type === 'earlyStart' && !arrived.some((other) => other.stepId === event.stepId));
  const steps: StreamedStep[] = [];
  for (const { at, stepId, streamOffset } of [...arrived, ...started]) {
    let call = -1;
    calls.forEach((candidate, index) => {
      if (PLANNING_ROLES.has(candidate.request.role) && candidate.start <= at) call = index;
    });
    if (call < 0) continue;
    steps.push({ stepId, call, completionTokens: streamOffset.tokens ?? countTokens(calls[call]!.content.slice(0, streamOffset.chars)), at });
  }
  return steps;
}
