// The benchmark's options, from `npm run bench -- ...` or `planwright bench ...`: how many tasks, which
// latency profiles, the seed, where to write, scripted model or the configured endpoint, concurrency.
import { z } from 'zod';
import { PROFILE_NAMES } from './latencyModel';
import { DEFAULT_TASK_SET } from './tasks/generateTasks';

/** What one benchmark run is asked to do. */
export const BenchOptionsSchema = z.object({
  tasks: z.number().int().min(1).max(10_000),
  profiles: z.array(z.enum(PROFILE_NAMES)).min(1),
  seed: z.number().int().nonnegative(),
  out: z.string().min(1),
  /** Use the model configured in the environment instead of the scripted one. */
  endpoint: z.boolean(),
  /** Task runs in flight at once. */
  concurrency: z.number().int().min(1).max(32),
  faultRate: z.number().min(0).max(1),
});
export type BenchOptions = z.infer<typeof BenchOptionsSchema>;

/** The full set: 300 tasks, every profile, seed 1, two runs at a time, scripted model. */
export const DEFAULT_BENCH_OPTIONS: BenchOptions = {
  tasks: DEFAULT_TASK_SET.count,
  profiles: [...PROFILE_NAMES],
  seed: DEFAULT_TASK_SET.seed,
  out: 'bench-results',
  endpoint: false,
  concurrency: 2,
  faultRate: DEFAULT_TASK_SET.faultRate,
};

/** The usage line. */
export const BENCH_USAGE = `planwright bench [--tasks N] [--profile ${PROFILE_NAMES.join('|')}|all] [--seed S] [--out DIR] [--concurrency N] [--endpoint]`;

const VALUE_FLAGS = new Set(['tasks', 'profile', 'seed', 'out', 'concurrency', 'fault-rate']);

/** Parses the command line; an error says which flag is wrong. */
export function parseBenchArgs(args: readonly string[]): { readonly options: BenchOptions } | { readonly error: string } | { readonly help: true } {
  const values = new Map<string, string>();
  let endpoint = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--endpoint') {
      endpoint = true;
      continue;
    }
    if (!arg.startsWith('--')) return { error: `unexpected argument "${arg}"` };
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!VALUE_FLAGS.has(name)) return { error: `unknown option --${name}` };
    const value = inline ?? args[++index];
    if (value === undefined || value.startsWith('--')) return { error: `--${name} needs a value` };
    values.set(name, value);
  }
  const profile = values.get('profile') ?? 'all';
  const candidate = {
    ...DEFAULT_BENCH_OPTIONS,
    endpoint,
    ...(values.has('tasks') ? { tasks: Number(values.get('tasks')) } : {}),
    ...(values.has('seed') ? { seed: Number(values.get('seed')) } : {}),
    ...(values.has('out') ? { out: values.get('out')! } : {}),
    ...(values.has('concurrency') ? { concurrency: Number(values.get('concurrency')) } : {}),
    ...(values.has('fault-rate') ? { faultRate: Number(values.get('fault-rate')) } : {}),
    profiles: profile === 'all' ? [...PROFILE_NAMES] : [profile],
  };
  const parsed = BenchOptionsSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = issue.path[0] === 'profiles' ? 'profile' : String(issue.path[0]);
    return { error: `--${flag === 'faultRate' ? 'fault-rate' : flag}: ${issue.message}` };
  }
  return { options: parsed.data };
}
