// Each run's figures on a latency profile: tokens as billed, the prompt cache of the run's session (its
// arm's runs in task order, idle between them), and the latency of the recorded timeline replayed with
// modelled model calls. Against a real endpoint there is nothing to model: the `measured` profile takes
// the run's wall time and the cached tokens the endpoint reported.
import { cachedTokens, LATENCY_PROFILES, modelCall, tokensOutMs, type LatencyProfile, type ModelCallShape, type ProfileName } from './latencyModel';
import { idleBeforeRunMs, PromptCache } from './promptCache';
import type { RunRecord } from './runRecord';
import { replayTimeline, type RecordedSpan, type StreamedOrigin } from './timelineReplay';

/** The profile of a report made against a real endpoint: latency as measured. */
export const MEASURED = 'measured';
/** A latency profile, or the measured latency of a real endpoint. */
export type ReportProfile = ProfileName | typeof MEASURED;

/** One run's figures on one profile. */
export interface RunFigures {
  readonly run: RunRecord;
  readonly profile: ReportProfile;
  readonly latencyMs: number;
  /** Measured time of tools, checks and the executor (model calls taken out). */
  readonly measuredMs: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens: number;
  /** Each call's cached prompt tokens, in the run's call order (what the cost of a call depends on). */
  readonly callCachedTokens: readonly number[];
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

function tokenFigures(run: RunRecord): Pick<RunFigures, 'promptTokens' | 'completionTokens'> {
  return { promptTokens: sum(run.calls.map((call) => call.promptTokens)), completionTokens: sum(run.calls.map((call) => call.completionTokens)) };
}

/**
 * The call as the profile's server prefills it: without the response format's tokens where the schema
 * becomes a sampling grammar (the format is the second prefix mark, after the tool specs).
 */
function prefilled(profile: LatencyProfile, call: ModelCallShape & { readonly prefix: readonly { readonly tokens: number }[] }): ModelCallShape {
  if (profile.schemaPrefilled || call.prefix.length < 2) return call;
  const [tools, format] = [call.prefix[0]!.tokens, call.prefix[1]!.tokens];
  const schema = format - tools;
  const without = (shared: number) => (shared >= format ? shared - schema : shared);
  return { ...call, promptTokens: call.promptTokens - schema, sharedWithPrevious: without(call.sharedWithPrevious), sharedWithAnyEarlier: without(call.sharedWithAnyEarlier) };
}

/**
 * What a modelled call's draws are keyed by: the task and the call's index, not the arm (common random
 * numbers). The n-th call of a task meets the same server in every arm, so a ratio measures the designs,
 * and two arms making the same calls get the same latency.
 */
export function callKey(run: Pick<RunRecord, 'taskId'>, index: number): string {
  return `${run.taskId}/${index}`;
}

/** A run's figures on `profile`, its session's cache as it stands at modelled time `at` (updated by the run). */
export function modelledRunFigures(run: RunRecord, profile: ProfileName, seed: number, cache: PromptCache, at: number): RunFigures {
  const shape = LATENCY_PROFILES[profile];
  const calls = run.calls.map((call) => {
    const hit = cache.lookup(call.prefix, at);
    cache.store(call.prefix, at);
    return prefilled(shape, { ...call, ...hit });
  });
  const modelled = calls.map((call, index) => modelCall(shape, call, seed, callKey(run, index)));
  const callSpans: RecordedSpan[] = run.calls.map((call, index) => ({ id: `m${index}`, kind: 'model', start: call.start, end: call.end }));
  const stepSpans: RecordedSpan[] = run.steps.map((step) => ({ id: step.id, kind: 'step', start: step.start, end: step.end }));
  const origins = new Map<RecordedSpan, StreamedOrigin>();
  for (const streamed of run.streamedSteps) {
    const span = stepSpans.filter((step) => step.id === streamed.stepId && step.start >= streamed.at && !origins.has(step)).sort((a, b) => a.start - b.start)[0];
    const call = run.calls[streamed.call];
    if (!span || !call) continue;
    origins.set(span, { source: callSpans[streamed.call]!, readyMs: tokensOutMs(modelled[streamed.call]!, call.completionTokens, streamed.completionTokens), at: streamed.at });
  }
  const replay = replayTimeline({
    spans: [...callSpans, ...stepSpans],
    runStart: run.runStart,
    runEnd: run.runEnd,
    modelledMs: (span) => modelled[Number(span.id.slice(1))]!.totalMs,
    streamedFrom: (span) => origins.get(span),
  });
  // The run's prefixes were last used when it ended.
  for (const call of run.calls) cache.store(call.prefix, at + replay.makespanMs);
  const callCachedTokens = calls.map((call) => cachedTokens(shape, call));
  return {
    run,
    profile,
    latencyMs: replay.makespanMs,
    measuredMs: replay.measuredMs,
    ...tokenFigures(run),
    cachedTokens: sum(callCachedTokens),
    callCachedTokens,
  };
}

/** Every run's figures on `profile`: each arm one session of its runs in the order given, idle between runs. */
export function profileFigures(runs: readonly RunRecord[], profile: ProfileName, seed: number): RunFigures[] {
  const sessions = new Map<string, { cache: PromptCache; clock: number; runs: number }>();
  return runs.map((run) => {
    let session = sessions.get(run.arm);
    if (!session) {
      session = { cache: new PromptCache(LATENCY_PROFILES[profile].cache.ttlMs), clock: 0, runs: 0 };
      sessions.set(run.arm, session);
    }
    if (session.runs++ > 0) session.clock += idleBeforeRunMs(seed, `${run.set}/${run.taskId}`);
    const figures = modelledRunFigures(run, profile, seed, session.cache, session.clock);
    session.clock += figures.latencyMs;
    return figures;
  });
}

/** A run against a real endpoint: its wall time, and the cached tokens the endpoint reported. */
export function measuredRunFigures(run: RunRecord): RunFigures {
  const modelMs = sum(run.calls.map((call) => call.end - call.start));
  const latencyMs = run.runEnd - run.runStart;
  const callCachedTokens = run.calls.map((call) => call.reportedCachedTokens);
  return { run, profile: MEASURED, latencyMs, measuredMs: Math.max(0, latencyMs - modelMs), ...tokenFigures(run), cachedTokens: sum(callCachedTokens), callCachedTokens };
}
