// What the writes that never clobber cost, and the window they leave. For files of 1 KiB, 64 KiB and
// 1 MiB, times NodeWorkspace.writeFile (temp file + rename) against writeFileIfUnchanged (temp file, the
// per-file lock, a read that compares the file with what was seen, rename, the carried-over check), and
// times a bare rename() of the same file: the remaining window is the one rename() call between the
// comparing read and the new file in place, during which a foreign rewrite (not an append: appends are
// carried over) is not seen. Prints medians and p95 in microseconds.
// Run: npx tsc -p bench && node out/bench/conditionalWriteBench.js [rounds]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { NodeWorkspace } from '../src/node/nodeWorkspace';

const SIZES = [1024, 64 * 1024, 1024 * 1024];

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

async function timed(rounds: number, once: (round: number) => Promise<void>): Promise<number[]> {
  const micros: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    await once(round);
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return micros;
}

function line(label: string, micros: readonly number[]): string {
  return `${label.padEnd(34)} median ${percentile(micros, 0.5).toFixed(0).padStart(6)} µs   p95 ${percentile(micros, 0.95).toFixed(0).padStart(6)} µs`;
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 200);
  const root = mkdtempSync(path.join(tmpdir(), 'planwright-bench-'));
  try {
    const workspace = new NodeWorkspace(root);
    console.log(`conditional writes, ${rounds} rounds each, in ${root}`);
    for (const size of SIZES) {
      const texts = [0, 1].map((variant) => String(variant).repeat(size));
      writeFileSync(path.join(root, 'f.txt'), texts[0]!);
      const plain = await timed(rounds, (round) => workspace.writeFile('f.txt', texts[(round + 1) % 2]!));
      writeFileSync(path.join(root, 'f.txt'), texts[0]!);
      const checked = await timed(rounds, (round) => workspace.writeFileIfUnchanged('f.txt', texts[round % 2]!, texts[(round + 1) % 2]!));
      const renames = await timedRenames(root, texts[0]!, rounds);
      const kib = `${size / 1024} KiB`;
      console.log(`\n${kib}`);
      console.log(line('writeFile', plain));
      console.log(line('writeFileIfUnchanged', checked));
      console.log(`${'cost of the check'.padEnd(34)} median ${(percentile(checked, 0.5) - percentile(plain, 0.5)).toFixed(0).padStart(6)} µs`);
      console.log(line('remaining window (one rename)', renames));
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The duration of each rename() alone, the write that prepares it left out. */
async function timedRenames(root: string, text: string, rounds: number): Promise<number[]> {
  const micros: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await writeFile(path.join(root, 'other.txt'), text);
    const start = process.hrtime.bigint();
    await rename(path.join(root, 'other.txt'), path.join(root, 'g.txt'));
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return micros;
}

void main();
