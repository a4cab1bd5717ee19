// The run's cost in the editor's words, from the `planwright.prices` the user entered: the total for the status
// bar, one line per phase that spent anything and the total (the status bar's tooltip), and the same as a
// paragraph under the run summary. Nothing when no prices are set or no model was called.
import type { ModelPrices } from '../cost/modelPrices';
import { formatCost, runCost } from '../cost/runCost';
import type { Localize } from '../ports';
import type { RunState } from '../run/runState';

/** The run's cost, formatted. */
export interface RunCostText {
  /** `$0.015`, `≥ ~$0.015` (see formatCost). */
  readonly total: string;
  /** `Planning: $0.012`, one per phase that made a call. */
  readonly phases: readonly string[];
  /** `Cost: $0.015`. */
  readonly totalLine: string;
  /** How many calls had no price, when some had none. */
  readonly unpriced?: string;
}

/** The cost of `run`'s model calls at `prices`; undefined without prices or calls. */
export function runCostText(l10n: Localize, run: Pick<RunState, 'usage'>, prices: ModelPrices): RunCostText | undefined {
  if (Object.keys(prices).length === 0 || run.usage.length === 0) return undefined;
  const cost = runCost(run.usage, prices);
  const phases = [
    [cost.plan, l10n.t('Planning: {0}', formatCost(cost.plan))],
    [cost.execute, l10n.t('Execution: {0}', formatCost(cost.execute))],
    [cost.replan, l10n.t('Re-planning: {0}', formatCost(cost.replan))],
    [cost.solve, l10n.t('Summary: {0}', formatCost(cost.solve))],
  ] as const;
  return {
    total: formatCost(cost.total),
    phases: phases.filter(([phase]) => phase.usd > 0 || phase.unpricedCalls > 0).map(([, line]) => line),
    totalLine: l10n.t('Cost: {0}', formatCost(cost.total)),
    ...(cost.total.unpricedCalls > 0 ? { unpriced: unpricedText(l10n, cost.total.unpricedCalls) } : {}),
  };
}

function unpricedText(l10n: Localize, calls: number): string {
  return calls === 1
    ? l10n.t('1 model call has no price in planwright.prices and is not counted.')
    : l10n.t('{0} model calls have no price in planwright.prices and are not counted.', calls);
}

/** The status bar tooltip's lines: each phase, the total, then the unpriced calls. */
export function costTooltip(cost: RunCostText): string {
  return [...cost.phases, cost.totalLine, ...(cost.unpriced ? [cost.unpriced] : [])].join('\n');
}

/** `summary` with the cost after it as a Markdown paragraph: the total, each phase as an item, the unpriced calls. */
export function summaryWithCost(summary: string, cost: RunCostText | undefined): string {
  if (!cost) return summary;
  const paragraph = [cost.totalLine, ...cost.phases.map((line) => `- ${line}`), ...(cost.unpriced ? ['', cost.unpriced] : [])];
  return `${summary}\n\n${paragraph.join('\n')}`;
}
