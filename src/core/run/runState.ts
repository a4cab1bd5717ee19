// A run's state as a pure fold over its journal records. The executor appends a record, then applies
// it here; a resumed run replays the same records through the same function, so live state and
// rebuilt state cannot drift apart.
import { gateAppendedStep } from '../plan/appendStep';
import { validatePlan, type PlanValidation } from '../plan/validatePlan';
import { formatProblem } from '../plan/planProblem';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import type { FileSnapshot } from '../tools/defineTool';
import type { CostCapPause, FailureRecord, JournalRecord, OutputRecord, RunStatus, UsageRecord } from './journalRecords';
import type { RunMode } from './runMode';
import type { RunOptions } from './runOptions';
import type { AcceptanceEvaluation } from './acceptanceResults';
import { transition } from './stepTransitions';
import { IndexedMap, projectMap, withEntry } from './indexedMap';
import { applyPatch, type PatchOp } from '../plan/planPatch';
import { applyPatchLines, applyRevision, freshStep, openRevision, openRevisionSteps, settleOpenRevision } from './revisionState';
import { repeatRisk, type DoubtfulEffect } from './repeatedEffect';
import { doubtfulAfter, touchesAfter } from './stepRecordEffects';
import { stepOutputs } from './stepOutputs';
import { withApprovedScope, type ScopeState } from './approvedScope';
import { withUndone, type UndoneState } from './undoneRun';

/** One step's part of a run. */
export interface StepRun {
  readonly status: StepStatus;
  readonly attempts: number;
  /** The plan revision that last introduced or changed this step. */
  readonly revision: number;
  readonly output?: OutputRecord;
  readonly failure?: FailureRecord;
  readonly checkDetail?: string;
  /** What the user (or the policy) approved: `approvalKey(tool, args)`; survives a reset for unchanged steps. */
  readonly approvedKey?: string;
  /** The files the step's tool may write, as they were when it last started. */
  readonly before?: readonly FileSnapshot[];
  readonly retriedAfterSettle: boolean;
  /** Why the step is in its status, when something said. */
  readonly reason?: string;
  /**
   * Set when a revision handed back a step that had ended `unknown` unchanged: its effect may already have
   * happened, so it runs again only with the user's explicit approval of this risk. Kept through a reset, a
   * resume and a revision that leaves the step as it is; cleared once it starts.
   */
  readonly rerunRisk?: string;
  /** While the step waits on its sub-plan: the paths of the child steps asked about (`E3/E1`). */
  readonly waitingOn?: readonly string[];
  /** Its files were put back by an undo (undoneRun.ts). */
  readonly undone?: true;
}

/** A step that a re-plan replaced or removed, kept visible until the run ends. */
export interface ReplacedStep {
  readonly step: Step;
  readonly status: StepStatus;
  readonly replacedInRevision: number;
  /** Its run as it stood when it was replaced: attempts, output, check detail and failure. */
  readonly run?: StepRun;
}

/** One start of a step: the files it may write as they were then and, once it ended, as it left them. */
export interface FileTouch {
  readonly stepId: string;
  /** When the step started, on the run's clock. */
  readonly at: number;
  readonly before: readonly FileSnapshot[];
  readonly after?: readonly FileSnapshot[];
}

/** Model usage recorded against a phase of the run. */
export interface PhaseUsage {
  readonly phase: 'plan' | 'execute' | 'replan' | 'solve';
  readonly usage: UsageRecord;
}

/** Everything known about one run. */
export interface RunState extends ScopeState, UndoneState {
  readonly runId: string;
  readonly startedAt: number;
  /** The options the run was started with. */
  readonly options: RunOptions;
  /** What the host recorded to pick the run up again. */
  readonly host?: Readonly<Record<string, unknown>>;
  /** `fused` when the fused agent's loop wrote the run (absent: a plan run). */
  readonly agent?: 'fused';
  /** The fused agent handed the run to the planner: it goes on as a plan run. */
  readonly escalated?: true;
  /** The mode the run's goal was carried out in; absent for a plan given as it is. */
  readonly mode?: RunMode;
  readonly plan: ValidPlan;
  readonly revision: number;
  readonly status: RunStatus;
  readonly statusReason?: string;
  /** Set while the run is paused at its cost cap: what it spent, what the refused call would cost, the cap. */
  readonly costCapPause?: CostCapPause;
  readonly steps: ReadonlyMap<string, StepRun>;
  readonly replaced: readonly ReplacedStep[];
  /** One line per re-plan: which step failed and why. */
  readonly replanReasons: readonly string[];
  readonly usage: readonly PhaseUsage[];
  readonly summary?: string;
  /** Steps repaired once, from the journalled revisions of their repairs: the next break of one goes to the re-planner. */
  readonly repaired?: readonly string[];
  /** The broken step whose recovery (repair or re-plan) is under way, and what broke it. */
  readonly recovering?: { readonly stepId: string; readonly reason: string; readonly kind?: 'repair' | 'replan' };
  /** The effects of the non-idempotent steps that ended unknown, in journal order: a revision's step that repeats one needs the user. */
  readonly doubtful?: readonly DoubtfulEffect[];
  /** Every start of a step, in journal order: what undoing the run puts back. */
  readonly touches?: readonly FileTouch[];
  /** The plan is still being written (streamed planning): steps may still arrive. */
  readonly planOpen?: true;
  /** The open plan is a re-plan's revision whose patch is still arriving (`planOpen` is set too). */
  readonly revisionOpen?: true;
  /** The acceptance checks as evaluated before the first step (`before`) and last after a revision's last step (`after`). */
  readonly acceptance?: { readonly before?: AcceptanceEvaluation; readonly after?: AcceptanceEvaluation };
  /** Why the streamed plan cannot run to its end: steps that failed the gate, the closed plan's problems, a broken stream. */
  readonly planProblems?: readonly string[];
}

/** A journal that cannot be replayed: the message says which record and why. */
export class JournalError extends Error {
  readonly reason = 'journal';
  constructor(message: string) {
    super(message);
    this.name = 'JournalError';
  }
}

function gate(plan: unknown, where: string, open = false): ValidPlan {
  return accepted(validatePlan(plan, { openReferences: open }), where);
}
/** The plan of a gate's `verdict` on a recorded plan; throws `JournalError` when it is invalid. */
function accepted(verdict: PlanValidation, where: string): ValidPlan {
  if (!verdict.ok) throw new JournalError(`${where}: the recorded plan is invalid: ${verdict.problems.map(formatProblem).join('; ')}`);
  return verdict.plan;
}

/** The state after `record`; throws `JournalError` for a record that cannot follow `state`. */
export function applyRecord(state: RunState | undefined, record: JournalRecord): RunState {
  return withUndone(state, record, withApprovedScope(state, record, applyRecordToRun(state, record)));
}

function applyRecordToRun(state: RunState | undefined, record: JournalRecord): RunState {
  if (record.type === 'runStarted') {
    if (state) throw new JournalError('a second runStarted record');
    const plan = gate(record.plan, 'runStarted', record.planOpen);
    return {
      ...(record.planOpen ? { planOpen: true } : {}),
      runId: record.runId,
      startedAt: record.at,
      options: record.options,
      ...(record.host ? { host: record.host } : {}),
      ...(record.agent ? { agent: record.agent } : {}),
      ...(record.mode ? { mode: record.mode } : {}),
      plan,
      revision: plan.revision ?? 0,
      status: 'running',
      steps: IndexedMap.from(plan.steps.map((step) => [step.id, freshStep(plan.revision ?? 0)])),
      replaced: [],
      replanReasons: [],
      usage: [],
    };
  }
  if (!state) throw new JournalError(`a ${record.type} record before runStarted`);
  switch (record.type) {
    case 'step':
      return applyStepRecord(state, record);
    case 'revised': {
      const where = `revision ${record.revision}`;
      const revised = record.planOpen
        ? openRevision(state, gate(record.plan, where, true), record.revision, record.reason, record.patched ?? [])
        : applyRevision(state, gate(record.plan, where), record.revision, record.reason);
      const handedOver: RunState = record.escalated ? { ...revised, escalated: true } : revised;
      return record.repaired && record.failedStepId ? { ...handedOver, repaired: [...(state.repaired ?? []), record.failedStepId] } : handedOver;
    }
    case 'runStatus': {
      const { costCapPause: _costCapPause, ...rest } = withoutRecovery(state, record.status === 'running');
      return { ...rest, status: record.status, statusReason: record.reason, ...(record.costCap ? { costCapPause: record.costCap } : {}) };
    }
    case 'retitled':
      return { ...state, plan: gate({ ...state.plan, steps: state.plan.steps.map((step) => (record.titles[step.id] === undefined ? step : { ...step, title: record.titles[step.id] })) }, 'retitled') };
    case 'recovery':
      return record.phase === 'started' ? { ...state, recovering: { stepId: record.stepId, reason: record.reason, ...(record.kind ? { kind: record.kind } : {}) } } : withoutRecovery(state);
    case 'usage':
      return { ...state, usage: [...state.usage, { phase: record.phase, usage: record.usage }] };
    case 'summary':
      return { ...state, summary: record.text };
    case 'undone':
      return state;
    case 'stepAdded':
      return applyStepAdded(state, record.step);
    case 'stepRejected':
      return { ...state, planProblems: [...(state.planProblems ?? []), ...record.problems] };
    case 'patchLines':
      return applyPatchLinesRecord(state, record.ops as PatchOp[]);
    case 'planClosed':
      return closePlan(state, record.problems ?? [], record.acceptance);
    case 'acceptance':
      return { ...state, acceptance: { ...state.acceptance, [record.phase]: { revision: record.revision, results: record.results } } };
  }
}

/** `state` without a recovery under way (unless `keep`). */
function withoutRecovery(state: RunState, keep = false): RunState {
  if (keep || !state.recovering) return state;
  const { recovering: _recovering, ...rest } = state;
  return rest;
}

/**
 * Ends a streamed plan or an open revision: without problems, the whole plan passes the gate again, now with
 * every reference closed, and a revision's untouched broken steps restart. With problems, nothing restarts.
 */
function closePlan(state: RunState, problems: readonly string[], acceptance?: readonly unknown[]): RunState {
  const { planOpen: _open, ...closed } = state;
  if (problems.length > 0) {
    const { revisionOpen: _revising, ...stopped } = closed;
    return { ...stopped, planProblems: [...(state.planProblems ?? []), ...problems] };
  }
  const gated = { ...closed, plan: gate(acceptance ? { ...state.plan, acceptance } : state.plan, 'planClosed') };
  return state.revisionOpen ? settleOpenRevision(gated) : gated;
}

/** More lines of the open revision's patch, through the same patch rules and gate as when they were written. */
function applyPatchLinesRecord(state: RunState, ops: readonly PatchOp[]): RunState {
  if (!state.revisionOpen) throw new JournalError('a patchLines record with no re-plan open');
  for (const [index, op] of ops.entries()) {
    const step = (op as { step?: unknown }).step;
    if (op.op !== 'drop' && (typeof step !== 'object' || step === null || typeof (step as { id?: unknown }).id !== 'string')) {
      throw new JournalError(`patchLines: ops[${index}] has no step with an id`);
    }
  }
  const verdict = applyPatch(state.plan, statusById(state), ops, { openReferences: true, revision: state.revision, earlierLines: openRevisionSteps(state) });
  if (!verdict.ok) throw new JournalError(`patchLines: the patch does not apply: ${verdict.problems.map(formatProblem).join('; ')}`);
  return applyPatchLines(state, verdict.plan, ops);
}

/**
 * Appends a step to the plan (a fused action, a streamed step); the grown plan goes through the gate again. A
 * step that would repeat the effect of one that ended unknown carries the risk, so it waits for the user.
 */
function applyStepAdded(state: RunState, step: unknown): RunState {
  const plan = accepted(gateAppendedStep(state.plan, step, { openReferences: state.planOpen === true }), 'stepAdded');
  const added = plan.steps[plan.steps.length - 1]!;
  const risk = state.doubtful?.length ? repeatRisk(state.doubtful, plan, added, stepOutputs(state)) : undefined;
  const steps = withEntry(state.steps, added.id, risk ? { ...freshStep(state.revision), rerunRisk: risk } : freshStep(state.revision));
  return { ...state, plan, steps };
}

function applyStepRecord(state: RunState, record: Extract<JournalRecord, { type: 'step' }>): RunState {
  const current = state.steps.get(record.stepId);
  if (!current) throw new JournalError(`step record for unknown step "${record.stepId}"`);
  const to = transition(current.status, record.event);
  if (to !== record.to) {
    throw new JournalError(`step ${record.stepId}: "${record.event}" cannot move it from ${current.status} to ${record.to}`);
  }
  const starting = record.event === 'start';
  const attempting = starting || record.event === 'retry';
  // The risk of a repeat is settled only once the step starts: a start needs the user's answer (or the setting
  // that allows the repeat). A reset (a resumed run asking again, a reopen, a retry) keeps it, so it is asked again.
  const { rerunRisk, ...rest } = current;
  const next: StepRun = {
    ...rest,
    ...(rerunRisk && !starting ? { rerunRisk } : {}),
    status: to,
    attempts: current.attempts + (attempting ? 1 : 0),
    reason: record.reason,
    output: starting ? undefined : (record.output ?? current.output),
    failure: starting || to === 'succeeded' ? undefined : (record.failure ?? current.failure),
    checkDetail: starting ? undefined : (record.checkDetail ?? current.checkDetail),
    approvedKey: record.approvedKey ?? current.approvedKey,
    before: record.before ?? current.before,
    retriedAfterSettle: record.retriedAfterSettle ?? current.retriedAfterSettle,
    waitingOn: record.waitingOn,
  };
  const steps = withEntry(state.steps, record.stepId, next);
  return { ...state, steps, ...touchesAfter(state, record), ...doubtfulAfter(state, record) };
}

/** Replays a whole journal. */
export function replayJournal(records: readonly JournalRecord[]): RunState {
  let state: RunState | undefined;
  for (const record of records) state = applyRecord(state, record);
  if (!state) throw new JournalError('the journal is empty');
  return state;
}

/** Status by step id, the shape the plan graph helpers read: a view, so it costs nothing to make. */
export function statusById(state: RunState): ReadonlyMap<string, StepStatus> {
  return projectMap(state.steps, (run) => run.status);
}

