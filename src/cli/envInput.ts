// The environment variables the CLI reads, each checked once against its meaning and range (zod) before a
// command does anything: a bad value is one line naming the variable, what was given and what is allowed,
// and the command ends with exit 2 before any model call or file write. A variable set to nothing is a
// mistake to point out, never a silent default.
import { z } from 'zod';
import type { PlanFormat } from '../core/ports';
import { DEFAULT_MODEL_TIMEOUT_SECONDS, ModelTimeoutSecondsSchema } from '../core/run/modelTimeout';
import { PlanFormatSchema } from '../core/run/planFormat';

/** The environment variables that configure models. The API key is passed on as a value, never printed. */
export const MODEL_ENV = {
  baseUrl: 'PLANWRIGHT_BASE_URL',
  apiKey: 'PLANWRIGHT_API_KEY',
  apiKeyFallback: 'OPENAI_API_KEY',
  model: 'PLANWRIGHT_MODEL',
  plannerModel: 'PLANWRIGHT_PLANNER_MODEL',
  workerModel: 'PLANWRIGHT_WORKER_MODEL',
  /** `off` leaves the workspace's rules files (AGENTS.md, …) out of the prompts, as `--no-project-rules` does. */
  projectRules: 'PLANWRIGHT_PROJECT_RULES',
  /** `json` asks the planner for the small JSON form under a structured-output schema; `compact` (the default) for the plan language. */
  planFormat: 'PLANWRIGHT_PLAN_FORMAT',
  /** Seconds an endpoint may stay silent before an attempt is given up (120 by default). */
  timeout: 'PLANWRIGHT_MODEL_TIMEOUT',
} as const;

/** What the environment configures, every value checked. */
export interface EnvSettings {
  /** The API root; absent when no model is configured. */
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly plannerModel?: string;
  readonly workerModel?: string;
  readonly planFormat: PlanFormat;
  readonly timeoutMs: number;
  /** Whether prompts include the workspace's rules files. */
  readonly projectRules: boolean;
}

const HttpUrlSchema = z.string().refine((text) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
});
const ModelNameSchema = z.string().regex(/^\S+$/);
const ProjectRulesSchema = z.enum(['on', 'off', 'true', 'false', '1', '0']);
const TimeoutSchema = z
  .string()
  .regex(/^\d+$/)
  .transform(Number)
  .pipe(ModelTimeoutSecondsSchema);

/** One variable: its schema, and what it allows in the words of an error message. */
interface EnvRule {
  readonly schema: z.ZodType;
  readonly allowed: string;
}

const RULES: Readonly<Record<string, EnvRule>> = {
  [MODEL_ENV.baseUrl]: { schema: HttpUrlSchema, allowed: 'an http:// or https:// URL of the API root (such as http://127.0.0.1:11434/v1)' },
  [MODEL_ENV.model]: { schema: ModelNameSchema, allowed: 'a model name without spaces' },
  [MODEL_ENV.plannerModel]: { schema: ModelNameSchema, allowed: 'a model name without spaces' },
  [MODEL_ENV.workerModel]: { schema: ModelNameSchema, allowed: 'a model name without spaces' },
  [MODEL_ENV.planFormat]: { schema: PlanFormatSchema, allowed: PlanFormatSchema.options.join(' or ') },
  [MODEL_ENV.timeout]: { schema: TimeoutSchema, allowed: `whole seconds from ${ModelTimeoutSecondsSchema.minValue} to ${ModelTimeoutSecondsSchema.maxValue}` },
  [MODEL_ENV.projectRules]: { schema: ProjectRulesSchema, allowed: 'on or off' },
};

/** The variables `readEnvSettings` checks, in the order it checks them. */
export const CHECKED_ENV: readonly string[] = Object.keys(RULES);

/** The value of `name` checked against its rule: undefined when unset, or the one-line error. */
function checked(env: Readonly<Record<string, string | undefined>>, name: string): { readonly value?: unknown } | { readonly error: string } {
  const raw = env[name];
  if (raw === undefined) return {};
  const rule = RULES[name]!;
  const given = raw.trim();
  if (given.length === 0) return { error: `${name} is set but empty: give ${rule.allowed}, or unset it` };
  const parsed = rule.schema.safeParse(name === MODEL_ENV.projectRules || name === MODEL_ENV.planFormat ? given.toLowerCase() : given);
  if (parsed.success) return { value: parsed.data };
  return { error: `${name} must be ${rule.allowed}, not ${JSON.stringify(given.slice(0, 60))}` };
}

/** The environment's settings, or the first variable that is wrong in one line. */
export function readEnvSettings(env: Readonly<Record<string, string | undefined>>): { readonly settings: EnvSettings } | { readonly error: string } {
  const values = new Map<string, unknown>();
  for (const name of CHECKED_ENV) {
    const result = checked(env, name);
    if ('error' in result) return result;
    if (result.value !== undefined) values.set(name, result.value);
  }
  const baseUrl = values.get(MODEL_ENV.baseUrl) as string | undefined;
  const shared = values.get(MODEL_ENV.model) as string | undefined;
  const plannerModel = (values.get(MODEL_ENV.plannerModel) as string | undefined) ?? shared;
  const workerModel = (values.get(MODEL_ENV.workerModel) as string | undefined) ?? shared;
  if (baseUrl !== undefined && (plannerModel === undefined || workerModel === undefined)) {
    const missing = plannerModel === undefined ? MODEL_ENV.plannerModel : MODEL_ENV.workerModel;
    return { error: `${MODEL_ENV.model} is not set: with ${MODEL_ENV.baseUrl} set, name the model in ${MODEL_ENV.model} (or ${missing})` };
  }
  const apiKey = env[MODEL_ENV.apiKey] || env[MODEL_ENV.apiKeyFallback] || undefined;
  const rules = values.get(MODEL_ENV.projectRules) as string | undefined;
  return {
    settings: {
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      ...(apiKey !== undefined ? { apiKey } : {}),
      ...(plannerModel !== undefined ? { plannerModel } : {}),
      ...(workerModel !== undefined ? { workerModel } : {}),
      planFormat: (values.get(MODEL_ENV.planFormat) as PlanFormat | undefined) ?? 'compact',
      timeoutMs: ((values.get(MODEL_ENV.timeout) as number | undefined) ?? DEFAULT_MODEL_TIMEOUT_SECONDS) * 1000,
      projectRules: rules === undefined || ['on', 'true', '1'].includes(rules),
    },
  };
}
