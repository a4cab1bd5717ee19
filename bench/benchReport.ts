// From run records to the report: each run's figures on each profile (runFigures), then per arm and
// profile the completion rate, calls, tokens, latency percentiles with bootstrap intervals and re-plan
// rate; the split/fused ratios; paired split/fused ratios over every task, each family and each
// step-count band; where split loses; and per task family, which mode wins — the data behind "when to
// stay fused".
import { ARM_NAMES, type ArmName } from './benchArms';
import { armCosts, type ArmCost } from './benchCost';
import { distribution, rate, ratio, type Distribution } from './benchStats';
import type { Estimate } from './bootstrap';
import { describeProfile, LATENCY_PROFILES } from './latencyModel';
import { bandOf, latencyEstimates, pairedRatios, STEP_BANDS, type FusedArm, type PairedRatios } from './pairedRatios';
import { MEASURED, measuredRunFigures, profileFigures, type ReportProfile, type RunFigures } from './runFigures';
import type { RunRecord } from './runRecord';
import { splitLossLines } from './splitLosses';
import { hashString, mixSeed } from './tasks/random';
import type { ModelPrices } from '../src/core/cost/modelPrices';

/** One arm on one profile. */
export interface ArmSummary {
  readonly arm: ArmName;
  readonly profile: ReportProfile;
  readonly runs: number;
  readonly completionRate: number;
  readonly llmCalls: Distribution;
  readonly promptTokens: Distribution;
  readonly completionTokens: Distribution;
  readonly cachedTokens: Distribution;
  readonly latencyMs: Distribution;
  /** p50, p95 and p99 latency with their bootstrap intervals. */
  readonly latency: { readonly p50: Estimate; readonly p95: Estimate; readonly p99: Estimate };
  readonly measuredMs: Distribution;
  /** Runs that re-planned (split, or auto after escalating). */
  readonly replanRate: number;
  /** Runs in which the agent spent a turn after a failed action. */
  readonly recoveryRate: number;
  /** Runs whose acceptance checks failed after the last step at least once (split re-planned; fused was told and went on). */
  readonly unmetAtEndRate: number;
  readonly escalationRate: number;
}

/** split ÷ a fused arm on one profile. */
export interface ArmRatios {
  readonly profile: ReportProfile;
  readonly against: FusedArm;
  readonly llmCalls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly latencyP50: number;
  readonly latencyP95: number;
  readonly latencyP99: number;
}

/** Which mode a family should use on a profile, and why. */
export type Verdict = 'fused' | 'split' | 'either';

/** One task family across arms; verdicts of split against the fused agent with and without parallel calls. */
export interface FamilySummary {
  readonly family: string;
  readonly planSteps: number;
  readonly tokens: Readonly<Record<ArmName, number>>;
  readonly completion: Readonly<Record<ArmName, number>>;
  readonly escalationRate: number;
  readonly latency: Readonly<Partial<Record<ReportProfile, Readonly<Record<ArmName, { readonly p50: number; readonly p95: number }>>>>>;
  readonly verdict: Readonly<Partial<Record<ReportProfile, { readonly parallel: Verdict; readonly serial: Verdict }>>>;
}

/** The whole report. */
export interface BenchReport {
  readonly seed: number;
  /** The task sets the runs came from. */
  readonly sets: readonly string[];
  readonly tasks: number;
  readonly faultedTasks: number;
  /** Tasks whose model first left a step out (an injected lapse). */
  readonly lapsedTasks: number;
  readonly profiles: readonly { readonly name: ReportProfile; readonly figures: string }[];
  readonly arms: readonly ArmSummary[];
  readonly ratios: readonly ArmRatios[];
  /** split ÷ fused (and ÷ fused-serial over all tasks), paired by task, with bootstrap intervals. */
  readonly paired: readonly PairedRatios[];
  readonly families: readonly FamilySummary[];
  /** Per profile, the families where split loses on tokens, on p99, or on both. */
  readonly splitLoses: readonly string[];
  readonly whenToStayFused: readonly string[];
  /** Each arm's mean cost per run and phase, when `--prices` gave prices. */
  readonly cost?: readonly ArmCost[];
  readonly figures: readonly RunFigures[];
}

function armSummary(arm: ArmName, profile: ReportProfile, figures: readonly RunFigures[], seed: number): ArmSummary {
  const runs = figures.map((figure) => figure.run);
  return {
    arm,
    profile,
    runs: runs.length,
    completionRate: rate(runs, (run) => run.completed),
    llmCalls: distribution(runs.map((run) => run.calls.length)),
    promptTokens: distribution(figures.map((figure) => figure.promptTokens)),
    completionTokens: distribution(figures.map((figure) => figure.completionTokens)),
    cachedTokens: distribution(figures.map((figure) => figure.cachedTokens)),
    latencyMs: distribution(figures.map((figure) => figure.latencyMs)),
    latency: latencyEstimates(figures.map((figure) => figure.latencyMs), mixSeed(seed, hashString(`${profile}/${arm}`))),
    measuredMs: distribution(figures.map((figure) => figure.measuredMs)),
    replanRate: rate(runs, (run) => run.replans > 0),
    recoveryRate: rate(runs, (run) => run.recoveries > 0),
    unmetAtEndRate: rate(runs, (run) => run.unmetAtEnd > 0),
    escalationRate: rate(runs, (run) => run.escalated),
  };
}

/** Fused wins a family on a profile when it is faster at p50 and no slower at p95 without completing less; split likewise. */
export function verdictOf(split: { p50: number; p95: number; completion: number }, fused: { p50: number; p95: number; completion: number }): Verdict {
  if (fused.completion >= split.completion && fused.p50 < split.p50 && fused.p95 <= split.p95) return 'fused';
  if (split.completion >= fused.completion && split.p50 < fused.p50 && split.p95 <= fused.p95) return 'split';
  return 'either';
}

const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

function familySummaries(figures: readonly RunFigures[], profiles: readonly ReportProfile[], familyOf: (run: RunRecord) => string): FamilySummary[] {
  const families = [...new Set(figures.map((figure) => familyOf(figure.run)))];
  return families.map((family) => {
    const of = (arm: ArmName, profile: ReportProfile) => figures.filter((f) => familyOf(f.run) === family && f.run.arm === arm && f.profile === profile);
    const first = profiles[0]!;
    const byArm = <T>(value: (arm: ArmName) => T) => Object.fromEntries(ARM_NAMES.map((arm) => [arm, value(arm)])) as Record<ArmName, T>;
    const completion = byArm((arm) => rate(of(arm, first), (f) => f.run.completed));
    const latency = Object.fromEntries(
      profiles.map((profile) => [profile, byArm((arm) => {
        const d = distribution(of(arm, profile).map((f) => f.latencyMs));
        return { p50: d.p50, p95: d.p95 };
      })]),
    ) as FamilySummary['latency'];
    const versus = (profile: ReportProfile, arm: ArmName) => verdictOf({ ...latency[profile]!.split, completion: completion.split }, { ...latency[profile]![arm], completion: completion[arm] });
    const verdict = Object.fromEntries(profiles.map((profile) => [profile, { parallel: versus(profile, 'fused'), serial: versus(profile, 'fused-serial') }])) as FamilySummary['verdict'];
    return {
      family,
      planSteps: mean(of('split', first).map((f) => f.run.planSteps)),
      tokens: byArm((arm) => mean(of(arm, first).map((f) => f.promptTokens + f.completionTokens))),
      completion,
      escalationRate: rate(of('auto', first), (f) => f.run.escalated),
      latency,
      verdict,
    };
  });
}

/** Which families each verdict picks, with the range of their plan lengths. */
function verdictLine(families: readonly FamilySummary[], pick: (family: FamilySummary) => Verdict): string {
  const group = (verdict: Verdict) => families.filter((family) => pick(family) === verdict);
  const steps = (list: readonly FamilySummary[]) => (list.length === 0 ? '' : `, ${Math.min(...list.map((f) => f.planSteps)).toFixed(1)}-${Math.max(...list.map((f) => f.planSteps)).toFixed(1)} steps`);
  const names = (list: readonly FamilySummary[]) => (list.length === 0 ? '' : `: ${list.map((f) => f.family).join(', ')}`);
  const [fused, split, either] = (['fused', 'split', 'either'] as const).map(group);
  return `fused wins ${fused!.length}/${families.length}${steps(fused!)}${names(fused!)}; split wins ${split!.length}${steps(split!)}${names(split!)}; no clear winner ${either!.length}${names(either!)}`;
}

/** Families where planning first costs clearly fewer tokens per run (under 90%) than the fused arm. */
function tokenLine(families: readonly FamilySummary[], against: 'fused' | 'fused-serial'): string {
  const cheaper = families
    .map((family) => ({ family: family.family, share: family.tokens.split / family.tokens[against] }))
    .filter((entry) => entry.share < 0.9)
    .sort((a, b) => a.share - b.share);
  const list = cheaper.map((entry) => `${entry.family} ${entry.share.toFixed(2)}x`).join(', ');
  return `Tokens (any profile): split needs under 0.9x the tokens of ${against} for ${cheaper.length}/${families.length} families${list ? `: ${list}` : ''}.`;
}

/** The "when to stay fused" lines, derived from the family verdicts (latency) and token counts. */
function stayFusedRule(families: readonly FamilySummary[], profiles: readonly ReportProfile[]): string[] {
  return [tokenLine(families, 'fused'), tokenLine(families, 'fused-serial'), ...profiles.flatMap((profile) => [
    `${profile}, agent with parallel tool calls — ${verdictLine(families, (family) => family.verdict[profile]!.parallel)}.`,
    `${profile}, agent with one call per turn — ${verdictLine(families, (family) => family.verdict[profile]!.serial)}.`,
  ])];
}

/** The paired ratios of one profile: every task against both fused arms, then each family and each band against fused. */
function pairedGroups(figures: readonly RunFigures[], profile: ReportProfile, familyOf: (run: RunRecord) => string, seed: number): PairedRatios[] {
  const groups: { kind: PairedRatios['kind']; group: string; against: FusedArm; figures: readonly RunFigures[] }[] = [
    { kind: 'all', group: 'all', against: 'fused', figures },
    { kind: 'all', group: 'all', against: 'fused-serial', figures },
    ...[...new Set(figures.map((f) => familyOf(f.run)))].map((family) => ({ kind: 'family' as const, group: family, against: 'fused' as const, figures: figures.filter((f) => familyOf(f.run) === family) })),
    ...[...STEP_BANDS.map((band) => band.name), '41+'].map((band) => ({ kind: 'band' as const, group: band, against: 'fused' as const, figures: figures.filter((f) => bandOf(f.run.planSteps) === band) })),
  ];
  return groups.flatMap(({ figures: members, ...group }) => pairedRatios(members, { profile, ...group }, seed) ?? []);
}

function describeReportProfile(profile: ReportProfile): string {
  return profile === MEASURED ? `${MEASURED}: latency as measured against the endpoint (each run's wall time), cached tokens as the endpoint reported them` : describeProfile(LATENCY_PROFILES[profile]);
}

/**
 * Builds the report from every run's record, runs in task order; the `measured` profile reads latency as
 * measured. With `prices`, the report has each arm's cost per phase.
 */
export function buildReport(runs: readonly RunRecord[], profiles: readonly ReportProfile[], seed: number, prices?: ModelPrices): BenchReport {
  const figures = profiles.flatMap((profile) => (profile === MEASURED ? runs.map(measuredRunFigures) : profileFigures(runs, profile, seed)));
  const sets = [...new Set(runs.map((run) => run.set))];
  // Family names are unique within a set; with several sets a family is named with its set.
  const familyOf = (run: RunRecord): string => (sets.length > 1 ? `${run.set}/${run.family}` : run.family);
  const arms = profiles.flatMap((profile) => ARM_NAMES.map((arm) => armSummary(arm, profile, figures.filter((f) => f.profile === profile && f.run.arm === arm), seed)));
  const ratios = profiles.flatMap((profile) =>
    (['fused', 'fused-serial'] as const).map((against) => {
      const split = arms.find((a) => a.profile === profile && a.arm === 'split')!;
      const fused = arms.find((a) => a.profile === profile && a.arm === against)!;
      return {
        profile,
        against,
        llmCalls: ratio(split.llmCalls.mean, fused.llmCalls.mean),
        promptTokens: ratio(split.promptTokens.mean, fused.promptTokens.mean),
        completionTokens: ratio(split.completionTokens.mean, fused.completionTokens.mean),
        latencyP50: ratio(split.latencyMs.p50, fused.latencyMs.p50),
        latencyP95: ratio(split.latencyMs.p95, fused.latencyMs.p95),
        latencyP99: ratio(split.latencyMs.p99, fused.latencyMs.p99),
      };
    }),
  );
  const families = familySummaries(figures, profiles, familyOf);
  const paired = profiles.flatMap((profile) => pairedGroups(figures.filter((f) => f.profile === profile), profile, familyOf, seed));
  const taskIds = new Set(runs.map((run) => `${run.set}/${run.taskId}`));
  const faulted = new Set(runs.filter((run) => run.faulted).map((run) => `${run.set}/${run.taskId}`));
  const lapsed = new Set(runs.filter((run) => run.lapsed).map((run) => `${run.set}/${run.taskId}`));
  return {
    seed,
    sets,
    tasks: taskIds.size,
    faultedTasks: faulted.size,
    lapsedTasks: lapsed.size,
    profiles: profiles.map((name) => ({ name, figures: describeReportProfile(name) })),
    arms,
    ratios,
    paired,
    families,
    splitLoses: splitLossLines(paired.filter((ratios) => ratios.kind === 'family')),
    whenToStayFused: stayFusedRule(families, profiles),
    ...(prices ? { cost: armCosts(figures, prices) } : {}),
    figures,
  };
}
