// The prompt cache across runs: a hosted provider serves a prefix any earlier call of any earlier run of
// the session left, until it has been idle longer than the TTL; a local server keeps only the previous
// request; arms never share a cache; and a streamed plan's steps start in the replay when their line is out.
import * as assert from 'node:assert/strict';
import { cachedTokens, LATENCY_PROFILES, modelCall, tokensOutMs } from '../../../bench/latencyModel';
import { idleBeforeRunMs, PromptCache } from '../../../bench/promptCache';
import { callKey, modelledRunFigures, profileFigures } from '../../../bench/runFigures';
import { syntheticCall, syntheticRun } from './syntheticRuns';

const TTL = 5 * 60_000;
const SYSTEM: [string, number][] = [['tools', 0], ['schema', 3000], ['system', 5000]];
const planner = (task: string) => syntheticCall('planner', [...SYSTEM, [`goal-${task}`, 5600]], 400, 0, 2);

/** A task id whose idle time before its run is a minute under the TTL (warm) or a minute over it (cold), for seed 1. */
function taskWithIdle(warm: boolean): string {
  for (let index = 0; ; index++) {
    const idle = idleBeforeRunMs(1, `v1/t${index}`);
    if (warm ? idle < TTL - 60_000 : idle > TTL + 60_000) return `t${index}`;
  }
}

describe('PromptCache', () => {
  it('serves the longest prefix any earlier call left while it was used within the TTL', () => {
    const cache = new PromptCache(TTL);
    const first = planner('a').prefix;
    assert.deepEqual(cache.lookup(first, 0), { sharedWithPrevious: 0, sharedWithAnyEarlier: 0 });
    cache.store(first, 0);
    cache.store(syntheticCall('fused', [['fused-tools', 2000], ['fused-system', 2500]], 1, 0, 1).prefix, 1000);
    assert.deepEqual(cache.lookup(planner('b').prefix, 60_000), { sharedWithPrevious: 0, sharedWithAnyEarlier: 5000 });
    assert.equal(cache.lookup(planner('b').prefix, TTL + 1).sharedWithAnyEarlier, 0);
    cache.store(first, TTL);
    assert.equal(cache.lookup(planner('b').prefix, TTL + 60_000).sharedWithAnyEarlier, 5000, 'a hit renews the entry');
  });

  it('draws the idle time between runs from the task, the same for every arm', () => {
    assert.equal(idleBeforeRunMs(1, 'v1/t1'), idleBeforeRunMs(1, 'v1/t1'));
    assert.notEqual(idleBeforeRunMs(1, 'v1/t1'), idleBeforeRunMs(1, 'v1/t2'));
    const mean = Array.from({ length: 2000 }, (_, i) => idleBeforeRunMs(1, `v1/t${i}`)).reduce((a, b) => a + b, 0) / 2000;
    assert.ok(mean > 100_000 && mean < 140_000, `mean ${mean}`);
  });
});

describe('profileFigures', () => {
  it('caches on a hosted profile the system prefix an earlier run of the same arm sent, unless the session idled past the TTL', () => {
    const warm = taskWithIdle(true);
    const cold = taskWithIdle(false);
    const [, warmFigures] = profileFigures([syntheticRun('first', 'split', { calls: [planner('first')] }), syntheticRun(warm, 'split', { calls: [planner(warm)] })], 'frontier-hosted', 1);
    assert.equal(warmFigures!.cachedTokens, Math.floor(5000 / 128) * 128);
    const [, coldFigures] = profileFigures([syntheticRun('first', 'split', { calls: [planner('first')] }), syntheticRun(cold, 'split', { calls: [planner(cold)] })], 'frontier-hosted', 1);
    assert.equal(coldFigures!.cachedTokens, 0);
  });

  it('gives every arm its own session: one arm\'s calls warm no other arm\'s cache', () => {
    const warm = taskWithIdle(true);
    const figures = profileFigures([syntheticRun('first', 'fused', { calls: [planner('first')] }), syntheticRun(warm, 'split', { calls: [planner(warm)] })], 'frontier-hosted', 1);
    assert.deepEqual(figures.map((f) => f.cachedTokens), [0, 0]);
  });

  it('models the same latency for two arms that make the same calls, and another for another task', () => {
    const calls = [planner('t1'), syntheticCall('worker', [['tools', 0], ['worker-system', 900]], 120, 1, 3)];
    const [split, auto, other] = [syntheticRun('t1', 'split', { calls }), syntheticRun('t1', 'auto', { calls }), syntheticRun('t2', 'split', { calls })].map(
      (run) => modelledRunFigures(run, 'frontier-hosted', 1, new PromptCache(TTL), 0).latencyMs,
    );
    assert.equal(auto, split);
    assert.notEqual(other, split);
  });

  it('keeps on the local profile the previous request only, even across runs', () => {
    const warm = taskWithIdle(true);
    const solver = syntheticCall('solver', [['tools', 0], ['none', 0], ['solver-system', 800], ['summary', 900]], 50, 5, 6);
    const [, afterSolver] = profileFigures([syntheticRun('first', 'split', { calls: [planner('first'), solver] }), syntheticRun(warm, 'split', { calls: [planner(warm)] })], 'local-8b', 1);
    assert.equal(afterSolver!.cachedTokens, 0, 'the previous request was the solver\'s');
    const [, afterPlanner] = profileFigures([syntheticRun('first', 'split', { calls: [planner('first')] }), syntheticRun(warm, 'split', { calls: [planner(warm)] })], 'local-8b', 1);
    // The system message is cached; the 3,000-token schema is a sampling grammar there, never prefilled.
    assert.equal(afterPlanner!.cachedTokens, 5000 - 3000);
  });
});

describe('modelledRunFigures with a streamed plan', () => {
  const profile = LATENCY_PROFILES['frontier-hosted'];
  const call = planner('s');
  // E1's line was complete 100 tokens into the 400-token reply; E1 ran for 1 s from the moment it was parsed.
  const run = (streamed: boolean) =>
    syntheticRun('s', 'split', {
      calls: [call],
      steps: [{ id: 'E1', start: 1, end: 1001 }],
      streamedSteps: streamed ? [{ stepId: 'E1', call: 0, completionTokens: 100, at: 1 }] : [],
      runEnd: 1001,
    });

  it('starts the streamed step when its line was out, and ends the run when the step or the call ends, whichever is later', () => {
    const modelled = modelCall(profile, { ...call, sharedWithPrevious: 0, sharedWithAnyEarlier: 0 }, 1, callKey({ taskId: 's' }, 0));
    const lineOut = tokensOutMs(modelled, 400, 100);
    assert.ok(lineOut < modelled.totalMs);
    const streamed = modelledRunFigures(run(true), 'frontier-hosted', 1, new PromptCache(TTL), 0);
    assert.ok(Math.abs(streamed.latencyMs - Math.max(modelled.totalMs, lineOut + 1000)) < 1e-6, `${streamed.latencyMs}`);
    const whole = modelledRunFigures(run(false), 'frontier-hosted', 1, new PromptCache(TTL), 0);
    assert.ok(Math.abs(whole.latencyMs - (modelled.totalMs + 1000)) < 1e-6, `${whole.latencyMs}`);
    assert.equal(cachedTokens(profile, { ...call, sharedWithPrevious: 0, sharedWithAnyEarlier: 0 }), 0);
  });
});

describe('modelledRunFigures and the response schema', () => {
  const withSchema = syntheticCall('planner', [['tools', 0], ['schema', 3000], ['system', 5000], ['goal', 5600]], 400, 0, 2);
  const withoutSchema = syntheticCall('planner', [['tools', 0], ['none', 0], ['system', 2000], ['goal', 2600]], 400, 0, 2);
  const latency = (call: typeof withSchema, profile: 'local-8b' | 'frontier-hosted') => modelledRunFigures(syntheticRun('x', 'split', { calls: [call] }), profile, 1, new PromptCache(TTL), 0).latencyMs;

  it('prefills the schema on a hosted profile and not on the local one, where it is a sampling grammar; both bill it', () => {
    assert.ok(latency(withSchema, 'frontier-hosted') > latency(withoutSchema, 'frontier-hosted'));
    assert.ok(Math.abs(latency(withSchema, 'local-8b') - latency(withoutSchema, 'local-8b')) < 1e-6);
    assert.equal(modelledRunFigures(syntheticRun('x', 'split', { calls: [withSchema] }), 'local-8b', 1, new PromptCache(TTL), 0).promptTokens, 5603);
  });
});
