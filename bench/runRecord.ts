// What one run of one task in one mode leaves for the report: whether the ground truth holds, what the
// model calls cost in tokens (and the prefix marks the prompt-cache model compares across calls and
// runs), and the timed spans the latency replay needs. Written to the JSON result, so it has a schema.
import { z } from 'zod';
import { RunModeSchema } from '../src/core/run/runMode';
import { ArmNameSchema } from './benchArms';

/** Where a cached prompt prefix may end: prompt tokens up to there, and a hash of everything up to there. */
export const PrefixMarkSchema = z.object({ hash: z.string(), tokens: z.number().int().nonnegative() });

/** One model call of a run: its billed tokens, its prefix marks, and when it ran. */
export const ModelCallRecordSchema = z.object({
  role: z.string(),
  /** The model the endpoint says answered (the scripted endpoint names its role). */
  model: z.string(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  /** Cached prompt tokens as the endpoint reported them (a real endpoint; 0 from the scripted one). */
  reportedCachedTokens: z.number().int().nonnegative(),
  /** The usage was counted locally, not reported by the endpoint. */
  estimated: z.boolean(),
  /** The request's cacheable prefix: after the tool specs, the response format, and each message. */
  prefix: z.array(PrefixMarkSchema),
  start: z.number(),
  end: z.number(),
});
export type ModelCallRecord = z.infer<typeof ModelCallRecordSchema>;

/** When one step ran, from its start record to the record that ended it. */
export const StepSpanSchema = z.object({ id: z.string(), start: z.number(), end: z.number() });

/** A step dispatched while the planner's reply was still streaming: the call, and how far its reply had got. */
export const StreamedStepSchema = z.object({
  stepId: z.string(),
  /** Index into the run's calls of the planning call whose reply held the step. */
  call: z.number().int().nonnegative(),
  /** Completion tokens of the reply up to the end of the step's line. */
  completionTokens: z.number().int().nonnegative(),
  /** When the step's line was parsed, on the run's clock. */
  at: z.number(),
});
export type StreamedStep = z.infer<typeof StreamedStepSchema>;

/** One task run in one arm. */
export const RunRecordSchema = z.object({
  /** The task set the task belongs to (`v1`, ...). */
  set: z.string(),
  taskId: z.string(),
  family: z.string(),
  arm: ArmNameSchema,
  mode: RunModeSchema,
  faulted: z.boolean(),
  /** The model first left out a step the goal needs (an injected lapse); absent in records made before lapses. */
  lapsed: z.boolean().default(false),
  /** Times the goal's acceptance checks failed after the last step (split: a re-plan; fused: the answer refused). */
  unmetAtEnd: z.number().int().nonnegative().default(0),
  /** How long the task is: the competent plan's steps, plus (v2) the re-planner's follow-up (`taskSteps`). */
  planSteps: z.number().int().positive(),
  /** The run's own status (succeeded, failed, ...). */
  status: z.string(),
  /** The ground truth holds in the workspace after the run. */
  completed: z.boolean(),
  escalated: z.boolean(),
  /** The design `auto` chose up front (absent for the other arms). */
  design: z.enum(['split', 'fused']).optional(),
  /** Re-plans (split, or auto after escalating). */
  replans: z.number().int().nonnegative(),
  /** Fused turns that followed a failed action (recovery turns). */
  recoveries: z.number().int().nonnegative(),
  stepsRun: z.number().int().nonnegative(),
  /** In the order they started. */
  calls: z.array(ModelCallRecordSchema),
  steps: z.array(StepSpanSchema),
  streamedSteps: z.array(StreamedStepSchema),
  runStart: z.number(),
  runEnd: z.number(),
  error: z.string().optional(),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;
