// Whether a step would repeat an effect that may already have happened. A non-idempotent step that ended
// `unknown` is remembered by its effect: the tool and its resolved arguments in one spelling (paths
// without `./` and in one case, a command line with its spaces collapsed, a command's folder `.` when
// absent), leaving out what does not change the effect (id, title, checks, dependencies, a timeout, the
// read-only opt-in). A revision's step with that effect — the same step handed back, or one under a new
// id, a new title, new checks — needs the user's explicit approval naming the risk.
import { resolveStepArgs } from '../plan/resolveStepArgs';
import type { Step, ValidPlan } from '../plan/planSchema';
import { stepFlags } from '../plan/stepFlags';
import { stepReference } from '../plan/stepNumbers';
import { canonicalJson } from '../text/canonicalJson';
import { findTool } from '../tools/toolCatalog';

/** The effect of a step that ended `unknown`: it may have happened, so doing it again may repeat it. */
export interface DoubtfulEffect {
  readonly stepId: string;
  /** The step as the run's messages name it when it ended unknown ("3 Deploy"). */
  readonly reference: string;
  /** `effectKey` of the step's call. */
  readonly key: string;
}

/** Arguments that change how a call may fail, not what it does. */
const NOT_EFFECT_ARGS: ReadonlySet<string> = new Set(['timeoutMs', 'allowReadOnly']);

/** Arguments that name workspace paths. */
const PATH_ARGS: ReadonlySet<string> = new Set(['path', 'from', 'to', 'cwd', 'scope']);

/**
 * The effect of `step`'s call as one string: the tool and its arguments, resolved from `outputs` where
 * they can be (the raw arguments otherwise), normalised so that spellings of one call compare equal.
 */
export function effectKey(step: Step, outputs: ReadonlyMap<string, string>): string {
  const resolved = resolveStepArgs(step, outputs);
  const args = (resolved.ok ? resolved.args : step.args) as Readonly<Record<string, unknown>>;
  const effect: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (NOT_EFFECT_ARGS.has(name)) continue;
    effect[name] = PATH_ARGS.has(name) ? normalisedPaths(value) : value;
  }
  if (step.tool === 'runCommand') {
    effect.command = typeof effect.command === 'string' ? effect.command.trim().replace(/\s+/g, ' ') : effect.command;
    effect.cwd ??= '.';
  }
  return canonicalJson({ tool: step.tool, args: effect });
}

/** What `step` risks when it ended `unknown` just now, or `undefined` when its tool is safe to repeat. */
export function doubtfulEffectOf(plan: ValidPlan, step: Step, outputs: ReadonlyMap<string, string>): DoubtfulEffect | undefined {
  const tool = findTool(step.tool);
  const resolved = resolveStepArgs(step, outputs);
  // A call whose effect class cannot be worked out is treated as the riskiest kind.
  const effect = tool && resolved.ok ? tool.effect(resolved.args, stepFlags(step)) : 'nonIdempotent';
  if (effect !== 'nonIdempotent') return undefined;
  return { stepId: step.id, reference: stepReference(plan, step.id), key: effectKey(step, outputs) };
}

/**
 * The risk of running `step` of `plan`, in words for the approval prompt, when its effect is one of the
 * `doubtful` ones; `undefined` otherwise.
 */
export function repeatRisk(
  doubtful: readonly DoubtfulEffect[] | undefined,
  plan: ValidPlan,
  step: Step,
  outputs: ReadonlyMap<string, string>,
): string | undefined {
  if (!doubtful || doubtful.length === 0) return undefined;
  const key = effectKey(step, outputs);
  const match = doubtful.find((effect) => effect.key === key);
  if (!match) return undefined;
  const reference = stepReference(plan, step.id);
  if (match.stepId === step.id && match.reference === reference) return unknownRisk(reference);
  return `${reference} repeats the effect of ${match.reference}, which ended unknown: it may already have happened, and running this step may repeat it`;
}

/** The risk of running again a step that ended unknown, named by `reference`. */
export function unknownRisk(reference: string): string {
  return `${reference} ended unknown: its effect may already have happened, and running it again may repeat it`;
}

function normalisedPaths(value: unknown): unknown {
  if (typeof value === 'string') return normalisedPath(value);
  return Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? normalisedPath(item) : item)) : value;
}

/** One spelling of a workspace path: `/` separators, no `./` segments or doubled or trailing slashes, lower case. */
function normalisedPath(path: string): string {
  const parts = path.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.');
  return parts.length === 0 ? '.' : parts.join('/').toLowerCase();
}
