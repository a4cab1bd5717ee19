// The latency model: what a model call would have cost on a given kind of endpoint, from its token
// counts. Per call: time to first token + uncached prompt tokens / prefill rate + cached prompt tokens /
// (prefill rate × cache speed-up) + completion tokens / decode rate, each rate drawn from the profile's
// published range and the whole multiplied by a lognormal jitter factor for the tail. Seeded per call,
// so a report is reproducible.
import type { CacheScope } from './promptCache';
import { createRandom, hashString, mixSeed, normal } from './tasks/random';

/** An inclusive range a figure is drawn from (uniformly). */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** One kind of endpoint. */
export interface LatencyProfile {
  readonly name: string;
  /** What it stands for and where its figures come from. */
  readonly description: string;
  /** Fixed cost before the first token: network, queueing, scheduling. */
  readonly ttftMs: Range;
  readonly prefillTokensPerSecond: Range;
  readonly decodeTokensPerSecond: Range;
  /** Sigma of the lognormal factor on each call's total (0: no jitter). */
  readonly jitterSigma: number;
  /**
   * Whether a response format's JSON schema is prefilled as prompt: hosted APIs put it in the prompt (it
   * is billed and cached as a prefix); llama.cpp and Ollama turn it into a sampling grammar instead.
   */
  readonly schemaPrefilled: boolean;
  readonly cache: {
    readonly scope: CacheScope;
    /** A shared prefix shorter than this is not cached. */
    readonly minTokens: number;
    /** Cached prefixes are counted in whole blocks of this many tokens. */
    readonly blockTokens: number;
    /** Cached tokens are prefilled this many times faster than new ones. */
    readonly speedup: number;
    /** A cached prefix unused for longer than this is gone. */
    readonly ttlMs: number;
  };
}

/** The profile names a report can ask for. */
export const PROFILE_NAMES = ['frontier-hosted', 'small-hosted', 'local-8b'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

/**
 * Hosted providers cache identical prompt prefixes of 1,024+ tokens in 128-token steps, across requests
 * and runs, for 5-10 minutes of inactivity (OpenAI's documented rule; Anthropic's default TTL is 5
 * minutes): the lower bound is used.
 */
const HOSTED_CACHE = { scope: 'anyEarlierCall', minTokens: 1024, blockTokens: 128, speedup: 10, ttlMs: 5 * 60_000 } as const;

/** The profiles by name, with the published (or, for small-hosted, assumed) figures they stand for. */
export const LATENCY_PROFILES: Readonly<Record<ProfileName, LatencyProfile>> = {
  'frontier-hosted': {
    name: 'frontier-hosted',
    description: 'a frontier model over a public API (GPT-4o / Claude Sonnet class): published TTFT 0.4-1 s, decode 60-130 tok/s, prefill ~8-10k tok/s; prefix cache as OpenAI documents it (>= 1,024 tokens, 128-token blocks), cached tokens prefilled 10x faster',
    ttftMs: { min: 400, max: 1000 },
    prefillTokensPerSecond: { min: 8000, max: 10000 },
    decodeTokensPerSecond: { min: 60, max: 130 },
    jitterSigma: 0.25,
    schemaPrefilled: true,
    cache: HOSTED_CACHE,
  },
  'small-hosted': {
    name: 'small-hosted',
    description: 'a small hosted model (GPT-4o-mini / Claude Haiku / Gemini Flash class): TTFT 0.25-0.6 s, decode 100-200 tok/s, prefill 15-25k tok/s (typical published ranges, assumed); same prefix cache rule',
    ttftMs: { min: 250, max: 600 },
    prefillTokensPerSecond: { min: 15000, max: 25000 },
    decodeTokensPerSecond: { min: 100, max: 200 },
    jitterSigma: 0.25,
    schemaPrefilled: true,
    cache: HOSTED_CACHE,
  },
  'local-8b': {
    name: 'local-8b',
    description: 'an 8B model run locally (llama.cpp / Ollama, 4-bit, laptop GPU or Apple silicon): published decode 20-50 tok/s, prefill 200-900 tok/s, 50-150 ms fixed overhead; the server reuses the KV cache of the previous request\'s common prefix, token by token',
    ttftMs: { min: 50, max: 150 },
    prefillTokensPerSecond: { min: 200, max: 900 },
    decodeTokensPerSecond: { min: 20, max: 50 },
    jitterSigma: 0.1,
    schemaPrefilled: false,
    // Ollama unloads an idle model (and its KV cache) after 5 minutes by default.
    cache: { scope: 'previousCall', minTokens: 0, blockTokens: 1, speedup: Number.POSITIVE_INFINITY, ttlMs: 5 * 60_000 },
  },
};

/** A model call as the latency model sees it: token counts and how much of the prompt earlier calls share. */
export interface ModelCallShape {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Tokens of the longest prompt prefix shared with the previous call of the session, if still cached. */
  readonly sharedWithPrevious: number;
  /** Tokens of the longest prompt prefix shared with any earlier call of the session still cached. */
  readonly sharedWithAnyEarlier: number;
}

/** How many prompt tokens the profile's cache serves for this call. */
export function cachedTokens(profile: LatencyProfile, call: ModelCallShape): number {
  const shared = profile.cache.scope === 'previousCall' ? call.sharedWithPrevious : call.sharedWithAnyEarlier;
  if (shared < profile.cache.minTokens) return 0;
  return Math.min(call.promptTokens, Math.floor(shared / profile.cache.blockTokens) * profile.cache.blockTokens);
}

/** The modelled parts of one call, in milliseconds. */
export interface ModelledCall {
  readonly ttftMs: number;
  readonly prefillMs: number;
  readonly decodeMs: number;
  readonly jitter: number;
  readonly totalMs: number;
}

const draw = (range: Range, u: number): number => range.min + (range.max - range.min) * u;

/** When, after the call's start, the reply had `tokens` of its completion tokens out (a streamed line complete). */
export function tokensOutMs(call: ModelledCall, completionTokens: number, tokens: number): number {
  const share = completionTokens === 0 ? 1 : Math.min(1, tokens / completionTokens);
  return (call.ttftMs + call.prefillMs + call.decodeMs * share) * call.jitter;
}

/** The modelled latency of `call` on `profile`; `key` names the call (run and call index) for its seed. */
export function modelCall(profile: LatencyProfile, call: ModelCallShape, seed: number, key: string): ModelledCall {
  const random = createRandom(mixSeed(seed, hashString(profile.name), hashString(key)));
  const ttftMs = draw(profile.ttftMs, random.next());
  const prefillRate = draw(profile.prefillTokensPerSecond, random.next());
  const decodeRate = draw(profile.decodeTokensPerSecond, random.next());
  const cached = cachedTokens(profile, call);
  const fresh = call.promptTokens - cached;
  const prefillMs = (1000 * fresh) / prefillRate + (1000 * cached) / (prefillRate * profile.cache.speedup);
  const decodeMs = (1000 * call.completionTokens) / decodeRate;
  const jitter = Math.exp(profile.jitterSigma * normal(random));
  return { ttftMs, prefillMs, decodeMs, jitter, totalMs: (ttftMs + prefillMs + decodeMs) * jitter };
}

/** The profile's figures in one line, printed with every report. */
export function describeProfile(profile: LatencyProfile): string {
  const range = (r: Range, unit: string) => `${r.min}-${r.max} ${unit}`;
  const ttl = `${profile.cache.ttlMs / 60_000} min`;
  const cache = profile.cache.scope === 'previousCall'
    ? `prefix cache: previous request (of any run), token granularity, dropped after ${ttl} idle`
    : `prefix cache: any earlier call of any earlier run, >= ${profile.cache.minTokens} tokens in ${profile.cache.blockTokens}-token blocks, ${profile.cache.speedup}x faster, ${ttl} TTL`;
  const schema = profile.schemaPrefilled ? '' : '; response schema as a sampling grammar, not prefilled';
  return `${profile.name}: TTFT ${range(profile.ttftMs, 'ms')}, prefill ${range(profile.prefillTokensPerSecond, 'tok/s')}, decode ${range(profile.decodeTokensPerSecond, 'tok/s')}, lognormal jitter sigma ${profile.jitterSigma}; ${cache}${schema}`;
}
