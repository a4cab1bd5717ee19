// The benchmark's options, from `npm run bench -- ...`: which task set and how
// many of its tasks, which latency profiles, the seed, where to write, scripted model or a real endpoint,
// concurrency.
import { z } from 'zod';
import { PROFILE_NAMES } from './latencyModel';
import { DEFAULT_SET_NAME, TASK_SET_CHOICES } from './taskSets';

/** What one benchmark run is asked to do. */
export const BenchOptionsSchema = z.object({
  /** The task set: `v1`, another set's name, or `all`. */
  set: z.string().refine((name) => TASK_SET_CHOICES.includes(name), { error: (issue) => `unknown task set "${String(issue.input)}"; the sets are ${TASK_SET_CHOICES.join(', ')}` }),
  /** Tasks per set; undefined: each set's own count. */
  tasks: z.number().int().min(1).max(10_000).optional(),
  profiles: z.array(z.enum(PROFILE_NAMES)).min(1),
  /** The task set's seed (and the latency draws'); undefined: each set's own. */
  seed: z.number().int().nonnegative().optional(),
  out: z.string().min(1),
  /** Use a real model instead of the scripted one, and measure latency instead of modelling it. */
  endpoint: z.boolean(),
  /** The endpoint's API root; undefined: PLANWRIGHT_BASE_URL. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Task runs in flight at once. */
  concurrency: z.number().int().min(1).max(32),
  /** Undefined: each set's own rate. */
  faultRate: z.number().min(0).max(1).optional(),
  /** Undefined: each set's own rate (v1: 0.12 of the tasks without a fault; v2 has none). */
  lapseRate: z.number().min(0).max(1).optional(),
  /** A JSON file of model prices (the `planwright.prices` shape): the report adds each arm's cost per phase. */
  prices: z.string().min(1).optional(),
});
export type BenchOptions = z.infer<typeof BenchOptionsSchema>;

/** The full v1 set: 300 tasks, every profile, seed 1, two runs at a time, scripted model. */
export const DEFAULT_BENCH_OPTIONS: BenchOptions = {
  set: DEFAULT_SET_NAME,
  profiles: [...PROFILE_NAMES],
  out: 'bench-results',
  endpoint: false,
  concurrency: 2,
};

/** The usage line. */
export const BENCH_USAGE = `npm run bench -- [--set ${TASK_SET_CHOICES.join('|')}] [--tasks N] [--profile ${PROFILE_NAMES.join('|')}|all] [--seed S] [--out DIR] [--concurrency N] [--fault-rate R] [--lapse-rate R] [--endpoint [URL]] [--prices FILE]`;

const VALUE_FLAGS = new Set(['set', 'tasks', 'profile', 'seed', 'out', 'concurrency', 'fault-rate', 'lapse-rate', 'prices']);
const FLAG_OF: Readonly<Record<string, string>> = { profiles: 'profile', faultRate: 'fault-rate', lapseRate: 'lapse-rate', baseUrl: 'endpoint' };

/** Parses the command line; an error says which flag is wrong. */
export function parseBenchArgs(args: readonly string[]): { readonly options: BenchOptions } | { readonly error: string } | { readonly help: true } {
  const values = new Map<string, string>();
  let endpoint = false;
  let baseUrl: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    if (!arg.startsWith('--')) return { error: `unexpected argument "${arg}"` };
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (name === 'endpoint') {
      endpoint = true;
      // The URL is optional: `--endpoint` alone takes PLANWRIGHT_BASE_URL.
      const next = args[index + 1];
      baseUrl = inline ?? (next !== undefined && !next.startsWith('--') ? args[++index] : undefined);
      continue;
    }
    if (!VALUE_FLAGS.has(name)) return { error: `unknown option --${name}` };
    const value = inline ?? args[++index];
    if (value === undefined || value.startsWith('--')) return { error: `--${name} needs a value` };
    values.set(name, value);
  }
  const profile = values.get('profile') ?? 'all';
  const number = (flag: string) => (values.has(flag) ? Number(values.get(flag)) : undefined);
  const candidate = {
    ...DEFAULT_BENCH_OPTIONS,
    endpoint,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(values.has('set') ? { set: values.get('set')! } : {}),
    ...(values.has('tasks') ? { tasks: number('tasks') } : {}),
    ...(values.has('seed') ? { seed: number('seed') } : {}),
    ...(values.has('out') ? { out: values.get('out')! } : {}),
    ...(values.has('concurrency') ? { concurrency: number('concurrency') } : {}),
    ...(values.has('fault-rate') ? { faultRate: number('fault-rate') } : {}),
    ...(values.has('lapse-rate') ? { lapseRate: number('lapse-rate') } : {}),
    ...(values.has('prices') ? { prices: values.get('prices')! } : {}),
    profiles: profile === 'all' ? [...PROFILE_NAMES] : [profile],
  };
  const parsed = BenchOptionsSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0]);
    return { error: `--${FLAG_OF[field] ?? field}: ${issue.message}` };
  }
  return { options: parsed.data };
}
