// Where split loses, family by family: on tokens (it spends more prompt + completion tokens than the
// fused arm), on p99 latency, or on both — read from the paired ratios, with their intervals, so a
// close call shows as one.
import type { Estimate } from './bootstrap';
import type { PairedRatios } from './pairedRatios';

const times = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');

/** `1.10x [1.02-1.21]`: a ratio and its interval. */
export function formatEstimate(estimate: Estimate): string {
  return `${times(estimate.value)} [${Number.isFinite(estimate.low) ? estimate.low.toFixed(2) : '-'}-${Number.isFinite(estimate.high) ? estimate.high.toFixed(2) : '-'}]`;
}

/** Which of tokens and p99 split loses on in one group (a ratio above 1). */
export function lossesOf(ratios: PairedRatios): { readonly tokens: boolean; readonly p99: boolean } {
  return { tokens: ratios.tokens.value > 1, p99: ratios.latencyP99.value > 1 };
}

/** One line per profile and fused arm: the families split loses on both, on tokens only, on p99 only, and how many on neither. */
export function splitLossLines(families: readonly PairedRatios[]): string[] {
  const keys = [...new Set(families.map((ratios) => `${ratios.profile}|${ratios.against}`))];
  return keys.map((key) => {
    const group = families.filter((ratios) => `${ratios.profile}|${ratios.against}` === key);
    const [profile, against] = key.split('|') as [string, string];
    const pick = (tokens: boolean, p99: boolean) => group.filter((ratios) => lossesOf(ratios).tokens === tokens && lossesOf(ratios).p99 === p99);
    const list = (items: readonly PairedRatios[], show: (ratios: PairedRatios) => string) => (items.length === 0 ? 'none' : items.map((ratios) => `${ratios.group} (${show(ratios)})`).join(', '));
    const both = pick(true, true);
    const tokens = pick(true, false);
    const p99 = pick(false, true);
    return [
      `${profile}, split vs ${against}:`,
      `loses on both tokens and p99 in ${both.length}/${group.length}: ${list(both, (r) => `tokens ${formatEstimate(r.tokens)}, p99 ${formatEstimate(r.latencyP99)}`)};`,
      `on tokens only in ${tokens.length}: ${list(tokens, (r) => `tokens ${formatEstimate(r.tokens)}`)};`,
      `on p99 only in ${p99.length}: ${list(p99, (r) => `p99 ${formatEstimate(r.latencyP99)}`)};`,
      `on neither in ${pick(false, false).length}.`,
    ].join(' ');
  });
}
