// A run's state as a pure fold over its journal records. The executor appends a record, then applies
// it here; a resumed run replays the same records through the same function, so live state and
// rebuilt state cannot drift apart.
import { validatePlan } from '../plan/validatePlan';
import { formatProblem } from '../plan/planProblem';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import type { FileSnapshot } from '../tools/defineTool';
import type { FailureRecord, JournalRecord, OutputRecord, RunStatus, UsageRecord } from './journalRecords';
import type { RunOptions } from './runOptions';
import { FROZEN_STATUSES, transition } from './stepTransitions';
import { canonicalJson } from '../text/canonicalJson';
import { IndexedMap, projectMap, withEntry } from './indexedMap';
import { stepReference } from '../plan/stepNumbers';

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
   * happened, so it runs again only with the user's explicit approval of this risk. Cleared once it starts.
   */
  readonly rerunRisk?: string;
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
export interface RunState {
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
  readonly plan: ValidPlan;
  readonly revision: number;
  readonly status: RunStatus;
  readonly statusReason?: string;
  readonly steps: ReadonlyMap<string, StepRun>;
  readonly replaced: readonly ReplacedStep[];
  /** One line per re-plan: which step failed and why. */
  readonly replanReasons: readonly string[];
  readonly usage: readonly PhaseUsage[];
  readonly summary?: string;
  /** Steps repaired once, from the journalled revisions of their repairs: the next break of one goes to the re-planner. */
  readonly repaired?: readonly string[];
  /** The broken step whose recovery (repair or re-plan) is under way, and what broke it. */
  readonly recovering?: { readonly stepId: string; readonly reason: string };
  /** Every start of a step, in journal order: what undoing the run puts back. */
  readonly touches?: readonly FileTouch[];
  /** The plan is still being written (streamed planning): steps may still arrive. */
  readonly planOpen?: true;
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

function freshStep(revision: number, approvedKey?: string): StepRun {
  return { status: 'pending', attempts: 0, revision, retriedAfterSettle: false, ...(approvedKey ? { approvedKey } : {}) };
}

function gate(plan: unknown, where: string, open = false): ValidPlan {
  const verdict = validatePlan(plan, { openReferences: open });
  if (!verdict.ok) throw new JournalError(`${where}: the recorded plan is invalid: ${verdict.problems.map(formatProblem).join('; ')}`);
  return verdict.plan;
}

/** The state after `record`; throws `JournalError` for a record that cannot follow `state`. */
export function applyRecord(state: RunState | undefined, record: JournalRecord): RunState {
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
      const revised = applyRevision(state, gate(record.plan, `revision ${record.revision}`), record.revision, record.reason);
      const handedOver: RunState = record.escalated ? { ...revised, escalated: true } : revised;
      return record.repaired && record.failedStepId ? { ...handedOver, repaired: [...(state.repaired ?? []), record.failedStepId] } : handedOver;
    }
    case 'runStatus':
      return { ...withoutRecovery(state, record.status === 'running'), status: record.status, statusReason: record.reason };
    case 'retitled':
      return { ...state, plan: gate({ ...state.plan, steps: state.plan.steps.map((step) => (record.titles[step.id] === undefined ? step : { ...step, title: record.titles[step.id] })) }, 'retitled') };
    case 'recovery':
      return record.phase === 'started' ? { ...state, recovering: { stepId: record.stepId, reason: record.reason } } : withoutRecovery(state);
    case 'usage':
      return { ...state, usage: [...state.usage, { phase: record.phase, usage: record.usage }] };
    case 'summary':
      return { ...state, summary: record.text };
    case 'stepAdded':
      return applyStepAdded(state, record.step);
    case 'stepRejected':
      return { ...state, planProblems: [...(state.planProblems ?? []), ...record.problems] };
    case 'planClosed':
      return closePlan(state, record.problems ?? []);
  }
}

/** `state` without a recovery under way (unless `keep`). */
function withoutRecovery(state: RunState, keep = false): RunState {
  if (keep || !state.recovering) return state;
  const { recovering: _recovering, ...rest } = state;
  return rest;
}

/** Ends a streamed plan: without problems, the whole plan passes the gate again, now with every reference closed. */
function closePlan(state: RunState, problems: readonly string[]): RunState {
  const { planOpen: _open, ...closed } = state;
  if (problems.length > 0) return { ...closed, planProblems: [...(state.planProblems ?? []), ...problems] };
  return { ...closed, plan: gate(state.plan, 'planClosed') };
}

/** Appends a step to the plan (a fused action, a streamed step); the grown plan goes through the gate again. */
function applyStepAdded(state: RunState, step: unknown): RunState {
  const plan = gate({ ...state.plan, steps: [...state.plan.steps, step] }, 'stepAdded', state.planOpen);
  const added = plan.steps[plan.steps.length - 1]!;
  const steps = withEntry(state.steps, added.id, freshStep(state.revision));
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
  // The risk of a repeat is settled once the step starts (it was approved) or the user asked for it again.
  const { rerunRisk, ...rest } = current;
  const next: StepRun = {
    ...rest,
    ...(rerunRisk && !starting && record.event !== 'reset' ? { rerunRisk } : {}),
    status: to,
    attempts: current.attempts + (attempting ? 1 : 0),
    reason: record.reason,
    output: starting ? undefined : (record.output ?? current.output),
    failure: starting || to === 'succeeded' ? undefined : (record.failure ?? current.failure),
    checkDetail: starting ? undefined : (record.checkDetail ?? current.checkDetail),
    approvedKey: record.approvedKey ?? current.approvedKey,
    before: record.before ?? current.before,
    retriedAfterSettle: record.retriedAfterSettle ?? current.retriedAfterSettle,
  };
  const steps = withEntry(state.steps, record.stepId, next);
  return { ...state, steps, ...touchesAfter(state, record) };
}

/** The run's touches after `record`: a start adds one, an end with snapshots completes the step's last. */
function touchesAfter(state: RunState, record: Extract<JournalRecord, { type: 'step' }>): Pick<RunState, 'touches'> {
  const touches = state.touches ?? [];
  if (record.event === 'start') return { touches: [...touches, { stepId: record.stepId, at: record.at, before: record.before ?? [] }] };
  if (!record.after) return state.touches ? { touches } : {};
  let index = touches.length - 1;
  while (index >= 0 && touches[index]!.stepId !== record.stepId) index--;
  if (index === -1) return state.touches ? { touches } : {};
  const next = [...touches];
  next[index] = { ...touches[index]!, after: record.after };
  return { touches: next };
}

/**
 * Applies a re-plan: succeeded, skipped and running steps stay as they are; a step whose content is unchanged
 * keeps its approval but starts again from pending; new or changed steps start fresh (and need approval
 * again); steps that disappeared, or were replaced by a changed version, are kept as `replaced`.
 */
function applyRevision(state: RunState, plan: ValidPlan, revision: number, reason: string): RunState {
  const oldById = new Map(state.plan.steps.map((step) => [step.id, step]));
  const steps = new Map<string, StepRun>();
  const replaced = [...state.replaced];
  for (const step of plan.steps) {
    const oldStep = oldById.get(step.id);
    const oldRun = state.steps.get(step.id);
    if (oldStep && oldRun && canonicalJson(oldStep) === canonicalJson(step)) {
      // A running step is left to finish: a revision made while it runs (a patch) cannot change it.
      if (FROZEN_STATUSES.has(oldRun.status) || oldRun.status === 'running') steps.set(step.id, oldRun);
      else if (oldRun.status === 'unknown') steps.set(step.id, { ...freshStep(oldRun.revision), rerunRisk: rerunRiskOf(plan, step.id) });
      else steps.set(step.id, freshStep(oldRun.revision, oldRun.approvedKey));
    } else {
      if (oldStep && oldRun) replaced.push({ step: oldStep, status: oldRun.status, replacedInRevision: revision, run: oldRun });
      steps.set(step.id, freshStep(revision));
    }
  }
  const kept = new Set(plan.steps.map((step) => step.id));
  for (const oldStep of state.plan.steps) {
    if (!kept.has(oldStep.id)) {
      const oldRun = state.steps.get(oldStep.id);
      replaced.push({ step: oldStep, status: oldRun?.status ?? 'pending', replacedInRevision: revision, ...(oldRun ? { run: oldRun } : {}) });
    }
  }
  // A revision is a whole plan: it closes a streamed plan and leaves its problems behind.
  const { planOpen: _open, planProblems: _problems, recovering: _recovering, ...rest } = state;
  return { ...rest, plan, revision, steps: IndexedMap.from(steps), replaced, replanReasons: [...state.replanReasons, reason], status: 'running' };
}

/** What running again a step that ended unknown risks, in words for the approval prompt. */
function rerunRiskOf(plan: ValidPlan, stepId: string): string {
  return `${stepReference(plan, stepId)} ended unknown: its effect may already have happened, and running it again may repeat it`;
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

/** The outputs of succeeded steps by id, for `#<id>` references: a view, like `statusById`. */
export function stepOutputs(state: RunState): ReadonlyMap<string, string> {
  return projectMap(state.steps, (run) => (run.status === 'succeeded' ? run.output?.text : undefined));
}
