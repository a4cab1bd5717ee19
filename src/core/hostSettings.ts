// The editor's `planwright.*` settings as one schema with defaults, and the pure rules for reading them:
// an invalid value falls back to its default with a warning that names the setting; the settings that
// could hand a workspace the user's API key or approvals (baseUrl, approvedCommands) are taken from the
// user's own settings only; a workspace may make autoApprove stricter, never looser. The VS Code reader
// (src/vscode/settings.ts) gathers the raw values; package.json's contributes.configuration describes
// the same keys, checked against this schema by test/unit/vscodeAdapters/settingsManifest.test.ts. A renamed
// setting is read under its old key too (renamedSettings.ts).
import { z } from 'zod';
import { AutoApproveSchema, DEFAULT_AUTO_APPROVE, DEFAULT_MAX_MODEL_CALLS, DEFAULT_RUN_OPTIONS, MaxCostSchema, SummaryModeSchema, type RunOptions } from './run/runOptions';
import { ModelPricesSchema } from './cost/modelPrices';
import { RunModeSchema } from './run/runMode';
import { PlanFormatSchema } from './run/planFormat';
import { DEFAULT_MODEL_TIMEOUT_SECONDS, ModelTimeoutSecondsSchema } from './run/modelTimeout';
import { McpServersSchema } from './mcp/mcpServerConfig';
import { DEFAULT_TOOL_LIMITS } from './tools/defineTool';
import { levelsUnderEitherName, type OldSettingKey } from './renamedSettings';

/** The configuration section every key lives under. */
export const SETTINGS_SECTION = 'planwright';

/** Where model calls go: any OpenAI-compatible endpoint, or the editor's Language Model API. */
export const ProviderSchema = z.enum(['openai-compatible', 'vscode-lm']);

/** What runs without asking. `all` exists in core for headless runs but is not offered as a setting. */
export const SettingsAutoApproveSchema = AutoApproveSchema.exclude(['all']);
export type SettingsAutoApprove = z.infer<typeof SettingsAutoApproveSchema>;

const trimmed = z.string().trim();

/** Every `planwright.*` setting, with its valid range and its default. */
export const HostSettingsSchema = z.object({
  provider: ProviderSchema.default('openai-compatible'),
  baseUrl: trimmed.default(''),
  plannerModel: trimmed.default(''),
  workerModel: trimmed.default(''),
  languageModelVendor: trimmed.default(''),
  languageModelFamily: trimmed.default(''),
  maxParallel: z.number().int().min(1).max(16).default(DEFAULT_RUN_OPTIONS.maxParallel),
  maxModelCalls: z.number().int().min(1).max(32).default(DEFAULT_MAX_MODEL_CALLS),
  maxRetries: z.number().int().min(0).max(10).default(DEFAULT_RUN_OPTIONS.retry.maxRetries),
  maxReplans: z.number().int().min(0).max(20).default(DEFAULT_RUN_OPTIONS.maxReplans),
  autoApprove: SettingsAutoApproveSchema.default(DEFAULT_AUTO_APPROVE),
  // Exact command lines; no trimming, since approval is for exactly the string that runs.
  approvedCommands: z.array(z.string().min(1)).default(() => []),
  // A step that widens the approved scope waits for the user unless this says otherwise (scopeGrowth.ts).
  allowScopeGrowth: z.boolean().default(false),
  commandTimeoutMs: z.number().int().min(1_000).max(3_600_000).default(DEFAULT_TOOL_LIMITS.commandTimeoutMs),
  maxReadBytes: z.number().int().min(64 * 1024).max(1024 ** 3).default(DEFAULT_TOOL_LIMITS.maxReadBytes),
  maxOutputBytes: z.number().int().min(1024).max(64 * 1024 * 1024).default(DEFAULT_TOOL_LIMITS.maxOutputBytes),
  mode: RunModeSchema.default('split'),
  // The compact plan language suits most models; `json` is for endpoints that follow a schema better than free text.
  planFormat: PlanFormatSchema.default('compact'),
  // A local model on a CPU may need minutes for its first token; an OpenAI-compatible endpoint's silence is cut off after this.
  modelTimeoutSeconds: ModelTimeoutSecondsSchema.default(DEFAULT_MODEL_TIMEOUT_SECONDS),
  // Planwright writes a succeeded run's summary itself; `model` asks the worker model for one (a call at the run's end).
  summary: SummaryModeSchema.default('plain'),
  projectRules: z.boolean().default(true),
  // The user's MCP servers, in mcp.json's shape; a workspace's own come from its .vscode/mcp.json, approved one by one.
  mcpServers: McpServersSchema.default(() => ({})),
  // Empty unless the user enters prices: none are built in, so nothing shows a cost nobody stated.
  prices: ModelPricesSchema.default(() => ({})),
  // No cap unless the user sets one: a run pauses before a model call that would take its priced spend past it.
  maxCost: MaxCostSchema.nullable().default(null),
  // With a cap, a model without a price refuses the run unless the user lets its calls through uncounted.
  allowUnpricedModels: z.boolean().default(false),
  // `worktree`: a new run works in a git worktree of its own and touches the workspace only when the user applies it.
  isolation: z.enum(['none', 'worktree']).default('none'),
});

/** The settings as the extension uses them: every key present and valid. */
export type HostSettings = z.infer<typeof HostSettingsSchema>;
export type HostSettingKey = keyof HostSettings;

/** The keys, in the order of the schema. */
export const HOST_SETTING_KEYS = Object.keys(HostSettingsSchema.shape) as HostSettingKey[];

/**
 * Settings read from user settings only. A workspace (a cloned repository) setting `baseUrl` could send
 * the user's API key to its own server; one setting `approvedCommands` could approve its own commands (and one
 * setting `allowScopeGrowth` could let its re-plans widen what you approved);
 * one setting `mcpServers` could start any program.
 */
export const USER_ONLY_SETTINGS: ReadonlySet<HostSettingKey> = new Set<HostSettingKey>(['baseUrl', 'approvedCommands', 'allowScopeGrowth', 'mcpServers', 'allowUnpricedModels']);

/** What a workspace could do if it could set a user-only setting. */
const USER_ONLY_RISK: Readonly<Partial<Record<HostSettingKey, string>>> = {
  baseUrl: 'send your API key to another server',
  approvedCommands: 'approve its own commands',
  allowScopeGrowth: 'let its plans change files and run commands you never approved without asking',
  mcpServers: 'start programs of its choosing (its .vscode/mcp.json servers start only once you approve each)',
  allowUnpricedModels: 'let calls of models without a price past your cost cap',
};

/** Looser values come later: a workspace value is used only when it comes no later than the user's. */
const AUTO_APPROVE_ORDER: readonly SettingsAutoApprove[] = SettingsAutoApproveSchema.options;

/** Every default, as the schema gives it. */
export function defaultHostSettings(): HostSettings {
  return HostSettingsSchema.parse({});
}

/**
 * The values of one setting at each level, as VS Code's `inspect()` reports them, plus `effective`,
 * the value VS Code itself resolved (`get()`), which covers levels `inspect()` does not break out.
 */
export interface SettingLevels {
  readonly effective?: unknown;
  readonly user?: unknown;
  readonly workspace?: unknown;
  readonly folder?: unknown;
}

/** The settings, and one warning per value that was not used as written. */
export interface ResolvedHostSettings {
  readonly settings: HostSettings;
  readonly warnings: readonly string[];
}

/** Resolves every setting from its levels (a renamed one's old key among them); never throws. */
export function resolveHostSettings(levels: Readonly<Partial<Record<HostSettingKey | OldSettingKey, SettingLevels>>>): ResolvedHostSettings {
  const warnings: string[] = [];
  const values: Record<string, unknown> = {};
  for (const key of HOST_SETTING_KEYS) {
    const at = levelsUnderEitherName(key, levels, warnings, settingName);
    if (USER_ONLY_SETTINGS.has(key)) {
      values[key] = validValue(key, at.user, warnings);
      if (at.workspace !== undefined || at.folder !== undefined) {
        warnings.push(`${settingName(key)} is set in workspace or folder settings, which are ignored for it: it can only be set in user settings, so that a workspace cannot ${USER_ONLY_RISK[key] ?? 'overrule you'}.`);
      }
    } else if (key === 'autoApprove') {
      values[key] = stricterAutoApprove(at, warnings);
    } else if (key === 'maxCost') {
      values[key] = lowerCostCap(at, warnings);
    } else {
      values[key] = validValue(key, at.effective, warnings);
    }
  }
  return { settings: HostSettingsSchema.parse(values), warnings };
}

/** `value` when it is valid for `key`; otherwise the default, with a warning. `undefined` means unset. */
function validValue(key: HostSettingKey, value: unknown, warnings: string[]): unknown {
  const field = HostSettingsSchema.shape[key];
  const fallback = field.parse(undefined);
  if (value === undefined || value === null) return fallback;
  const result = field.safeParse(value);
  if (result.success) return result.data;
  const why = result.error.issues.map((issue) => issue.message).join('; ');
  warnings.push(`${settingName(key)}: ${describeValue(value)} is not valid (${why}); using the default, ${describeValue(fallback)}.`);
  return fallback;
}

/** The user's autoApprove, or the workspace's (folder first) when that one is stricter. */
function stricterAutoApprove(at: SettingLevels, warnings: string[]): SettingsAutoApprove {
  const user = validValue('autoApprove', at.user, warnings) as SettingsAutoApprove;
  const local = at.folder ?? at.workspace;
  if (local === undefined || local === null) return user;
  const parsed = SettingsAutoApproveSchema.safeParse(local);
  if (!parsed.success) {
    warnings.push(`${settingName('autoApprove')}: the workspace value ${describeValue(local)} is not valid; using ${describeValue(user)}.`);
    return user;
  }
  if (AUTO_APPROVE_ORDER.indexOf(parsed.data) <= AUTO_APPROVE_ORDER.indexOf(user)) return parsed.data;
  warnings.push(`${settingName('autoApprove')}: the workspace asks for ${describeValue(parsed.data)}, looser than your ${describeValue(user)}; a workspace may only make approvals stricter, so ${describeValue(user)} applies.`);
  return user;
}

/** The user's cost cap, or the workspace's (folder first) when it is lower: a workspace may lower the cap, never raise or lift it. */
function lowerCostCap(at: SettingLevels, warnings: string[]): number | null {
  const user = validValue('maxCost', at.user, warnings) as number | null;
  const local = validValue('maxCost', at.folder ?? at.workspace, warnings) as number | null;
  if (local === null) return user;
  if (user === null || local <= user) return local;
  warnings.push(`${settingName('maxCost')}: the workspace asks for ${describeValue(local)}, above your ${describeValue(user)}; a workspace may only lower the cost cap, so ${describeValue(user)} applies.`);
  return user;
}

/** The full name of a setting, e.g. `planwright.maxParallel`. */
function settingName(key: string): string {
  return `${SETTINGS_SECTION}.${key}`;
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The run options these settings ask for, over `base` for what settings do not cover. */
export function runOptionsFromSettings(settings: HostSettings, base: RunOptions = DEFAULT_RUN_OPTIONS): RunOptions {
  // The cap is the setting's alone: with planwright.maxCost empty a run (a resumed one too) has none.
  const { costCap: _baseCap, ...rest } = base;
  const { allowScopeGrowth: _journalled, ...approval } = base.approval;
  return {
    ...rest,
    maxParallel: settings.maxParallel,
    maxModelCalls: settings.maxModelCalls,
    maxReplans: settings.maxReplans,
    retry: { ...base.retry, maxRetries: settings.maxRetries },
    limits: { ...base.limits, commandTimeoutMs: settings.commandTimeoutMs, maxReadBytes: settings.maxReadBytes, maxOutputBytes: settings.maxOutputBytes },
    approval: { ...approval, autoApprove: settings.autoApprove, approvedCommands: [...settings.approvedCommands], ...(settings.allowScopeGrowth ? { allowScopeGrowth: true } : {}) },
    ...(settings.summary === 'model' ? { summary: 'model' as const } : {}),
    ...(settings.maxCost === null ? {} : { costCap: { maxCost: settings.maxCost, ...(settings.allowUnpricedModels ? { allowUnpriced: true } : {}) } }),
  };
}
