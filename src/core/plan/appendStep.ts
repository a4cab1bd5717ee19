// One more step for a plan still being written (a streamed plan): the verdict the gate gives the whole
// grown plan, at the cost of the new step. Gating every prefix whole made a streamed plan quadratic: a
// 10,000-step reply, a third of a megabyte, took minutes. The new step is gated on its own, and whatever
// that cannot judge goes through the whole gate, so the verdict never differs: an id the plan already
// has or that an earlier step names (a cycle may close through it), a plan at the step limit, a closed
// plan (its references must all resolve), and any problem (located as the whole gate locates it).
import { PLAN_LIMITS } from '../planLimits';
import type { Step, ValidPlan } from './planSchema';
import { referenceTokens } from './references';
import { validatePlan, type GateOptions, type PlanValidation } from './validatePlan';

/**
 * What the plans grown from one another hold, by position: each step's id and the ids it names. Only ever
 * appended to, so it stays true of every shorter plan it was built for.
 */
class GrowthIndex {
  private readonly ids: string[] = [];
  private readonly names: string[][] = [];
  private readonly defined = new Map<string, number>();
  private readonly named = new Map<string, number>();

  static of(steps: readonly Step[]): GrowthIndex {
    const index = new GrowthIndex();
    for (const step of steps) index.push(step.id, namesOf(step));
    return index;
  }

  /** Whether the first `length` steps hold `id` as an id or name it. */
  knows(id: string, length: number): boolean {
    return (this.defined.get(id) ?? length) < length || (this.named.get(id) ?? length) < length;
  }

  /** This index for the plan of the first `length` steps and `step`, or a new one when another step was appended at `length`. */
  grownBy(step: Step, length: number, steps: readonly Step[]): GrowthIndex {
    const names = namesOf(step);
    if (this.ids.length === length) {
      this.push(step.id, names);
      return this;
    }
    const same = this.ids[length] === step.id && this.names[length]!.length === names.length && names.every((name, at) => this.names[length]![at] === name);
    return same ? this : GrowthIndex.of(steps);
  }

  private push(id: string, names: string[]): void {
    const at = this.ids.length;
    this.ids.push(id);
    this.names.push(names);
    if (!this.defined.has(id)) this.defined.set(id, at);
    for (const name of names) if (!this.named.has(name)) this.named.set(name, at);
  }
}

const indexes = new WeakMap<ValidPlan, GrowthIndex>();

/** Every id `step` names: its dependencies and every `#<id>` token, a step of that id yet or not. */
function namesOf(step: Step): string[] {
  return [...(step.dependsOn ?? []), ...referenceTokens(step.args), ...(step.compensation ? referenceTokens(step.compensation.args) : [])];
}

/**
 * A token for each plan grown from, and the token of the plan each grown plan was grown from. A token, not
 * the plan: a plan holding on to the one before it would keep every version of a growing plan alive.
 */
const tokens = new WeakMap<ValidPlan, object>();
const bases = new WeakMap<ValidPlan, object>();

function tokenOf(plan: ValidPlan): object {
  let token = tokens.get(plan);
  if (!token) tokens.set(plan, (token = {}));
  return token;
}

/** Whether `plan` is `base` with one step appended by `gateAppendedStep` (so its other steps are `base`'s own). */
export function isGrownFrom(plan: ValidPlan, base: ValidPlan): boolean {
  const token = bases.get(plan);
  return token !== undefined && token === tokens.get(base);
}

/**
 * The gate's verdict on `plan` with `step` appended, exactly as `validatePlan` would give it on the whole;
 * with `revision`, on the grown plan carrying that revision (a patch's line opening or growing one).
 */
export function gateAppendedStep(plan: ValidPlan, step: unknown, options: GateOptions = {}, revision = plan.revision): PlanValidation {
  const top = revision === plan.revision ? plan : { ...plan, revision };
  const whole = (): PlanValidation => validatePlan({ ...top, steps: [...plan.steps, step] }, options);
  const length = plan.steps.length;
  if (!options.openReferences || length >= PLAN_LIMITS.steps) return whole();
  const alone = validatePlan({ ...top, steps: [step] }, options);
  if (!alone.ok) return whole();
  const added = alone.plan.steps[0]!;
  const index = indexes.get(plan) ?? GrowthIndex.of(plan.steps);
  indexes.set(plan, index);
  if (index.knows(added.id, length)) return whole();
  const steps = Object.freeze([...plan.steps, added]);
  // The envelope as the whole gate returns it (its fields in the schema's order), with every step.
  const grown = Object.freeze({ ...alone.plan, steps }) as ValidPlan;
  indexes.set(grown, index.grownBy(added, length, steps));
  bases.set(grown, tokenOf(plan));
  return { ok: true, plan: grown };
}
