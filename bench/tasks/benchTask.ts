// The shape of one benchmark task: a fixture workspace, a goal, the ground truth that says the goal was
// reached, and the scripted behaviour of a competent model in both modes — the plan a planner returns,
// and (derived from it) the tool calls a fused agent makes — plus the fault or the lapse injected on some runs.
import { z } from 'zod';
import { CheckSchema } from '../../src/core/checks/checkSchema';
import { PlanSchema, StepIdSchema, StepSchema } from '../../src/core/plan/planSchema';

/** How an injected fault shows: the tool fails, or the tool runs but the step's check fails. */
export const FaultKindSchema = z.enum(['toolFailure', 'failingCheck']);
export type FaultKind = z.infer<typeof FaultKindSchema>;

/** A mistake in the competent model's first attempt at one step, and the corrected step that fixes it. */
export const TaskFaultSchema = z
  .object({
    stepId: StepIdSchema,
    kind: FaultKindSchema,
    /** What went wrong, for reports. */
    description: z.string().min(1),
    /** The step as the re-plan (split) or the recovery turn (fused) issues it; same id as the faulty one. */
    fixed: StepSchema,
  })
  .strict();
export type TaskFault = z.infer<typeof TaskFaultSchema>;

/**
 * A step the competent model leaves out at first, as models do when they answer "done" too soon: the planner's
 * plan (split) and the agent's calls before its first final answer (fused) lack it, so the goal's acceptance
 * checks fail at the end; the re-planner then adds it (split), or the agent, told which check failed, makes the
 * call and answers again (fused).
 */
export const TaskLapseSchema = z
  .object({
    stepId: StepIdSchema,
    /** What was left out, for reports. */
    description: z.string().min(1),
  })
  .strict();
export type TaskLapse = z.infer<typeof TaskLapseSchema>;

/** One generated task. */
export const BenchTaskSchema = z
  .object({
    /** `t007-renameFunction`: index and family, unique in a set. */
    id: z.string().min(1),
    family: z.string().min(1),
    index: z.number().int().nonnegative(),
    goal: z.string().min(1),
    /** The fixture workspace: path → content. */
    files: z.record(z.string(), z.string()),
    /** The files the user has open: shown to the model in the workspace summary (at most five). */
    openFiles: z.array(z.string()).max(5),
    /** Postconditions that hold exactly when the goal was reached; judged on the workspace after the run. */
    groundTruth: z.array(CheckSchema).min(1),
    /** What a competent planner returns (the faulty step included, when there is a fault). */
    plan: PlanSchema,
    fault: TaskFaultSchema.optional(),
    /** The step the model leaves out until a failing acceptance check sends it back (never with a fault). */
    lapse: TaskLapseSchema.optional(),
    /** The worker model's replies to the plan's `generate` steps, in plan order. */
    workerReplies: z.array(z.string()),
    /** The final answer: what the solver (split) or the agent's last turn (fused) says. */
    summary: z.string().min(1),
    /** v2: what the re-planner writes once the plan's first step (the discovery) failed with its evidence. */
    followUp: z.array(StepSchema).optional(),
    /** v2: the fused agent's calls when they are not the plan's (it searches, reads, then edits). */
    agentSteps: z.array(StepSchema).optional(),
    /** v2: the worker's reply (`{"edits": [...]}`) to a proposeEdit of each path. */
    workerEdits: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type BenchTask = z.infer<typeof BenchTaskSchema>;

/** How long a task is: its plan's steps, plus (v2) the re-planner's follow-up; what the step-count bands group by. */
export function taskSteps(task: Pick<BenchTask, 'plan' | 'followUp'>): number {
  return task.plan.steps.length + (task.followUp?.length ?? 0);
}
