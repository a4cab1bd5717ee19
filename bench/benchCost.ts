// What each arm's runs cost in money, per phase, from the prices given with `--prices FILE` (the shape of the
// `planwright.prices` setting): core's own cost arithmetic over each call's billed tokens and the cached
// tokens the profile's prompt cache gave it. On a modelled profile the profile stands for one model, so its
// calls are priced under the profile's name (`"frontier-hosted": {…}` in the file); against a real endpoint
// each call is priced under the model id the endpoint reported. Both arms are priced the same way.
import { runCost, type RunCost } from '../src/core/cost/runCost';
import type { ModelPrices } from '../src/core/cost/modelPrices';
import type { PhaseUsage } from '../src/core/run/runState';
import type { ModelRole } from '../src/core/ports';
import { ARM_NAMES, type ArmName } from './benchArms';
import { MEASURED, type ReportProfile, type RunFigures } from './runFigures';

/** The phase of the run a call of `role` is billed to, as the product's own journal records it. */
const PHASE_OF_ROLE: Readonly<Record<ModelRole, PhaseUsage['phase']>> = {
  planner: 'plan',
  replanner: 'replan',
  repairer: 'replan',
  worker: 'execute',
  fused: 'execute',
  solver: 'solve',
};

const PHASES = ['plan', 'execute', 'replan', 'solve', 'total'] as const;
/** A phase of the cost table, or the total. */
export type CostPhase = (typeof PHASES)[number];

/** One arm's mean cost per run on one profile, per phase, in US dollars. */
export interface ArmCost {
  readonly arm: ArmName;
  readonly profile: ReportProfile;
  readonly meanUsd: Readonly<Record<CostPhase, number>>;
  /** Calls whose model had no price (the means then count only the priced calls). */
  readonly unpricedCalls: number;
}

function phaseOf(role: string): PhaseUsage['phase'] {
  const phase = (PHASE_OF_ROLE as Readonly<Record<string, PhaseUsage['phase']>>)[role];
  if (!phase) throw new Error(`bench: a model call has the role "${role}", which is billed to no phase`);
  return phase;
}

/** One run's cost per phase on its profile. */
export function runFiguresCost(figures: RunFigures, prices: ModelPrices): RunCost {
  const usage: PhaseUsage[] = figures.run.calls.map((call, index) => ({
    phase: phaseOf(call.role),
    usage: {
      role: call.role,
      model: figures.profile === MEASURED ? call.model : figures.profile,
      promptTokens: call.promptTokens,
      completionTokens: call.completionTokens,
      cachedTokens: figures.callCachedTokens[index] ?? 0,
      estimated: call.estimated,
      ms: call.end - call.start,
    },
  }));
  return runCost(usage, prices);
}

/** Every arm's mean cost per run on every profile of `figures`. */
export function armCosts(figures: readonly RunFigures[], prices: ModelPrices): ArmCost[] {
  const profiles = [...new Set(figures.map((figure) => figure.profile))];
  return profiles.flatMap((profile) =>
    ARM_NAMES.map((arm) => {
      const costs = figures.filter((figure) => figure.profile === profile && figure.run.arm === arm).map((figure) => runFiguresCost(figure, prices));
      const mean = (phase: CostPhase) => (costs.length === 0 ? 0 : costs.reduce((sum, cost) => sum + cost[phase].usd, 0) / costs.length);
      return {
        arm,
        profile,
        meanUsd: Object.fromEntries(PHASES.map((phase) => [phase, mean(phase)])) as Record<CostPhase, number>,
        unpricedCalls: costs.reduce((sum, cost) => sum + cost.total.unpricedCalls, 0),
      };
    }),
  );
}

const PHASE_NAMES: Readonly<Record<CostPhase, string>> = { plan: 'planning', execute: 'execution', replan: 're-planning', solve: 'solver', total: 'total' };

/** `$0.0123`: enough digits to compare per-run costs of a few cents. */
const usd = (value: number): string => `$${value.toFixed(value >= 1 ? 2 : 4)}`;

/** The cost lines of one profile: each arm's mean per phase, then split ÷ each fused arm in total. */
export function costLines(costs: readonly ArmCost[], profile: ReportProfile): string[] {
  const ofProfile = costs.filter((cost) => cost.profile === profile);
  if (ofProfile.length === 0) return [];
  const lines = ofProfile.map((cost) => {
    const phases = PHASES.filter((phase) => phase === 'total' || cost.meanUsd[phase] > 0).map((phase) => `${PHASE_NAMES[phase]} ${usd(cost.meanUsd[phase])}`);
    const unpriced = cost.unpricedCalls > 0 ? ` (${cost.unpricedCalls} calls had no price: a lower bound)` : '';
    return `cost per run, ${cost.arm}: ${phases.join(' · ')}${unpriced}`;
  });
  const split = ofProfile.find((cost) => cost.arm === 'split');
  for (const against of ['fused', 'fused-serial'] as const) {
    const other = ofProfile.find((cost) => cost.arm === against);
    if (split && other && other.meanUsd.total > 0) lines.push(`cost split/${against}: ${(split.meanUsd.total / other.meanUsd.total).toFixed(2)}x`);
  }
  return lines;
}
