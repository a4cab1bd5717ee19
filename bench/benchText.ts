// The report as text: a plain table per profile for the terminal, and the same figures as Markdown
// tables for docs/benchmark.md. Numbers only; every figure comes from the report.
import { costLines } from './benchCost';
import type { ArmSummary, BenchReport, FamilySummary } from './benchReport';
import type { Estimate } from './bootstrap';
import type { PairedRatios } from './pairedRatios';
import type { ReportProfile } from './runFigures';
import { formatEstimate } from './splitLosses';

const pct = (value: number): string => `${Math.round(value * 100)}%`;
const int = (value: number): string => Math.round(value).toLocaleString('en-US');
const sec = (ms: number): string => (ms / 1000).toFixed(1);
const times = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');

const HEAD = ['arm', 'done', 'LLM calls', 'prompt tok mean / p95 (mean cached)', 'completion tok mean / p95', 'latency s p50 / p95 / p99', 're-plan', 'recovery', 'unmet at end', 'escalated'];

function armRow(arm: ArmSummary): string[] {
  return [
    arm.arm,
    pct(arm.completionRate),
    arm.llmCalls.mean.toFixed(1),
    `${int(arm.promptTokens.mean)} / ${int(arm.promptTokens.p95)} (${int(arm.cachedTokens.mean)})`,
    `${int(arm.completionTokens.mean)} / ${int(arm.completionTokens.p95)}`,
    `${sec(arm.latencyMs.p50)} / ${sec(arm.latencyMs.p95)} / ${sec(arm.latencyMs.p99)}`,
    pct(arm.replanRate),
    pct(arm.recoveryRate),
    pct(arm.unmetAtEndRate),
    pct(arm.escalationRate),
  ];
}

const secEstimate = (estimate: Estimate): string => `${sec(estimate.value)} [${sec(estimate.low)}-${sec(estimate.high)}]`;

const LATENCY_HEAD = ['arm', 'latency s p50 [95% interval]', 'p95', 'p99'];

function latencyRow(arm: ArmSummary): string[] {
  return [arm.arm, secEstimate(arm.latency.p50), secEstimate(arm.latency.p95), secEstimate(arm.latency.p99)];
}

const PAIRED_HEAD = ['tasks split / fused', 'n', 'total tokens', 'completion tokens', 'latency p50', 'p95', 'p99', 'split faster'];

function pairedRow(ratios: PairedRatios): string[] {
  const label = ratios.kind === 'all' ? `all, vs ${ratios.against}` : ratios.kind === 'band' ? `${ratios.group} steps` : ratios.group;
  return [label, String(ratios.tasks), formatEstimate(ratios.tokens), formatEstimate(ratios.completion), formatEstimate(ratios.latencyP50), formatEstimate(ratios.latencyP95), formatEstimate(ratios.latencyP99), pct(ratios.splitFaster)];
}

const pairedRows = (report: BenchReport, profile: ReportProfile): string[][] => [PAIRED_HEAD, ...report.paired.filter((ratios) => ratios.profile === profile).map(pairedRow)];

const PAIRED_NOTE = 'Paired split/fused ratios per task group (ratio [95% bootstrap interval over tasks, 1,000 resamples]): total and completion tokens summed over the group, latency percentiles of each arm.';

function familyRow(family: FamilySummary, profiles: readonly ReportProfile[]): string[] {
  return [
    family.family,
    family.planSteps.toFixed(1),
    `${int(family.tokens.split)} / ${int(family.tokens.fused)} / ${int(family.tokens['fused-serial'])} / ${int(family.tokens.auto)}`,
    ...profiles.map((profile) => {
      const p50 = family.latency[profile]!;
      const verdict = family.verdict[profile]!;
      return `${sec(p50.split.p50)} / ${sec(p50.fused.p50)} / ${sec(p50['fused-serial'].p50)} / ${sec(p50.auto.p50)} → ${verdict.parallel}, ${verdict.serial}`;
    }),
  ];
}

function ratioLines(report: BenchReport, profile: ReportProfile): string[] {
  return report.ratios
    .filter((entry) => entry.profile === profile)
    .map((r) => `split/${r.against}: LLM calls ${times(r.llmCalls)}, prompt tokens ${times(r.promptTokens)}, completion tokens ${times(r.completionTokens)}, latency p50 ${times(r.latencyP50)}, p95 ${times(r.latencyP95)}, p99 ${times(r.latencyP99)}`);
}

function plainTable(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}

function markdownTable(rows: readonly string[][]): string {
  const [head, ...body] = rows;
  return [`| ${head!.join(' | ')} |`, `|${head!.map(() => '---').join('|')}|`, ...body.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

const familyHead = (profiles: readonly ReportProfile[]) => ['family', 'steps', 'tokens split / fused / serial / auto', ...profiles.map((profile) => `${profile} p50 s split / fused / serial / auto → winner vs fused, vs serial`)];

/** The report for a terminal. */
export function renderText(report: BenchReport): string {
  const profiles = report.profiles.map((profile) => profile.name);
  const lines = [`Planwright bench: set ${report.sets.join(' + ')}, ${report.tasks} tasks (${report.faultedTasks} with an injected fault, ${report.lapsedTasks} with a lapse), seed ${report.seed}; tokens as billed for every byte sent, counted with gpt-tokenizer (o200k_base).`, ''];
  for (const profile of report.profiles) {
    const arms = report.arms.filter((arm) => arm.profile === profile.name);
    lines.push(`Profile ${profile.figures}`, plainTable([HEAD, ...arms.map(armRow)]), ...ratioLines(report, profile.name), ...costLines(report.cost ?? [], profile.name), '', plainTable([LATENCY_HEAD, ...arms.map(latencyRow)]), '');
    lines.push(PAIRED_NOTE, plainTable(pairedRows(report, profile.name)), '');
  }
  lines.push('Where split loses (per family, against fused):', ...report.splitLoses.map((line) => `- ${line}`), '');
  lines.push('Per task family (mean tokens per run; p50 latency per profile → which mode wins against the fused agent with and without parallel calls):', plainTable([familyHead(profiles), ...report.families.map((family) => familyRow(family, profiles))]), '');
  lines.push('When to stay fused:', ...report.whenToStayFused.map((line) => `- ${line}`), '');
  return lines.join('\n');
}

/** The report as Markdown tables. */
export function renderMarkdown(report: BenchReport): string {
  const profiles = report.profiles.map((profile) => profile.name);
  const parts: string[] = [];
  for (const profile of report.profiles) {
    const arms = report.arms.filter((arm) => arm.profile === profile.name);
    parts.push(`### ${profile.name}`, '', `Profile: ${profile.figures.slice(profile.name.length + 2)}.`, '', markdownTable([HEAD, ...arms.map(armRow)]), '', ...[...ratioLines(report, profile.name), ...costLines(report.cost ?? [], profile.name)].map((line) => `${line}  `), '');
    parts.push(markdownTable([LATENCY_HEAD, ...arms.map(latencyRow)]), '', PAIRED_NOTE, '', markdownTable(pairedRows(report, profile.name)), '');
  }
  parts.push('### Where split loses', '', ...report.splitLoses.map((line) => `- ${line}`), '');
  parts.push('### Per task family', '', markdownTable([familyHead(profiles), ...report.families.map((family) => familyRow(family, profiles))]), '');
  parts.push('### When to stay fused', '', ...report.whenToStayFused.map((line) => `- ${line}`), '');
  return parts.join('\n');
}
