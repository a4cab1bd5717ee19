// What a run's model calls cost, per phase (planning, execution, re-planning, solver) and in all, from the
// tokens each call reported and the user's prices. Calls of a model without a price are counted, not
// guessed: a cost with unpriced calls is a lower bound and says so.
import type { PhaseUsage } from '../run/runState';
import type { UsageRecord } from '../run/journalRecords';
import { priceOf, type ModelPrices } from './modelPrices';

/** The cost of some calls: US dollars for the priced ones, and how many had no price. */
export interface Cost {
  readonly usd: number;
  readonly unpricedCalls: number;
  /**
   * Some priced call's tokens were estimated locally rather than reported by the endpoint, or the endpoint's
   * counts disagreed (more cached than prompt tokens) and were clamped to price it.
   */
  readonly estimated: boolean;
  /** The models of the unpriced calls, each once; present when there are any. */
  readonly unpricedModels?: readonly string[];
}

/** The cost of a run, per phase and in all. */
export type RunCost = Readonly<Record<PhaseUsage['phase'] | 'total', Cost>>;

const NONE: Cost = { usd: 0, unpricedCalls: 0, estimated: false };

/** The cost of one call: uncached input, cached input and output at the model's price; undefined when unpriced. */
export function callCost(usage: UsageRecord, prices: ModelPrices): number | undefined {
  const price = priceOf(prices, usage.model);
  if (!price) return undefined;
  // Endpoints report cached tokens as part of the prompt tokens.
  const cached = Math.min(usage.cachedTokens, usage.promptTokens);
  const perMillion = (usage.promptTokens - cached) * price.input + cached * (price.cachedInput ?? price.input) + usage.completionTokens * price.output;
  return perMillion / 1_000_000;
}

/** The endpoint reported more cached tokens than prompt tokens: the cost takes the prompt's count for both. */
export function countsDisagree(usage: UsageRecord): boolean {
  return usage.cachedTokens > usage.promptTokens;
}

function add(sum: Cost, usage: UsageRecord, prices: ModelPrices): Cost {
  const usd = callCost(usage, prices);
  if (usd !== undefined) return { ...sum, usd: sum.usd + usd, estimated: sum.estimated || usage.estimated || countsDisagree(usage) };
  const models = sum.unpricedModels ?? [];
  return { ...sum, unpricedCalls: sum.unpricedCalls + 1, unpricedModels: models.includes(usage.model) ? models : [...models, usage.model] };
}

/** The run's cost per phase and in all. */
export function runCost(usage: readonly PhaseUsage[], prices: ModelPrices): RunCost {
  const phases = { plan: NONE, execute: NONE, replan: NONE, solve: NONE, total: NONE };
  for (const entry of usage) {
    phases[entry.phase] = add(phases[entry.phase], entry.usage, prices);
    phases.total = add(phases.total, entry.usage, prices);
  }
  return phases;
}

/**
 * `$0.0042`, `$0.123`, `$1.23` (four decimals below a cent, three below a dollar, then two); `~` when tokens were
 * estimated, `≥` when some calls had no price.
 */
export function formatCost(cost: Cost): string {
  const digits = cost.usd >= 1 ? 2 : cost.usd >= 0.01 ? 3 : 4;
  return `${cost.unpricedCalls > 0 ? '≥ ' : ''}${cost.estimated ? '~' : ''}$${cost.usd.toFixed(digits)}`;
}

/**
 * One line of cost per phase that spent any, then the total: `planning $0.012 · execution $0.003 · total $0.015`;
 * with unpriced calls, the models without a price: `total ≥ $0.0000 (no price for qwen2.5-coder)`.
 */
export function costLine(cost: RunCost): string {
  const names: readonly [PhaseUsage['phase'], string][] = [['plan', 'planning'], ['execute', 'execution'], ['replan', 're-planning'], ['solve', 'solver']];
  const parts = names.filter(([phase]) => cost[phase].usd > 0 || cost[phase].unpricedCalls > 0).map(([phase, name]) => `${name} ${formatCost(cost[phase])}`);
  const unpriced = cost.total.unpricedModels ? ` (no price for ${cost.total.unpricedModels.join(', ')})` : '';
  return `${[...parts, `total ${formatCost(cost.total)}`].join(' · ')}${unpriced}`;
}
