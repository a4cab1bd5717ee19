// The report's chart as a plain SVG, no chart library: on the left, the latency CDF of each arm, one
// panel per profile; on the right, the mean tokens per run of each task family in each arm.
import { ARM_NAMES, type ArmName } from './benchArms';
import type { BenchReport } from './benchReport';

const COLORS: Readonly<Record<ArmName, string>> = { split: '#3b6fb6', fused: '#e07b28', 'fused-serial': '#c9a227', auto: '#3f9e52' };
const FONT = 'font-family="system-ui, sans-serif"';

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (x: number, y: number, body: string, extra = ''): string => `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${extra}>${esc(body)}</text>`;

/** A step of round numbers that puts about `count` ticks on [0, max]. */
function tickStep(max: number, count: number): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? raw;
}

function cdfPanel(report: BenchReport, profile: string, x: number, y: number, width: number, height: number): string {
  const parts: string[] = [];
  const series = ARM_NAMES.map((arm) => ({
    arm,
    values: report.figures.filter((f) => f.profile === profile && f.run.arm === arm).map((f) => f.latencyMs / 1000).sort((a, b) => a - b),
  }));
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const step = tickStep(max, 5);
  const top = Math.ceil(max / step) * step;
  const px = (seconds: number) => x + (seconds / top) * width;
  const py = (share: number) => y + height - share * height;
  parts.push(`<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#fafafa" stroke="#ccc"/>`);
  for (let tick = 0; tick <= top + 1e-9; tick += step) {
    parts.push(`<line x1="${px(tick).toFixed(1)}" y1="${y}" x2="${px(tick).toFixed(1)}" y2="${y + height}" stroke="#eee"/>`, text(px(tick), y + height + 14, `${Number(tick.toFixed(2))}`, 'text-anchor="middle" font-size="10"'));
  }
  for (const share of [0, 0.5, 0.95]) {
    parts.push(`<line x1="${x}" y1="${py(share).toFixed(1)}" x2="${x + width}" y2="${py(share).toFixed(1)}" stroke="#eee"/>`, text(x - 4, py(share) + 3, share === 0 ? '0' : `p${Math.round(share * 100)}`, 'text-anchor="end" font-size="10"'));
  }
  for (const { arm, values } of series) {
    if (values.length === 0) continue;
    const points = values.map((value, index) => `${px(value).toFixed(1)},${py((index + 1) / values.length).toFixed(1)}`);
    parts.push(`<polyline fill="none" stroke="${COLORS[arm]}" stroke-width="1.8" points="${px(values[0]!).toFixed(1)},${py(0).toFixed(1)} ${points.join(' ')}"/>`);
  }
  parts.push(text(x, y - 6, `Latency CDF, ${profile} (seconds)`, 'font-size="12" font-weight="600"'));
  return parts.join('\n');
}

function familyBars(report: BenchReport, x: number, y: number, width: number): { svg: string; height: number } {
  const rowHeight = 30;
  const bar = 6;
  const labelWidth = 130;
  const max = Math.max(1, ...report.families.flatMap((family) => ARM_NAMES.map((arm) => family.tokens[arm])));
  const step = tickStep(max, 4);
  const top = Math.ceil(max / step) * step;
  const plotWidth = width - labelWidth;
  const px = (tokens: number) => x + labelWidth + (tokens / top) * plotWidth;
  const height = report.families.length * rowHeight;
  const parts = [text(x, y - 6, 'Mean tokens per run (prompt + completion) by task family', 'font-size="12" font-weight="600"')];
  for (let tick = 0; tick <= top + 1e-9; tick += step) {
    parts.push(`<line x1="${px(tick).toFixed(1)}" y1="${y}" x2="${px(tick).toFixed(1)}" y2="${y + height}" stroke="#eee"/>`, text(px(tick), y + height + 14, tick.toLocaleString('en-US'), 'text-anchor="middle" font-size="10"'));
  }
  report.families.forEach((family, row) => {
    const rowY = y + row * rowHeight + 3;
    parts.push(text(x + labelWidth - 6, rowY + 13, family.family, 'text-anchor="end" font-size="11"'));
    ARM_NAMES.forEach((arm, index) => {
      parts.push(`<rect x="${px(0).toFixed(1)}" y="${(rowY + index * bar).toFixed(1)}" width="${(px(family.tokens[arm]) - px(0)).toFixed(1)}" height="${bar - 1}" fill="${COLORS[arm]}"/>`);
    });
  });
  return { svg: parts.join('\n'), height };
}

/** The chart for `report`. */
export function renderChart(report: BenchReport): string {
  const panelWidth = 400;
  const panelHeight = 150;
  const left = 50;
  const profiles = report.profiles.map((profile) => profile.name);
  const bars = familyBars(report, 520, 50, 420);
  const height = Math.max(50 + profiles.length * (panelHeight + 50), 50 + bars.height + 30) + 30;
  const legend = ARM_NAMES.map((arm, index) => `<rect x="${left + index * 100}" y="${height - 22}" width="12" height="12" fill="${COLORS[arm]}"/>${text(left + index * 100 + 16, height - 12, arm, 'font-size="12"')}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="980" height="${height}" viewBox="0 0 980 ${height}" ${FONT}>`,
    `<title>Planwright bench: split, fused, fused-serial and auto on ${report.tasks} tasks of set ${report.sets.join(' + ')}, seed ${report.seed}</title>`,
    '<rect width="100%" height="100%" fill="#fff"/>',
    ...profiles.map((profile, index) => cdfPanel(report, profile, left, 50 + index * (panelHeight + 50), panelWidth, panelHeight)),
    bars.svg,
    ...legend,
    text(left + 420, height - 12, `${report.tasks} tasks, ${report.faultedTasks} with an injected fault, ${report.lapsedTasks} with a lapse; seed ${report.seed}`, 'font-size="11" fill="#555"'),
    '</svg>',
    '',
  ].join('\n');
}
