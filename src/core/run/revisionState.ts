// How a revision changes a run's steps. A whole revision (a hand edit, a patch applied at once) restarts
// every step that has not finished; a re-plan whose patch streams in opens the revision with its first
// applying line and grows it line by line: only the steps a line replaces or adds start afresh, the
// others keep their state (an invalidated dependent stays invalidated until a line reaches it or the
// revision closes), and closing it restarts the broken steps no line touched, as a whole revision would.
// A step a revision brings in or hands back that would repeat the effect of a step that ended unknown
// carries that risk (`rerunRisk`) until it starts: only the user's explicit approval lets it run.
import { isGrownFrom } from '../plan/appendStep';
import type { PatchOp } from '../plan/planPatch';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { stepReference } from '../plan/stepNumbers';
import { canonicalJson } from '../text/canonicalJson';
import { IndexedMap, withEntry } from './indexedMap';
import { repeatRisk, unknownRisk } from './repeatedEffect';
import type { ReplacedStep, RunState, StepRun } from './runState';
import { FROZEN_STATUSES } from './stepTransitions';
import { stepOutputs } from './stepOutputs';

/** A step that has not run in `revision`, keeping what was approved of it. */
export function freshStep(revision: number, approvedKey?: string): StepRun {
  return { status: 'pending', attempts: 0, revision, retriedAfterSettle: false, ...(approvedKey ? { approvedKey } : {}) };
}

/** Broken steps an open revision's close restarts when no line of its patch reached them. */
const RESTARTED_AT_CLOSE: ReadonlySet<StepStatus> = new Set(['failed', 'unknown', 'invalidated', 'cancelled']);

/**
 * Applies a whole revision: succeeded, skipped and running steps stay as they are; a step whose content is
 * unchanged keeps its approval but starts again from pending; new or changed steps start fresh (and need
 * approval again); steps that disappeared, or were replaced by a changed version, are kept as `replaced`.
 */
export function applyRevision(state: RunState, plan: ValidPlan, revision: number, reason: string): RunState {
  const { steps, replaced } = rebuildSteps(state, plan, revision, (step, oldStep, oldRun) => {
    if (!oldStep || !oldRun || canonicalJson(oldStep) !== canonicalJson(step)) return { run: freshRun(state, plan, step, revision), replaced: oldRun !== undefined };
    // A running step is left to finish: a revision made while it runs (a patch) cannot change it.
    if (FROZEN_STATUSES.has(oldRun.status) || oldRun.status === 'running') return { run: oldRun };
    return { run: restartUnchanged(plan, step.id, oldRun) };
  });
  // A revision is a whole plan: it closes a streamed plan and leaves its problems behind.
  const { planOpen: _open, planProblems: _problems, recovering: _recovering, revisionOpen: _revising, ...rest } = state;
  return { ...rest, plan, revision, steps, replaced, replanReasons: [...state.replanReasons, reason], status: 'running' };
}

/** The steps the lines of the open revision so far replaced or added (they run in it); none when no revision is open. */
export function openRevisionSteps(state: RunState): ReadonlySet<string> {
  if (!state.revisionOpen) return new Set();
  return new Set([...state.steps].flatMap(([id, run]) => (run.revision === state.revision ? [id] : [])));
}

/** Opens a streamed re-plan's revision with the lines applied so far (the steps of `patched`). */
export function openRevision(state: RunState, plan: ValidPlan, revision: number, reason: string, patched: readonly string[]): RunState {
  const { planProblems: _problems, ...rest } = growRevision(state, plan, revision, new Set(patched));
  return { ...rest, planOpen: true, revisionOpen: true, replanReasons: [...state.replanReasons, reason], status: 'running' };
}

/** The open revision after more lines of its patch (`ops`) made `plan`. */
export function applyPatchLines(state: RunState, plan: ValidPlan, ops: readonly PatchOp[]): RunState {
  // A line that appended a step changes no other: the new step starts fresh, the rest keep their runs.
  const op = ops.length === 1 ? ops[0]! : undefined;
  if (op?.op === 'add' && isGrownFrom(plan, state.plan) && plan.steps[plan.steps.length - 1]!.id === op.step.id && state.steps.size === state.plan.steps.length && !state.steps.has(op.step.id)) {
    return { ...state, plan, steps: withEntry(state.steps, op.step.id, freshRun(state, plan, op.step, state.revision)), replaced: [...state.replaced] };
  }
  const targets = ops.map((op) => (op.op === 'add' ? op.step.id : op.id));
  return growRevision(state, plan, state.revision, new Set(targets));
}

/** Closes an open revision: the broken steps of earlier revisions that no line reached start again. */
export function settleOpenRevision(state: RunState): RunState {
  const { revisionOpen: _revising, recovering: _recovering, ...rest } = state;
  const steps = new Map(state.steps);
  for (const [id, run] of state.steps) {
    if (run.revision < state.revision && RESTARTED_AT_CLOSE.has(run.status)) steps.set(id, restartUnchanged(state.plan, id, run));
  }
  return { ...rest, steps: IndexedMap.from(steps) };
}

/** `state` with `plan` in place as `revision`: the steps in `targets` start fresh, the others keep their run. */
function growRevision(state: RunState, plan: ValidPlan, revision: number, targets: ReadonlySet<string>): RunState {
  const { steps, replaced } = rebuildSteps(state, plan, revision, (step, oldStep, oldRun) => {
    // Untouched by these lines: its definition may have gained a file-hazard edge, its state stays.
    if (oldRun && !targets.has(step.id)) return { run: oldRun };
    if (oldStep && oldRun && canonicalJson(oldStep) === canonicalJson(step)) return { run: restartUnchanged(plan, step.id, oldRun) };
    return { run: freshRun(state, plan, step, revision), replaced: oldRun !== undefined && !isDraft(oldRun, revision) };
  });
  return { ...state, plan, revision, steps, replaced };
}

/**
 * The runs of `plan`'s steps as `decide` makes each from its version and run in `state` (`replaced`: the old
 * version is kept as replaced in `revision`), and the run's replaced steps with those `plan` dropped.
 */
function rebuildSteps(
  state: RunState,
  plan: ValidPlan,
  revision: number,
  decide: (step: Step, oldStep: Step | undefined, oldRun: StepRun | undefined) => { readonly run: StepRun; readonly replaced?: boolean },
): { steps: IndexedMap<StepRun>; replaced: ReplacedStep[] } {
  const oldById = new Map(state.plan.steps.map((step) => [step.id, step]));
  const steps = new Map<string, StepRun>();
  const replaced = [...state.replaced];
  for (const step of plan.steps) {
    const oldStep = oldById.get(step.id);
    const oldRun = state.steps.get(step.id);
    const made = decide(step, oldStep, oldRun);
    if (made.replaced && oldStep && oldRun) replaced.push({ step: oldStep, status: oldRun.status, replacedInRevision: revision, run: oldRun });
    steps.set(step.id, made.run);
  }
  replaced.push(...dropped(state, plan, revision));
  return { steps: IndexedMap.from(steps), replaced };
}

/** A step an earlier line of the same open revision wrote and that has not run: replacing it again loses nothing. */
function isDraft(run: StepRun, revision: number): boolean {
  return run.revision === revision && run.status === 'pending';
}

/** The steps of `state` that `plan` no longer has, as replaced in `revision` (drafts of the same revision left out). */
function dropped(state: RunState, plan: ValidPlan, revision: number): ReplacedStep[] {
  const kept = new Set(plan.steps.map((step) => step.id));
  const gone: ReplacedStep[] = [];
  for (const oldStep of state.plan.steps) {
    if (kept.has(oldStep.id)) continue;
    const oldRun = state.steps.get(oldStep.id);
    if (oldRun && isDraft(oldRun, revision)) continue;
    gone.push({ step: oldStep, status: oldRun?.status ?? 'pending', replacedInRevision: revision, ...(oldRun ? { run: oldRun } : {}) });
  }
  return gone;
}

/** A new or changed `step` of `plan`: fresh, with the risk named when it would repeat the effect of a step that ended unknown. */
function freshRun(state: RunState, plan: ValidPlan, step: Step, revision: number): StepRun {
  const risk = repeatRisk(state.doubtful, plan, step, stepOutputs(state));
  return risk ? { ...freshStep(revision), rerunRisk: risk } : freshStep(revision);
}

/**
 * An unchanged step that has not finished, starting again: with its approval, or — if it ended unknown, or
 * still carries a risk no start has settled — with the risk named.
 */
function restartUnchanged(plan: ValidPlan, stepId: string, run: StepRun): StepRun {
  if (run.status === 'unknown') return { ...freshStep(run.revision), rerunRisk: unknownRisk(stepReference(plan, stepId)) };
  return { ...freshStep(run.revision, run.approvedKey), ...(run.rerunRisk ? { rerunRisk: run.rerunRisk } : {}) };
}
