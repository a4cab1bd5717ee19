// Replays a recorded run with modelled model-call latency in place of the real (scripted, near-instant)
// calls. Every span keeps what really happened around it: a span starts, in modelled time, as long after
// the spans that had really ended before it started as it really did; spans that overlapped (parallel
// steps) still overlap. A step's duration is its measured time with the model calls inside it (worker
// calls) swapped for their modelled time.

/** Something that took time in a run: a model call or a step. Times are the run's clock, in ms. */
export interface RecordedSpan {
  readonly id: string;
  readonly kind: 'model' | 'step';
  readonly start: number;
  readonly end: number;
}

/** What a replay needs: the spans, the run's real bounds, and each model call's modelled duration. */
export interface ReplayInput {
  readonly spans: readonly RecordedSpan[];
  readonly runStart: number;
  readonly runEnd: number;
  modelledMs(span: RecordedSpan): number;
}

/** The modelled time of the run, and how much of it was model calls on the critical order of events. */
export interface ReplayResult {
  readonly makespanMs: number;
  /** Measured time (tools, checks, executor) with every model call taken out. */
  readonly measuredMs: number;
}

const inside = (inner: RecordedSpan, outer: RecordedSpan): boolean => inner !== outer && inner.start >= outer.start && inner.end <= outer.end;

/** The modelled makespan of a run. */
export function replayTimeline(input: ReplayInput): ReplayResult {
  const steps = input.spans.filter((span) => span.kind === 'step');
  const nested = new Set(input.spans.filter((span) => span.kind === 'model' && steps.some((step) => inside(span, step))));
  const topLevel = input.spans.filter((span) => !nested.has(span)).sort((a, b) => a.start - b.start || a.end - b.end);
  const duration = (span: RecordedSpan): number => {
    if (span.kind === 'model') return input.modelledMs(span);
    const calls = [...nested].filter((call) => inside(call, span));
    return span.end - span.start + calls.reduce((sum, call) => sum + input.modelledMs(call) - (call.end - call.start), 0);
  };
  const modelledEnd = new Map<RecordedSpan, number>();
  const startAfter = (realTime: number): number => {
    let at = realTime - input.runStart;
    for (const [span, end] of modelledEnd) if (span.end <= realTime) at = Math.max(at, end + (realTime - span.end));
    return at;
  };
  for (const span of topLevel) modelledEnd.set(span, startAfter(span.start) + duration(span));
  const makespanMs = startAfter(input.runEnd);
  const modelReal = input.spans.filter((span) => span.kind === 'model' && !nested.has(span)).reduce((sum, span) => sum + span.end - span.start, 0);
  const nestedReal = [...nested].reduce((sum, span) => sum + span.end - span.start, 0);
  return { makespanMs, measuredMs: input.runEnd - input.runStart - modelReal - nestedReal };
}
