// Replays a recorded run with modelled model-call latency in place of the real (scripted, near-instant)
// calls. Every span keeps what really happened around it: a span starts, in modelled time, once every
// span that had really ended before it started has ended, plus the idle time it really waited after the
// last of them (executor time between spans); spans that overlapped (parallel steps) still overlap. A step's duration is its measured time with its own model calls (worker
// calls; each call belongs to one step, even where parallel steps overlap it) swapped for their modelled time. A step dispatched from a planner's streamed reply starts once
// its line was complete in modelled time (the call's start + time to first token + prefill + decode of
// the reply up to that line), not after the whole call; any other step that really started while a
// model call was in flight waits for that call's modelled end.

/** Something that took time in a run: a model call or a step. Times are the run's clock, in ms. */
export interface RecordedSpan {
  readonly id: string;
  readonly kind: 'model' | 'step';
  readonly start: number;
  readonly end: number;
}

/** Where a streamed step came from: the planning call, when (after its modelled start) the step's line was complete, and when the line was really parsed. */
export interface StreamedOrigin {
  readonly source: RecordedSpan;
  readonly readyMs: number;
  readonly at: number;
}

/** What a replay needs: the spans, the run's real bounds, and each model call's modelled duration. */
export interface ReplayInput {
  readonly spans: readonly RecordedSpan[];
  readonly runStart: number;
  readonly runEnd: number;
  modelledMs(span: RecordedSpan): number;
  /** For a step dispatched from a streamed reply, where and when its line was complete. */
  streamedFrom?(span: RecordedSpan): StreamedOrigin | undefined;
}

/** The modelled time of the run, and how much of it was model calls on the critical order of events. */
export interface ReplayResult {
  readonly makespanMs: number;
  /** Measured time (tools, checks, executor) with every model call taken out. */
  readonly measuredMs: number;
}

const inside = (inner: RecordedSpan, outer: RecordedSpan): boolean => inner !== outer && inner.start >= outer.start && inner.end <= outer.end;

/**
 * The step each worker call inside a step belongs to. Parallel steps overlap in time, so a call lies
 * inside several of them; it is the call of one. Calls are given out in the order they started, each to
 * the step around it that has made the fewest calls so far (of those, the one that started last before
 * it): eight model edits side by side are one call each, and a step that makes two calls in a row still
 * gets both when no other step is around them.
 */
function ownersOfNestedCalls(spans: readonly RecordedSpan[]): Map<RecordedSpan, RecordedSpan> {
  const steps = spans.filter((span) => span.kind === 'step');
  const made = new Map<RecordedSpan, number>();
  const owners = new Map<RecordedSpan, RecordedSpan>();
  const calls = spans.filter((span) => span.kind === 'model').sort((a, b) => a.start - b.start);
  for (const call of calls) {
    const around = steps.filter((step) => inside(call, step));
    if (around.length === 0) continue;
    const owner = around.reduce((best, step) => {
      const [fewer, more] = [made.get(step) ?? 0, made.get(best) ?? 0];
      return fewer < more || (fewer === more && step.start > best.start) ? step : best;
    });
    made.set(owner, (made.get(owner) ?? 0) + 1);
    owners.set(call, owner);
  }
  return owners;
}

/** The modelled makespan of a run. */
export function replayTimeline(input: ReplayInput): ReplayResult {
  const owners = ownersOfNestedCalls(input.spans);
  const nested = new Set(owners.keys());
  const topLevel = input.spans.filter((span) => !nested.has(span)).sort((a, b) => a.start - b.start || a.end - b.end);
  const duration = (span: RecordedSpan): number => {
    if (span.kind === 'model') return input.modelledMs(span);
    const calls = [...owners].filter(([, owner]) => owner === span).map(([call]) => call);
    return span.end - span.start + calls.reduce((sum, call) => sum + input.modelledMs(call) - (call.end - call.start), 0);
  };
  const modelledStart = new Map<RecordedSpan, number>();
  const modelledEnd = new Map<RecordedSpan, number>();
  const startAfter = (realTime: number, exclude?: RecordedSpan): number => {
    const before = [...modelledEnd].filter(([span]) => span !== exclude && span.end <= realTime);
    const idle = realTime - Math.max(input.runStart, ...before.map(([span]) => span.end));
    return Math.max(realTime - input.runStart, ...before.map(([, end]) => end + idle));
  };
  for (const span of topLevel) {
    const origin = span.kind === 'step' ? input.streamedFrom?.(span) : undefined;
    const sourceStart = origin && modelledStart.get(origin.source);
    let start: number;
    if (origin && sourceStart !== undefined) {
      start = Math.max(startAfter(span.start, origin.source), sourceStart + origin.readyMs + Math.max(0, span.start - origin.at));
    } else {
      start = startAfter(span.start);
      for (const [other, end] of modelledEnd) if (other.kind === 'model' && other.start <= span.start && other.end > span.start) start = Math.max(start, end);
    }
    modelledStart.set(span, start);
    modelledEnd.set(span, start + duration(span));
  }
  const makespanMs = startAfter(input.runEnd);
  const modelReal = input.spans.filter((span) => span.kind === 'model' && !nested.has(span)).reduce((sum, span) => sum + span.end - span.start, 0);
  const nestedReal = [...nested].reduce((sum, span) => sum + span.end - span.start, 0);
  return { makespanMs, measuredMs: input.runEnd - input.runStart - modelReal - nestedReal };
}
