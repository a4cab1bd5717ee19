// How long a test may wait for something on this machine, right now. A wait is given a nominal budget (what an
// idle 2-core machine needs, with margin) and the budget is scaled by the largest of: PLANWRIGHT_TEST_TIME_FACTOR,
// a baseline measured on this run (the first workbench load) against its idle reference, and the load average per
// core. The scale is taken again when a budget runs out, so a machine that got busier mid-wait extends it. A wait
// that still runs out says what it waited for, for how long, why the budget was that, and what it saw last.
// Used in Node (scripts, e2e) and inside the extension host (integration suite); the baseline travels between
// processes in the file named by PLANWRIGHT_TEST_BASELINE_FILE.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** Why budgets are scaled as they are: the factor and where it came from. */
export interface TimeScale {
  readonly factor: number;
  readonly why: string;
}

/** A measured baseline: how long `what` took on this run, against how long it takes on an idle machine. */
export interface Baseline {
  readonly what: string;
  readonly ms: number;
  readonly referenceMs: number;
}

/** How long code-server's workbench takes to load (page opened to activity bar shown) on an idle 2-core machine. */
export const WORKBENCH_LOAD_IDLE_MS = 4_000;

/** Budgets never grow beyond this many times their nominal value. */
const MAX_FACTOR = 30;

let measured: Baseline | undefined;

/** Records a baseline measured on this run, for this process and (through the baseline file) the others. */
export function recordBaseline(baseline: Baseline): void {
  measured = baseline;
  const file = process.env.PLANWRIGHT_TEST_BASELINE_FILE;
  if (file) writeFileSync(file, JSON.stringify(baseline));
}

function currentBaseline(): Baseline | undefined {
  const file = process.env.PLANWRIGHT_TEST_BASELINE_FILE;
  if (measured || !file) return measured;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Baseline>;
    return typeof parsed.what === 'string' && typeof parsed.ms === 'number' && typeof parsed.referenceMs === 'number'
      ? { what: parsed.what, ms: parsed.ms, referenceMs: parsed.referenceMs }
      : undefined;
  } catch {
    return undefined;
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The current scale of every budget, at least 1. */
export function timeScale(): TimeScale {
  const candidates: TimeScale[] = [{ factor: 1, why: 'no slowdown measured' }];
  const fromEnv = Number(process.env.PLANWRIGHT_TEST_TIME_FACTOR);
  if (Number.isFinite(fromEnv) && fromEnv > 0) candidates.push({ factor: fromEnv, why: `PLANWRIGHT_TEST_TIME_FACTOR=${fromEnv}` });
  const baseline = currentBaseline();
  if (baseline) {
    candidates.push({ factor: baseline.ms / baseline.referenceMs, why: `a ${seconds(baseline.ms)} ${baseline.what} (${seconds(baseline.referenceMs)} when idle)` });
  }
  const cores = Math.max(1, cpus().length);
  const load = loadavg()[0] ?? 0;
  candidates.push({ factor: load / cores, why: `load average ${load.toFixed(1)} on ${cores} ${cores === 1 ? 'core' : 'cores'}` });
  const largest = candidates.reduce((best, candidate) => (candidate.factor > best.factor ? candidate : best));
  return { factor: Math.min(MAX_FACTOR, largest.factor), why: largest.why };
}

/** `nominalMs` scaled for this machine now. */
export function budgetMs(nominalMs: number): number {
  return Math.round(nominalMs * timeScale().factor);
}

/** A wait that ran out of budget; its message says what was waited for and what was seen last. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
}

/** How to wait: the nominal budget, how often to look, and what to report as last seen when it runs out. */
export interface WaitOptions {
  readonly nominalMs: number;
  readonly intervalMs?: number;
  readonly lastSeen?: () => string | Promise<string>;
}

/** Call-log lines that say only that Playwright tries again, not why. */
const RETRY_LINE = /^-?\s*(retrying .* attempt #\d+|waiting \d+ms)$/;

/**
 * The first line of an error's message and, when there are more, its last one that says something: a Playwright
 * timeout's first line says only that time ran out, and its call log ends on what it kept waiting for.
 */
function errorGist(message: string): string {
  const lines = message.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !RETRY_LINE.test(line));
  const [first = '', ...rest] = lines;
  return rest.length === 0 ? first : `${first} … ${rest[rest.length - 1]}`;
}

/**
 * Polls `probe` until it returns a truthy value and returns it; fails with a `WaitTimeoutError` once the scaled
 * budget has run out (rescaled once it has, so a machine that got busier meanwhile extends the wait).
 * A probe that throws counts as "not yet"; its last error is reported if nothing else was seen.
 */
export async function waitUntil<T>(what: string, probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, options: WaitOptions): Promise<T> {
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    const scale = timeScale();
    const budget = options.nominalMs * scale.factor;
    if (Date.now() - started > budget) {
      const failed = lastError instanceof Error ? `an error: ${errorGist(lastError.message)}` : undefined;
      let seen = failed ?? 'nothing more';
      if (options.lastSeen) {
        const looked = await Promise.resolve().then(options.lastSeen).catch((error: unknown) => `(could not look: ${String(error)})`);
        seen = failed ? `${looked}; the last try failed with ${failed}` : looked;
      }
      const scaled = scale.factor > 1 ? `budget ${seconds(options.nominalMs)} scaled ×${scale.factor.toFixed(1)} from ${scale.why}` : `budget ${seconds(options.nominalMs)}, ${scale.why}`;
      throw new WaitTimeoutError(`waited ${seconds(Date.now() - started)} (${scaled}) for ${what}; last seen: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
