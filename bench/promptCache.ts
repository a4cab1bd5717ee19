// The prompt cache as a provider keeps it, across runs: a session of runs (one arm's tasks one after
// another, as one user would start them) shares one cache. A hosted provider serves any prefix an
// earlier call of any earlier run left, while it has been used within the TTL; a local server keeps the
// previous request's KV cache only, for as long as it keeps the model loaded. Between two runs the
// session is idle for a drawn time, the same for every arm, so a cold start hits every arm alike.
import { sharedPrefixTokens, type PrefixMark } from './wireBilling';
import { createRandom, hashString, mixSeed } from './tasks/random';

/** Which earlier calls a prompt-prefix cache can reuse. */
export type CacheScope = 'anyEarlierCall' | 'previousCall';

/** Mean idle time between one task's end and the next task's start (assumed: reading the result, writing the next goal). */
export const MEAN_IDLE_BETWEEN_RUNS_MS = 120_000;

/** The idle time before the run of `task`: exponential with the mean above, seeded by the task, the same for every arm. */
export function idleBeforeRunMs(seed: number, task: string): number {
  const u = createRandom(mixSeed(seed, hashString(task), 0x1d1e)).next();
  return -MEAN_IDLE_BETWEEN_RUNS_MS * Math.log(1 - u);
}

/** What the cache holds for one call: the prefix tokens shared with the previous call and with any live entry. */
export interface CacheHit {
  readonly sharedWithPrevious: number;
  readonly sharedWithAnyEarlier: number;
}

/** One session's cache: prefix hashes with the modelled time they were last used. */
export class PromptCache {
  private readonly lastUsed = new Map<string, number>();
  private previous: { readonly marks: readonly PrefixMark[]; readonly at: number } | undefined;

  constructor(private readonly ttlMs: number) {}

  /** What is cached for a call with `marks` at modelled time `at`. */
  lookup(marks: readonly PrefixMark[], at: number): CacheHit {
    let anyEarlier = 0;
    for (const mark of marks) {
      const used = this.lastUsed.get(mark.hash);
      // Marks hash everything before them, so the first miss ends the shared prefix.
      if (used === undefined || at - used > this.ttlMs) break;
      anyEarlier = mark.tokens;
    }
    const previous = this.previous && at - this.previous.at <= this.ttlMs ? sharedPrefixTokens(marks, this.previous.marks) : 0;
    return { sharedWithPrevious: previous, sharedWithAnyEarlier: anyEarlier };
  }

  /** A call with `marks` was served (or its prefix used again) at `at`; `latest` makes it the previous call. */
  store(marks: readonly PrefixMark[], at: number, latest = true): void {
    for (const mark of marks) this.lastUsed.set(mark.hash, Math.max(at, this.lastUsed.get(mark.hash) ?? at));
    if (latest) this.previous = { marks, at };
  }
}
