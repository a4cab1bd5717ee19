// `--max-cost USD` for a headless run or resume: before anything runs, the models the environment names are
// checked against the prices (a model without a price refuses the cap unless --allow-unpriced), and the guard
// is built that every model call of the run, its sub-plans included, goes through. What a run that stopped at
// the cap prints and how its exit code says so live here too, for `run`, `resume` and the MCP tools alike.
import { CostGuard, dollars, suggestedCap, unpricedModels } from '../core/cost/costCap';
import type { CostCap } from '../core/run/runOptions';
import type { ModelPrices } from '../core/cost/modelPrices';
import type { UsageRecord } from '../core/run/journalRecords';
import type { ChatModel, ModelRole } from '../core/ports';
import { estimatePromptTokens } from '../node/tokenEstimate';
import { readEnvSettings } from './envInput';

/** The guard of a run capped at `cap` (none without a cap), or the one-line refusal when a model has no price. */
export function costGuardFor(
  cap: CostCap | undefined,
  prices: ModelPrices | undefined,
  env: Readonly<Record<string, string | undefined>>,
  spent: readonly UsageRecord[] = [],
): { readonly guard?: CostGuard } | { readonly error: string } {
  if (!cap) return {};
  const read = readEnvSettings(env);
  const models = 'settings' in read ? [read.settings.plannerModel, read.settings.workerModel].filter((model): model is string => model !== undefined) : [];
  const missing = unpricedModels(prices ?? {}, models);
  if (missing.length > 0 && !cap.allowUnpriced) {
    const where = prices ? 'in --prices' : '(no --prices file was given)';
    return { error: `--max-cost cannot cap calls of a model without a price: no price for ${missing.join(', ')} ${where}; add it to the prices file, or pass --allow-unpriced to cap the priced calls only` };
  }
  return { guard: new CostGuard(cap.maxCost, prices ?? {}, estimatePromptTokens, spent) };
}

/** `model` through `guard` when there is one; `modelOf` names the model that serves a role, to price its estimate. */
export function cappedModel<M extends ChatModel>(model: M, guard: CostGuard | undefined, modelOf: (role: ModelRole) => string | undefined): ChatModel {
  return guard ? guard.limit(model, modelOf) : model;
}

/** The one line that says the run stopped at the cap and how to go on (`journal` absent: nothing to resume, as before the first step or for a fused run). */
export function costCapLine(guard: CostGuard, journal: string | undefined): string {
  const higher = dollars(suggestedCap({ spent: guard.spent, estimate: guard.reached?.estimate ?? 0, cap: guard.maxCost })).replace('$', '');
  const next = journal ? `to go on: planwright resume --journal ${journal} --max-cost ${higher}` : `there is no run to resume: run it again with a higher --max-cost, such as ${higher}`;
  return `paused at the cost cap: ${guard.reached?.message ?? ''}; ${next}`;
}
