// From run records to the report: each run's latency on each profile (the recorded timeline replayed
// with modelled model calls), then per arm and profile the completion rate, calls, tokens, latency
// percentiles and re-plan rate; the split/fused ratios; and per task family, which mode wins — the data
// behind "when to stay fused".
import { ARM_NAMES, type ArmName } from './benchArms';
import { distribution, rate, ratio, type Distribution } from './benchStats';
import { cachedTokens, describeProfile, LATENCY_PROFILES, modelCall, type ProfileName } from './latencyModel';
import type { RunRecord } from './runRecord';
import { replayTimeline, type RecordedSpan } from './timelineReplay';

/** One run's figures on one profile. */
export interface RunFigures {
  readonly run: RunRecord;
  readonly profile: ProfileName;
  readonly latencyMs: number;
  /** Measured time of tools, checks and the executor (model calls taken out). */
  readonly measuredMs: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens: number;
}

/** One arm on one profile. */
export interface ArmSummary {
  readonly arm: ArmName;
  readonly profile: ProfileName;
  readonly runs: number;
  readonly completionRate: number;
  readonly llmCalls: Distribution;
  readonly promptTokens: Distribution;
  readonly completionTokens: Distribution;
  readonly cachedTokens: Distribution;
  readonly latencyMs: Distribution;
  readonly measuredMs: Distribution;
  /** Runs that re-planned (split, or auto after escalating). */
  readonly replanRate: number;
  /** Runs in which the agent spent a turn after a failed action. */
  readonly recoveryRate: number;
  readonly escalationRate: number;
}

/** split ÷ a fused arm on one profile. */
export interface ArmRatios {
  readonly profile: ProfileName;
  readonly against: 'fused' | 'fused-serial';
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
  readonly latency: Readonly<Record<ProfileName, Readonly<Record<ArmName, { readonly p50: number; readonly p95: number }>>>>;
  readonly verdict: Readonly<Record<ProfileName, { readonly parallel: Verdict; readonly serial: Verdict }>>;
}

/** The whole report. */
export interface BenchReport {
  readonly seed: number;
  readonly tasks: number;
  readonly faultedTasks: number;
  readonly profiles: readonly { readonly name: ProfileName; readonly figures: string }[];
  readonly arms: readonly ArmSummary[];
  readonly ratios: readonly ArmRatios[];
  readonly families: readonly FamilySummary[];
  readonly whenToStayFused: readonly string[];
  readonly figures: readonly RunFigures[];
}

/** A run's latency and token figures on `profile`. */
export function runFigures(run: RunRecord, profile: ProfileName, seed: number): RunFigures {
  const shape = LATENCY_PROFILES[profile];
  const modelled = run.calls.map((call, index) => modelCall(shape, call, seed, `${run.taskId}/${run.arm}/${index}`).totalMs);
  const spans: RecordedSpan[] = [
    ...run.calls.map((call, index) => ({ id: `m${index}`, kind: 'model' as const, start: call.start, end: call.end })),
    ...run.steps.map((step) => ({ id: step.id, kind: 'step' as const, start: step.start, end: step.end })),
  ];
  const replay = replayTimeline({ spans, runStart: run.runStart, runEnd: run.runEnd, modelledMs: (span) => modelled[Number(span.id.slice(1))]! });
  return {
    run,
    profile,
    latencyMs: replay.makespanMs,
    measuredMs: replay.measuredMs,
    promptTokens: run.calls.reduce((sum, call) => sum + call.promptTokens, 0),
    completionTokens: run.calls.reduce((sum, call) => sum + call.completionTokens, 0),
    cachedTokens: run.calls.reduce((sum, call) => sum + cachedTokens(shape, call), 0),
  };
}

function armSummary(arm: ArmName, profile: ProfileName, figures: readonly RunFigures[]): ArmSummary {
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
    measuredMs: distribution(figures.map((figure) => figure.measuredMs)),
    replanRate: rate(runs, (run) => run.replans > 0),
    recoveryRate: rate(runs, (run) => run.recoveries > 0),
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

function familySummaries(figures: readonly RunFigures[], profiles: readonly ProfileName[]): FamilySummary[] {
  const families = [...new Set(figures.map((figure) => figure.run.family))];
  return families.map((family) => {
    const of = (arm: ArmName, profile: ProfileName) => figures.filter((f) => f.run.family === family && f.run.arm === arm && f.profile === profile);
    const first = profiles[0]!;
    const byArm = <T>(value: (arm: ArmName) => T) => Object.fromEntries(ARM_NAMES.map((arm) => [arm, value(arm)])) as Record<ArmName, T>;
    const completion = byArm((arm) => rate(of(arm, first), (f) => f.run.completed));
    const latency = Object.fromEntries(
      profiles.map((profile) => [profile, byArm((arm) => {
        const d = distribution(of(arm, profile).map((f) => f.latencyMs));
        return { p50: d.p50, p95: d.p95 };
      })]),
    ) as FamilySummary['latency'];
    const versus = (profile: ProfileName, arm: ArmName) => verdictOf({ ...latency[profile]!.split, completion: completion.split }, { ...latency[profile]![arm], completion: completion[arm] });
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
function stayFusedRule(families: readonly FamilySummary[], profiles: readonly ProfileName[]): string[] {
  return [tokenLine(families, 'fused'), tokenLine(families, 'fused-serial'), ...profiles.flatMap((profile) => [
    `${profile}, agent with parallel tool calls — ${verdictLine(families, (family) => family.verdict[profile].parallel)}.`,
    `${profile}, agent with one call per turn — ${verdictLine(families, (family) => family.verdict[profile].serial)}.`,
  ])];
}

/** Builds the report from every run's record. */
export function buildReport(runs: readonly RunRecord[], profiles: readonly ProfileName[], seed: number): BenchReport {
  const figures = profiles.flatMap((profile) => runs.map((run) => runFigures(run, profile, seed)));
  const arms = profiles.flatMap((profile) => ARM_NAMES.map((arm) => armSummary(arm, profile, figures.filter((f) => f.profile === profile && f.run.arm === arm))));
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
  const families = familySummaries(figures, profiles);
  const taskIds = new Set(runs.map((run) => run.taskId));
  const faulted = new Set(runs.filter((run) => run.faulted).map((run) => run.taskId));
  return {
    seed,
    tasks: taskIds.size,
    faultedTasks: faulted.size,
    profiles: profiles.map((name) => ({ name, figures: describeProfile(LATENCY_PROFILES[name]) })),
    arms,
    ratios,
    families,
    whenToStayFused: stayFusedRule(families, profiles),
    figures,
  };
}
