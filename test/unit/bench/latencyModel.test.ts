// The latency model and the timeline replay: figures inside the profile's ranges, the prefix-cache
// rules, reproducible draws, and parallel spans that stay parallel when model calls are swapped in.
import * as assert from 'node:assert/strict';
import { cachedTokens, describeProfile, LATENCY_PROFILES, modelCall, PROFILE_NAMES, tokensOutMs, type LatencyProfile, type ModelCallShape } from '../../../bench/latencyModel';
import { replayTimeline, type RecordedSpan } from '../../../bench/timelineReplay';

const CALL: ModelCallShape = { promptTokens: 4000, completionTokens: 300, sharedWithPrevious: 3000, sharedWithAnyEarlier: 3500 };
const still = (profile: LatencyProfile): LatencyProfile => ({ ...profile, jitterSigma: 0 });

describe('latency model', () => {
  it('stays within the profile\'s ranges when there is no jitter', () => {
    for (const name of PROFILE_NAMES) {
      const profile = still(LATENCY_PROFILES[name]);
      for (let i = 0; i < 50; i++) {
        const call = modelCall(profile, { ...CALL, sharedWithPrevious: 0, sharedWithAnyEarlier: 0 }, 1, `call-${i}`);
        assert.ok(call.ttftMs >= profile.ttftMs.min && call.ttftMs <= profile.ttftMs.max);
        const decodeRate = (1000 * CALL.completionTokens) / call.decodeMs;
        assert.ok(decodeRate >= profile.decodeTokensPerSecond.min - 1e-6 && decodeRate <= profile.decodeTokensPerSecond.max + 1e-6);
        const prefillRate = (1000 * CALL.promptTokens) / call.prefillMs;
        assert.ok(prefillRate >= profile.prefillTokensPerSecond.min - 1e-6 && prefillRate <= profile.prefillTokensPerSecond.max + 1e-6);
        assert.equal(call.totalMs, call.ttftMs + call.prefillMs + call.decodeMs);
      }
    }
  });

  it('draws the same figures for the same seed and key, other figures for another', () => {
    const profile = LATENCY_PROFILES['frontier-hosted'];
    assert.deepEqual(modelCall(profile, CALL, 7, 'run/1'), modelCall(profile, CALL, 7, 'run/1'));
    assert.notDeepEqual(modelCall(profile, CALL, 7, 'run/1'), modelCall(profile, CALL, 7, 'run/2'));
    assert.notDeepEqual(modelCall(profile, CALL, 7, 'run/1'), modelCall(profile, CALL, 8, 'run/1'));
  });

  it('caches hosted prefixes from any earlier call in whole blocks above a minimum', () => {
    const hosted = LATENCY_PROFILES['frontier-hosted'];
    assert.equal(cachedTokens(hosted, CALL), 3456);
    assert.equal(cachedTokens(hosted, { ...CALL, sharedWithAnyEarlier: 1000 }), 0);
  });

  it('caches a local prefix from the previous call only, token by token, at no prefill cost', () => {
    const local = LATENCY_PROFILES['local-8b'];
    assert.equal(cachedTokens(local, CALL), 3000);
    const cached = modelCall(still(local), CALL, 1, 'x');
    const cold = modelCall(still(local), { ...CALL, sharedWithPrevious: 0 }, 1, 'x');
    assert.ok(Math.abs(cached.prefillMs - cold.prefillMs / 4) < 1e-6);
  });

  it('puts a tail on the distribution with jitter', () => {
    const profile = LATENCY_PROFILES['frontier-hosted'];
    const totals = Array.from({ length: 400 }, (_, i) => modelCall(profile, CALL, 3, `c${i}`).totalMs).sort((a, b) => a - b);
    const still400 = Array.from({ length: 400 }, (_, i) => modelCall(still(profile), CALL, 3, `c${i}`).totalMs).sort((a, b) => a - b);
    assert.ok(totals[395]! > still400[395]!);
  });

  it('names every figure in the printed description', () => {
    const text = describeProfile(LATENCY_PROFILES['local-8b']);
    for (const figure of ['50-150 ms', '200-900 tok/s', '20-50 tok/s', 'sigma 0.1']) assert.ok(text.includes(figure), figure);
  });
});

describe('replayTimeline', () => {
  const span = (id: string, kind: 'model' | 'step', start: number, end: number): RecordedSpan => ({ id, kind, start, end });

  it('swaps model calls for their modelled time and keeps the gaps between spans', () => {
    const spans = [span('plan', 'model', 0, 5), span('E1', 'step', 7, 17), span('solve', 'model', 20, 22)];
    const result = replayTimeline({ spans, runStart: 0, runEnd: 23, modelledMs: (s) => (s.id === 'plan' ? 1000 : 500) });
    assert.equal(result.makespanMs, 1000 + 2 + 10 + 3 + 500 + 1);
    assert.equal(result.measuredMs, 23 - 5 - 2);
  });

  it('keeps parallel steps parallel', () => {
    const spans = [span('plan', 'model', 0, 1), span('E1', 'step', 1, 11), span('E2', 'step', 1, 21), span('E3', 'step', 21, 31)];
    const result = replayTimeline({ spans, runStart: 0, runEnd: 31, modelledMs: () => 100 });
    assert.equal(result.makespanMs, 100 + 20 + 10);
  });

  it('replaces a worker call inside a step and lengthens the step by the difference', () => {
    const spans = [span('E1', 'step', 0, 10), span('worker', 'model', 2, 4), span('E2', 'step', 10, 12)];
    const result = replayTimeline({ spans, runStart: 0, runEnd: 12, modelledMs: () => 300 });
    assert.equal(result.makespanMs, 10 - 2 + 300 + 2);
  });

  it('charges each worker call to one of the parallel steps it overlaps, not to all of them', () => {
    const steps = ['E1', 'E2', 'E3'].map((id) => span(id, 'step', 0, 10));
    const calls = ['w1', 'w2', 'w3'].map((id, index) => span(id, 'model', 1 + index, 5 + index));
    const result = replayTimeline({ spans: [...steps, ...calls], runStart: 0, runEnd: 10, modelledMs: () => 300 });
    assert.equal(result.makespanMs, 10 - 4 + 300, 'three edits side by side take one call\'s time, not three');
  });

  it('still charges a step the two calls it makes in a row', () => {
    const spans = [span('E1', 'step', 0, 10), span('w1', 'model', 1, 3), span('w2', 'model', 4, 6)];
    const result = replayTimeline({ spans, runStart: 0, runEnd: 10, modelledMs: () => 300 });
    assert.equal(result.makespanMs, 10 - 4 + 600);
  });
});

describe('replayTimeline with a streamed plan', () => {
  const span = (id: string, kind: 'model' | 'step', start: number, end: number): RecordedSpan => ({ id, kind, start, end });
  const plan = span('plan', 'model', 0, 10);
  const early = span('E1', 'step', 5, 8);
  const later = span('E2', 'step', 12, 15);
  const spans = [plan, early, later];

  it('starts a streamed step when its line was complete in modelled time, not after the whole call', () => {
    const result = replayTimeline({
      spans,
      runStart: 0,
      runEnd: 16,
      modelledMs: (s) => (s === plan ? 1600 : 0),
      streamedFrom: (s) => (s === early ? { source: plan, readyMs: 800, at: 4 } : undefined),
    });
    // E1 at 800 + 1 ms of real dispatch time, ends at 804; E2 (not streamed) waits for the call: 1600 + 2, ends 1605; the run ends 1 ms later.
    assert.equal(result.makespanMs, 1606);
  });

  it('does not count the streamed steps\' time again after the call: the run ends when its last span does', () => {
    const long = span('E1', 'step', 3, 3003);
    const result = replayTimeline({ spans: [plan, long], runStart: 0, runEnd: 3004, modelledMs: () => 1600, streamedFrom: (s) => (s === long ? { source: plan, readyMs: 400, at: 3 } : undefined) });
    assert.equal(result.makespanMs, 400 + 3000 + 1);
  });

  it('makes a step that started during a call without a streamed line wait for the whole call', () => {
    const result = replayTimeline({ spans, runStart: 0, runEnd: 16, modelledMs: (s) => (s === plan ? 1600 : 0) });
    // E1 at 1600, ends 1603; E2 after it with the 2 ms it really idled, ends 1608; the run ends 1 ms later.
    assert.equal(result.makespanMs, 1609);
    const streamedEarlier = replayTimeline({ spans: [plan, span('E1', 'step', 5, 500)], runStart: 0, runEnd: 500, modelledMs: () => 1600, streamedFrom: (s) => (s.id === 'E1' ? { source: plan, readyMs: 800, at: 4 } : undefined) });
    const waiting = replayTimeline({ spans: [plan, span('E1', 'step', 5, 500)], runStart: 0, runEnd: 500, modelledMs: () => 1600 });
    assert.equal(waiting.makespanMs, 1600 + 495);
    assert.equal(streamedEarlier.makespanMs, 1600);
  });
});

describe('tokensOutMs', () => {
  it('is the time to first token, the prefill and the decode of the tokens so far, under the call\'s jitter', () => {
    const call = { ttftMs: 500, prefillMs: 100, decodeMs: 1000, jitter: 1.5, totalMs: 2400 };
    assert.equal(tokensOutMs(call, 100, 20), (500 + 100 + 200) * 1.5);
    assert.equal(tokensOutMs(call, 100, 100), call.totalMs);
    assert.equal(tokensOutMs(call, 100, 400), call.totalMs);
  });
});
