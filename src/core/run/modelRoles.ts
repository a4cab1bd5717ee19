// The model roles' ports: what the executor asks of a planner's stream, a re-planner, a step repairer and a
// solver, in the run's own terms. The model-backed roles (planner/, replanner/, solver/) implement them and
// the executor calls them, so neither imports the other; both stand on this file.
import type { PatchOp, PlanPatch } from '../plan/planPatch';
import type { Check } from '../checks/checkSchema';
import type { Step } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import type { FailureRecord, StreamOffset, UsageRecord } from './journalRecords';
import type { RunState } from './runState';

/** A step the re-planner sees as one line: done, running or waiting. */
export interface StepLine {
  readonly id: string;
  readonly tool: string;
  /** The step's main argument, shortened. */
  readonly summary: string;
  readonly status: StepStatus;
}

/** The step that failed or became unknown, with everything known about why. */
export interface BrokenStepEvidence {
  readonly step: Step;
  readonly status: 'failed' | 'unknown';
  readonly attempts: number;
  readonly failure?: FailureRecord;
  readonly checkDetail?: string;
  /** What the workspace says about the failure (a stale find's region, a mistyped path's nearest one). */
  readonly evidence: readonly string[];
}

/**
 * The re-planning request: goal, a one-line list of frozen steps (done or running), the broken step
 * with its evidence, the dependents it invalidated, and the other steps that have not started.
 */
export interface ReplanRequest {
  readonly goal: string;
  readonly revision: number;
  readonly frozen: readonly StepLine[];
  readonly broken: BrokenStepEvidence;
  readonly invalidated: readonly Step[];
  readonly waiting: readonly StepLine[];
}

/** A re-planner's (or a repair's) answer: the patch, and what the calls cost. */
export interface ReplanAnswer {
  readonly patch: PlanPatch;
  readonly usage: readonly UsageRecord[];
}

/** One line of a re-plan's reply as it streams in: its operation, or what is wrong with it; and how far the reply had got. */
export type PatchLine = ({ readonly op: PatchOp } | { readonly problem: string }) & { readonly offset: StreamOffset; /** The reply's line it came from. */ readonly line?: number };

/**
 * Takes a re-plan's patch line by line while the re-planner writes it, so the run applies each line at once
 * (executor/streamedRevision.ts). The re-planner hands it every line, then asks it to judge the whole reply.
 */
export interface PatchLineSink {
  line(line: PatchLine): void;
  /** The reply is complete: the problems of what it added (lines that never applied, the closing gate); none when sound. */
  settle(): Promise<readonly string[]>;
  /** What completing the revision with `patch` applies: its operations no line applied yet, and the held lines it does not write again. */
  remainder(patch: PlanPatch): PlanPatch;
  /** For the repair turn: which lines applied (and what became of their steps), which were held, and how to answer. */
  repairNote(): readonly string[];
  /** What of the reply took effect, in a few words; empty when nothing did. */
  effectNote(): string;
}

/** The problems `patch` would have if it were applied to the run as it stands now; none when it applies. */
export type PatchCheck = (patch: PlanPatch) => readonly string[];

/**
 * Patches a run that hit a failure. The run goes on while it answers, so `check` judges a patch against
 * the run as it is when the answer arrives. A re-planner that fails after spending tokens throws an
 * error with a `usage` field listing them. With a `sink`, the reply's lines go to it as they arrive, and a
 * repair turn's `check` judges only what no streamed line applied.
 */
export interface Replanner {
  replan(request: ReplanRequest, signal: AbortSignal, check: PatchCheck, sink?: PatchLineSink): Promise<ReplanAnswer>;
  /** Patches a run whose steps all ended but whose goal's acceptance checks do not hold (acceptanceReplan.ts). */
  meetAcceptance?(request: AcceptanceReplanRequest, signal: AbortSignal, check: PatchCheck): Promise<ReplanAnswer>;
}

/** A goal's acceptance check that did not hold after the last step: the check and what evaluating it found. */
export interface UnmetAcceptance {
  readonly check: Check;
  readonly detail: string;
}

/** The request to patch a run whose steps ended without meeting the goal: the steps as lines, the unmet checks. */
export interface AcceptanceReplanRequest {
  readonly goal: string;
  readonly revision: number;
  readonly steps: readonly StepLine[];
  readonly unmet: readonly UnmetAcceptance[];
}

/** What a repair call sees: the broken step and its evidence, nothing else. */
export interface RepairRequest {
  readonly broken: BrokenStepEvidence;
  /** Why a local fix may do (the repair rule that let the repair be tried). */
  readonly localFix: string;
}

/** Repairs one broken step with one small call: a patch that replaces it, or an error when it cannot. */
export interface StepRepairer {
  repair(request: RepairRequest, signal: AbortSignal, check: PatchCheck): Promise<ReplanAnswer>;
}

/** Writes the final summary of a finished run. */
export interface Solver {
  summarize(state: RunState, signal: AbortSignal): Promise<{ readonly text: string; readonly usage: readonly UsageRecord[] }>;
}

/** What the planner's stream yields: a completed step (raw, to be gated), a line that is no step, a `done` check, or the call's usage. */
export type PlanStreamItem =
  | { readonly kind: 'step'; readonly step: unknown; readonly offset: StreamOffset }
  | { readonly kind: 'problem'; readonly problems: readonly string[]; readonly offset: StreamOffset }
  | { readonly kind: 'acceptance'; readonly check: Check; readonly offset: StreamOffset }
  | { readonly kind: 'usage'; readonly usage: UsageRecord };
