// The Clock port over the real time of the Node process.
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from '../core/ports';

/** Wall-clock time; `sleep` rejects with an AbortError when the signal fires. */
export const nodeClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    await delay(ms, undefined, { signal });
  },
};
