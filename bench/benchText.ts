// The report as text: a plain table per profile for the terminal, and the same figures as Markdown
// tables for docs/benchmark.md. Numbers only; every figure comes from the report.
import type { ArmSummary, BenchReport, FamilySummary } from './benchReport';
import type { ProfileName } from './latencyModel';

const pct = (value: number): string => `${Math.round(value * 100)}%`;
const int = (value: number): string => Math.round(value).toLocaleString('en-US');
const sec = (ms: number): string => (ms / 1000).toFixed(1);
const times = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');

const HEAD = ['arm', 'done', 'LLM calls', 'prompt tok mean / p95 (mean cached)', 'completion tok mean / p95', 'latency s p50 / p95 / p99', 're-plan', 'recovery', 'escalated'];

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
    pct(arm.escalationRate),
  ];
}

function familyRow(family: FamilySummary, profiles: readonly ProfileName[]): string[] {
  return [
    family.family,
    family.planSteps.toFixed(1),
    `${int(family.tokens.split)} / ${int(family.tokens.fused)} / ${int(family.tokens['fused-serial'])} / ${int(family.tokens.auto)}`,
    ...profiles.map((profile) => {
      const p50 = family.latency[profile];
      const verdict = family.verdict[profile];
      return `${sec(p50.split.p50)} / ${sec(p50.fused.p50)} / ${sec(p50['fused-serial'].p50)} / ${sec(p50.auto.p50)} → ${verdict.parallel}, ${verdict.serial}`;
    }),
  ];
}

function ratioLines(report: BenchReport, profile: ProfileName): string[] {
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

const familyHead = (profiles: readonly ProfileName[]) => ['family', 'steps', 'tokens split / fused / serial / auto', ...profiles.map((profile) => `${profile} p50 s split / fused / serial / auto → winner vs fused, vs serial`)];

/** The report for a terminal. */
export function renderText(report: BenchReport): string {
  const profiles = report.profiles.map((profile) => profile.name);
  const lines = [`Planwright bench: ${report.tasks} tasks (${report.faultedTasks} with an injected fault), seed ${report.seed}; tokens counted with gpt-tokenizer (o200k_base).`, ''];
  for (const profile of report.profiles) {
    lines.push(`Profile ${profile.figures}`, plainTable([HEAD, ...report.arms.filter((arm) => arm.profile === profile.name).map(armRow)]), ...ratioLines(report, profile.name), '');
  }
  lines.push('Per task family (mean tokens per run; p50 latency per profile → which mode wins against the fused agent with and without parallel calls):', plainTable([familyHead(profiles), ...report.families.map((family) => familyRow(family, profiles))]), '');
  lines.push('When to stay fused:', ...report.whenToStayFused.map((line) => `- ${line}`), '');
  return lines.join('\n');
}

/** The report as Markdown tables. */
export function renderMarkdown(report: BenchReport): string {
  const profiles = report.profiles.map((profile) => profile.name);
  const parts: string[] = [];
  for (const profile of report.profiles) {
    parts.push(`### ${profile.name}`, '', `Profile: ${profile.figures.slice(profile.name.length + 2)}.`, '', markdownTable([HEAD, ...report.arms.filter((arm) => arm.profile === profile.name).map(armRow)]), '', ...ratioLines(report, profile.name).map((line) => `${line}  `), '');
  }
  parts.push('### Per task family', '', markdownTable([familyHead(profiles), ...report.families.map((family) => familyRow(family, profiles))]), '');
  parts.push('### When to stay fused', '', ...report.whenToStayFused.map((line) => `- ${line}`), '');
  return parts.join('\n');
}
