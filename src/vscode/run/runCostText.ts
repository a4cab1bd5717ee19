// The run's cost in the status bar: the total after the progress, and one line per phase in the tooltip,
// from the `planwright.prices` the user entered. Nothing when no prices are set.
import * as vscode from 'vscode';
import type { ModelPrices } from '../../core/cost/modelPrices';
import { formatCost, runCost } from '../../core/cost/runCost';
import type { RunState } from '../../core/run/runState';

/** The total for the status bar text and the per-phase lines for its tooltip; undefined without prices or calls. */
export function runCostText(run: Pick<RunState, 'usage'>, prices: ModelPrices): { readonly total: string; readonly tooltip: string } | undefined {
  if (Object.keys(prices).length === 0 || run.usage.length === 0) return undefined;
  const cost = runCost(run.usage, prices);
  const phases = [
    [cost.plan, vscode.l10n.t('Planning: {0}', formatCost(cost.plan))],
    [cost.execute, vscode.l10n.t('Execution: {0}', formatCost(cost.execute))],
    [cost.replan, vscode.l10n.t('Re-planning: {0}', formatCost(cost.replan))],
    [cost.solve, vscode.l10n.t('Summary: {0}', formatCost(cost.solve))],
  ] as const;
  const lines = phases.filter(([phase]) => phase.usd > 0 || phase.unpricedCalls > 0).map(([, line]) => line);
  lines.push(vscode.l10n.t('Cost: {0}', formatCost(cost.total)));
  if (cost.total.unpricedCalls > 0) lines.push(vscode.l10n.t('{0} model calls have no price in planwright.prices and are not counted.', cost.total.unpricedCalls));
  return { total: formatCost(cost.total), tooltip: lines.join('\n') };
}
