// How a run behaves — parallelism, re-planning budget, retry limits, tool limits, approval settings, who
// writes the summary — as a schema, because the options are journalled with the run: a resumed run keeps
// the settings it was started with unless the host overrides them.
import { z } from 'zod';
import { DEFAULT_TOOL_LIMITS } from '../tools/defineTool';
import { DEFAULT_RETRY_LIMITS } from './retryPolicy';

/** What runs without asking: nothing, read-only steps, read-only steps and idempotent file writes, or all (headless runs only). */
export const AutoApproveSchema = z.enum(['none', 'readOnly', 'readOnlyAndIdempotentFileEdits', 'all']);

/** What runs without asking. */
export type AutoApprove = z.infer<typeof AutoApproveSchema>;

/** What runs without asking unless the user says otherwise: read-only steps. */
export const DEFAULT_AUTO_APPROVE = 'readOnly' satisfies AutoApprove;

/** Who writes a succeeded run's summary: Planwright from the run (`plain`, the default) or the solver model (`model`). */
export const SummaryModeSchema = z.enum(['plain', 'model']);

/** Who writes a succeeded run's summary. */
export type SummaryMode = z.infer<typeof SummaryModeSchema>;

/** A cost cap in US dollars: a finite amount above zero. */
export const MaxCostSchema = z.number().finite().positive();

/** The cost cap a run is started with (cost/costCap.ts enforces it), journalled so a resume keeps it unless raised. */
export const CostCapSchema = z.object({
  maxCost: MaxCostSchema,
  /** Calls of models without a price are let through uncounted (otherwise the run refuses to start). */
  allowUnpriced: z.boolean().optional(),
});
/** The cost cap a run is started with. */
export type CostCap = z.infer<typeof CostCapSchema>;

/** The options of a run, as journalled in `runStarted`. */
export const RunOptionsSchema = z.object({
  maxParallel: z.number().int().positive(),
  /** Steps waiting on the worker model at once, besides `maxParallel`'s; absent in journals written before it existed. */
  maxModelCalls: z.number().int().positive().optional(),
  maxReplans: z.number().int().nonnegative(),
  retry: z.object({ maxRetries: z.number().int().nonnegative(), baseDelayMs: z.number().nonnegative() }),
  limits: z.object({
    commandTimeoutMs: z.number().int().positive(),
    maxOutputBytes: z.number().int().positive(),
    maxSearchResults: z.number().int().positive(),
    maxListedFiles: z.number().int().positive(),
    /** Absent in journals written before the limit existed. */
    maxReadBytes: z.number().int().positive().default(DEFAULT_TOOL_LIMITS.maxReadBytes),
  }),
  approval: z.object({
    autoApprove: AutoApproveSchema,
    approvedCommands: z.array(z.string()),
    rerunUnknown: z.boolean().optional(),
    /** A step that widens the approved scope may run under the auto-approve setting instead of waiting (planScope.ts). */
    allowScopeGrowth: z.boolean().optional(),
  }),
  /** Absent means `plain`; the rule is `summarySource` in runSummary.ts. */
  summary: SummaryModeSchema.optional(),
  /** The most the run's priced model calls may spend; absent: no cap (costCap.ts). */
  costCap: CostCapSchema.optional(),
});

/** How a run behaves. */
export type RunOptions = z.infer<typeof RunOptionsSchema>;

/** Worker-model steps at once when a run's options do not say: they wait on the network, not this machine. */
export const DEFAULT_MAX_MODEL_CALLS = 8;

/** Four local steps and eight worker-model steps at once, three re-plans, two retries, read-only steps approved automatically. */
export const DEFAULT_RUN_OPTIONS: RunOptions = {
  maxParallel: 4,
  maxModelCalls: DEFAULT_MAX_MODEL_CALLS,
  maxReplans: 3,
  retry: { ...DEFAULT_RETRY_LIMITS },
  limits: { ...DEFAULT_TOOL_LIMITS },
  approval: { autoApprove: DEFAULT_AUTO_APPROVE, approvedCommands: [] },
};
