// The steps of a run that can move on, kept up to date change by change: the ready steps still to be asked
// about, the approved ready steps (apart for steps that call the worker model, so a full pool ends its
// search), the running steps and the broken ones, each in plan order. A scheduling turn used to pass over
// every step of the plan several times, so a run was quadratic in its length (3,000 readFile steps: 16 s).
// A change to listed steps moves only them and their direct dependents; any other change (a new revision,
// an added step) builds the frontier again.
import { dependenciesOf, directDependentsOf, waitsForUnseenStep } from '../plan/planGraph';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { statusById, type RunState } from '../run/runState';

/** Which list of the frontier a step is on. */
type Place = 'asking' | 'local' | 'model' | 'running' | 'broken';

/** What the frontier is of: a plan and each of its steps' status (a missing one counts as `pending`). */
export interface FrontierSource {
  readonly plan: ValidPlan;
  readonly statuses: ReadonlyMap<string, StepStatus>;
}

/** The frontier's source in a run's state. */
export function frontierSource(state: RunState): FrontierSource {
  return { plan: state.plan, statuses: statusById(state) };
}

export class ReadyFrontier {
  private plan!: ValidPlan;
  private readonly position = new Map<string, number>();
  private readonly status = new Map<string, StepStatus>();
  /** How many of each step's dependencies have not succeeded. */
  private readonly unmet = new Map<string, number>();
  private readonly place = new Map<string, Place>();
  private readonly lists: Record<Place, Step[]> = { asking: [], local: [], model: [], running: [], broken: [] };

  constructor(
    source: FrontierSource,
    private readonly callsModel: (step: Step) => boolean,
  ) {
    this.rebuild(source);
  }

  /**
   * Brings the frontier to `source`: reached from the last one by changes to the steps `changed` names
   * alone (the same plan), or by any change at all (`'all'`).
   */
  follow(source: FrontierSource, changed: readonly string[] | 'all'): void {
    if (changed === 'all' || source.plan !== this.plan) {
      this.rebuild(source);
      return;
    }
    for (const id of changed) this.move(id, source.statuses.get(id) ?? 'pending');
  }

  /** The ready steps not yet asked about or approved, in plan order (a copy: asking changes the frontier). */
  asking(): Step[] {
    return [...this.lists.asking];
  }

  /** The approved ready steps that work on this machine, in plan order. */
  get local(): readonly Step[] {
    return this.lists.local;
  }

  /** The approved ready steps that wait on the worker model, in plan order. */
  get model(): readonly Step[] {
    return this.lists.model;
  }

  /** The running steps, in plan order. */
  get running(): readonly Step[] {
    return this.lists.running;
  }

  /** The first step in plan order that failed or ended unknown: what a recovery deals with first. */
  firstBroken(): Step | undefined {
    return this.lists.broken[0];
  }

  /** Whether `step` calls the worker model (the pool it starts from). */
  poolOf(step: Step): 'local' | 'model' {
    return this.callsModel(step) ? 'model' : 'local';
  }

  /** `step`'s place in plan order, to merge the lists. */
  positionOf(step: Step): number {
    return this.position.get(step.id) ?? Number.MAX_SAFE_INTEGER;
  }

  private rebuild({ plan, statuses }: FrontierSource): void {
    this.plan = plan;
    for (const map of [this.position, this.status, this.unmet, this.place]) map.clear();
    for (const list of Object.values(this.lists)) list.length = 0;
    plan.steps.forEach((step, index) => {
      if (this.position.has(step.id)) return;
      this.position.set(step.id, index);
      this.status.set(step.id, statuses.get(step.id) ?? 'pending');
    });
    for (const step of plan.steps) {
      if (this.unmet.has(step.id)) continue;
      this.unmet.set(step.id, dependenciesOf(step, plan).filter((id) => this.status.get(id) !== 'succeeded').length);
      this.refresh(step);
    }
  }

  private move(id: string, to: StepStatus): void {
    const from = this.status.get(id);
    if (from === undefined || from === to) return;
    this.status.set(id, to);
    const step = this.plan.steps[this.position.get(id)!]!;
    if (from === 'succeeded' || to === 'succeeded') {
      for (const dependent of directDependentsOf(this.plan, id)) {
        this.unmet.set(dependent, this.unmet.get(dependent)! + (to === 'succeeded' ? -1 : 1));
        this.refresh(this.plan.steps[this.position.get(dependent)!]!);
      }
    }
    this.refresh(step);
  }

  /** Puts `step` on the list its status and dependencies give it, and takes it off the one it was on. */
  private refresh(step: Step): void {
    const status = this.status.get(step.id)!;
    const ready = this.unmet.get(step.id) === 0 && !waitsForUnseenStep(this.plan, step.id);
    const place: Place | undefined =
      status === 'running' ? 'running'
      : status === 'failed' || status === 'unknown' ? 'broken'
      : !ready ? undefined
      : status === 'pending' ? 'asking'
      : status === 'approved' ? this.poolOf(step)
      : undefined;
    const was = this.place.get(step.id);
    if (was === place) return;
    if (was) this.lists[was].splice(this.indexIn(this.lists[was], step), 1);
    if (place) {
      this.lists[place].splice(this.indexIn(this.lists[place], step), 0, step);
      this.place.set(step.id, place);
    } else this.place.delete(step.id);
  }

  /** Where `step` is (or goes) in `list`, by plan position. */
  private indexIn(list: readonly Step[], step: Step): number {
    const at = this.positionOf(step);
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.positionOf(list[middle]!) < at) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
