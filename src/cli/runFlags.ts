// The command line of `planwright run` and `planwright resume`: flags in `--name value` or
// `--name=value` form, checked and turned into run options. Pure, so every message is unit-testable.
import type { AutoApprove } from '../core/run/runOptions';
import { SummaryModeSchema, type RunOptions, type SummaryMode } from '../core/run/runOptions';
import { RunModeSchema, type RunMode } from '../core/run/runMode';
import { parseMaxCost } from '../core/cost/costCap';

/** What `--approve` accepts, and the auto-approve setting each means. */
export const APPROVE_MODES: Readonly<Record<string, AutoApprove>> = { all: 'all', reads: 'readOnly', none: 'none' };

/** The flags of one invocation; `positional` holds the arguments that are not flags. */
export interface RunFlags {
  readonly positional: readonly string[];
  readonly goal?: string;
  /** `run --goal`: how the goal is carried out. */
  readonly mode?: RunMode;
  readonly workspace?: string;
  readonly approve?: AutoApprove;
  readonly maxParallel?: number;
  readonly maxModelCalls?: number;
  readonly maxReplans?: number;
  /** The read limit: the largest file read into memory or the journal. */
  readonly maxReadBytes?: number;
  /** How much of a command's output is kept (the tail). */
  readonly maxOutputBytes?: number;
  /** Who writes a succeeded run's summary. */
  readonly summary?: SummaryMode;
  readonly journal?: string;
  readonly trace?: string;
  /** `resume`: a plan edited by hand to continue with. */
  readonly plan?: string;
  readonly json: boolean;
  readonly help: boolean;
  /** `--approve-rerun`: a step that ended unknown and came back unchanged may run again. */
  readonly approveRerun?: boolean;
  /** `--allow-scope-growth`: a step that widens the approved scope runs under `--approve` instead of waiting. */
  readonly allowScopeGrowth?: boolean;
  /** `--prices FILE`: model prices to show the run's cost in. */
  readonly prices?: string;
  /** `--max-cost USD`: the most the run's priced model calls may spend before it pauses. */
  readonly maxCost?: number;
  /** `--allow-unpriced`: a cost cap lets models without a price through, uncounted. */
  readonly allowUnpriced?: boolean;
  /** `--worktree`: the run works in a git worktree of its own, not in the workspace. */
  readonly worktree?: boolean;
}

type ValueFlag = 'goal' | 'mode' | 'workspace' | 'approve' | 'max-parallel' | 'max-model-calls' | 'max-replans' | 'max-read-bytes' | 'max-output-bytes' | 'summary' | 'journal' | 'trace' | 'plan' | 'prices' | 'max-cost';

const VALUE_FLAGS: ReadonlySet<string> = new Set<ValueFlag>(['goal', 'mode', 'workspace', 'approve', 'max-parallel', 'max-model-calls', 'max-replans', 'max-read-bytes', 'max-output-bytes', 'summary', 'journal', 'trace', 'plan', 'prices', 'max-cost']);

/** The smallest read or output limit a flag accepts: below it, ordinary source files would be refused. */
const MIN_LIMIT_BYTES = 1024;

/** Parses `args`, accepting only the value flags in `allowed` (plus --json, --help, --approve-rerun, --allow-scope-growth, --allow-unpriced and --worktree). */
export function parseRunFlags(args: readonly string[], allowed: readonly ValueFlag[]): RunFlags | { readonly error: string } {
  const positional: string[] = [];
  const values = new Map<string, string>();
  let json = false;
  let help = false;
  let approveRerun = false;
  let allowScopeGrowth = false;
  let allowUnpriced = false;
  let worktree = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--json') json = true;
    else if (arg === '--approve-rerun') approveRerun = true;
    else if (arg === '--allow-scope-growth') allowScopeGrowth = true;
    else if (arg === '--allow-unpriced') allowUnpriced = true;
    else if (arg === '--worktree') worktree = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg.startsWith('--')) {
      const [name, inline] = splitFlag(arg.slice(2));
      if (!VALUE_FLAGS.has(name) || !allowed.includes(name as ValueFlag)) return { error: `unknown option --${name}` };
      const value = inline ?? args[++index];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) return { error: `--${name} needs a value` };
      if (values.has(name)) return { error: `--${name} given twice` };
      values.set(name, value);
    } else if (arg.startsWith('-') && arg !== '-') return { error: `unknown option ${arg}` };
    else positional.push(arg);
  }
  const approve = values.get('approve');
  if (approve !== undefined && !(approve in APPROVE_MODES)) return { error: `--approve must be all, reads or none, not "${approve}"` };
  const mode = values.get('mode');
  if (mode !== undefined && !RunModeSchema.safeParse(mode).success) return { error: `--mode must be ${RunModeSchema.options.join(', ')}, not "${mode}"` };
  const summary = values.get('summary');
  if (summary !== undefined && !SummaryModeSchema.safeParse(summary).success) return { error: `--summary must be ${SummaryModeSchema.options.join(' or ')}, not "${summary}"` };
  const maxParallel = count(values.get('max-parallel'), 1);
  if (maxParallel === null) return { error: `--max-parallel must be a whole number of at least 1, not "${values.get('max-parallel')}"` };
  const maxModelCalls = count(values.get('max-model-calls'), 1);
  if (maxModelCalls === null) return { error: `--max-model-calls must be a whole number of at least 1, not "${values.get('max-model-calls')}"` };
  const maxReplans = count(values.get('max-replans'), 0);
  if (maxReplans === null) return { error: `--max-replans must be a whole number of at least 0, not "${values.get('max-replans')}"` };
  const maxReadBytes = count(values.get('max-read-bytes'), MIN_LIMIT_BYTES);
  if (maxReadBytes === null) return { error: `--max-read-bytes must be a whole number of bytes, at least ${MIN_LIMIT_BYTES}, not "${values.get('max-read-bytes')}"` };
  const maxOutputBytes = count(values.get('max-output-bytes'), MIN_LIMIT_BYTES);
  if (maxOutputBytes === null) return { error: `--max-output-bytes must be a whole number of bytes, at least ${MIN_LIMIT_BYTES}, not "${values.get('max-output-bytes')}"` };
  const maxCost = dollars(values.get('max-cost'));
  if (maxCost === null) return { error: `--max-cost must be an amount of US dollars above 0, such as 0.50, not "${values.get('max-cost')}"` };
  return {
    positional,
    json,
    help,
    ...(approveRerun ? { approveRerun } : {}),
    ...(allowScopeGrowth ? { allowScopeGrowth } : {}),
    ...(allowUnpriced ? { allowUnpriced } : {}),
    ...(worktree ? { worktree } : {}),
    ...defined('maxCost', maxCost),
    ...defined('goal', values.get('goal')),
    ...defined('mode', mode as RunMode | undefined),
    ...defined('workspace', values.get('workspace')),
    ...defined('approve', approve === undefined ? undefined : APPROVE_MODES[approve]),
    ...defined('maxParallel', maxParallel),
    ...defined('maxModelCalls', maxModelCalls),
    ...defined('maxReplans', maxReplans),
    ...defined('maxReadBytes', maxReadBytes),
    ...defined('maxOutputBytes', maxOutputBytes),
    ...defined('summary', summary as SummaryMode | undefined),
    ...defined('journal', values.get('journal')),
    ...defined('trace', values.get('trace')),
    ...defined('plan', values.get('plan')),
    ...defined('prices', values.get('prices')),
  };
}

/** The run options the flags change, to lay over the defaults or over a journalled run's options. */
export function optionOverrides(flags: RunFlags, base: RunOptions): Partial<RunOptions> {
  return {
    ...(flags.maxParallel !== undefined ? { maxParallel: flags.maxParallel } : {}),
    ...(flags.maxModelCalls !== undefined ? { maxModelCalls: flags.maxModelCalls } : {}),
    ...(flags.maxReplans !== undefined ? { maxReplans: flags.maxReplans } : {}),
    ...(flags.summary !== undefined ? { summary: flags.summary } : {}),
    ...(flags.approve !== undefined || flags.approveRerun || flags.allowScopeGrowth
      ? {
          approval: {
            ...base.approval,
            ...(flags.approve !== undefined ? { autoApprove: flags.approve } : {}),
            ...(flags.approveRerun ? { rerunUnknown: true } : {}),
            ...(flags.allowScopeGrowth ? { allowScopeGrowth: true } : {}),
          },
        }
      : {}),
    ...costCapOverride(flags, base),
    ...(flags.maxReadBytes !== undefined || flags.maxOutputBytes !== undefined
      ? { limits: { ...base.limits, ...defined('maxReadBytes', flags.maxReadBytes), ...defined('maxOutputBytes', flags.maxOutputBytes) } }
      : {}),
  };
}

/** The cost cap the flags set or raise: `--max-cost` over the journalled cap, `--allow-unpriced` added to either. */
function costCapOverride(flags: RunFlags, base: RunOptions): Partial<RunOptions> {
  const maxCost = flags.maxCost ?? base.costCap?.maxCost;
  if (maxCost === undefined || (flags.maxCost === undefined && !flags.allowUnpriced)) return {};
  return { costCap: { ...base.costCap, maxCost, ...(flags.allowUnpriced ? { allowUnpriced: true } : {}) } };
}

function splitFlag(text: string): [string, string | undefined] {
  const equals = text.indexOf('=');
  return equals === -1 ? [text, undefined] : [text.slice(0, equals), text.slice(equals + 1)];
}

/** A whole number of at least `min`; undefined when absent, null when malformed. */
function count(text: string | undefined, min: number): number | undefined | null {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min ? value : null;
}

/** An amount of US dollars above 0 (`0.5`, `2`, `.25`); undefined when absent, null when malformed. */
function dollars(text: string | undefined): number | undefined | null {
  return text === undefined ? undefined : parseMaxCost(text);
}

function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
