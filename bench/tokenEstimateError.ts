// How far the built-in token estimate (src/node/tokenEstimate.ts) is from o200k_base as gpt-tokenizer
// counts it, per kind of text: this repository's TypeScript sources, its Markdown docs, the benchmark's
// JSON plans, the JSON Schemas of plan files, and the planner's system prompt. Each sample is a chunk of
// at most 4,000 characters cut at a line break (a plan is one sample). `--fit` instead prints the mean
// tokens per piece kind and length on a different corpus (TypeScript's lib .d.ts files and package
// READMEs), the table the estimate uses.
// Run: npx tsc -p bench && node out/bench/tokenEstimateError.js [--fit]
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { plannerSystemMessage } from '../src/core/planner/plannerPrefix';
import { estimateTokens, pieceKind, tokenPieces } from '../src/node/tokenEstimate';
import { generateTasks } from './tasks/generateTasks';

const ROOT = path.resolve(__dirname, '..', '..');
const CHUNK_CHARS = 4_000;

function filesUnder(folder: string, suffix: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .sort()
    .map((file) => path.join(ROOT, folder, file));
}

/** `text` cut at line breaks into chunks of at most CHUNK_CHARS (a longer line is a chunk of its own). */
function chunks(text: string): string[] {
  const result: string[] = [];
  let current = '';
  for (const line of text.split(/(?<=\n)/)) {
    if (current.length > 0 && current.length + line.length > CHUNK_CHARS) {
      result.push(current);
      current = '';
    }
    current += line;
  }
  if (current.trim().length > 0) result.push(current);
  return result;
}

function corpus(): Record<string, string[]> {
  const read = (files: string[]) => files.flatMap((file) => chunks(readFileSync(file, 'utf8')));
  return {
    'TypeScript (src/)': read(filesUnder('src', '.ts')),
    'Markdown (README, docs/)': read([path.join(ROOT, 'README.md'), ...filesUnder('docs', '.md')]),
    'JSON plans (bench v1 tasks)': generateTasks().map((task) => JSON.stringify(task.plan)),
    'JSON Schema (schemas/)': read(filesUnder('schemas', '.json')),
    'planner system prompt': chunks(plannerSystemMessage().content),
  };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function measure(): void {
  console.log('Token estimate vs o200k_base (gpt-tokenizer): relative error |estimate - real| / real per sample');
  console.log('');
  console.log(`${'text'.padEnd(30)} ${'samples'.padStart(7)} ${'tokens'.padStart(8)} ${'mean'.padStart(6)} ${'p95'.padStart(6)} ${'total'.padStart(7)}`);
  for (const [kind, samples] of Object.entries(corpus())) {
    let real = 0;
    let estimated = 0;
    const errors = samples
      .map((sample) => {
        const exact = countTokens(sample);
        const guess = estimateTokens(sample);
        real += exact;
        estimated += guess;
        return Math.abs(guess - exact) / exact;
      })
      .sort((a, b) => a - b);
    const mean = errors.reduce((sum, error) => sum + error, 0) / errors.length;
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(6);
    const total = `${estimated >= real ? '+' : ''}${(((estimated - real) / real) * 100).toFixed(1)}%`;
    console.log(`${kind.padEnd(30)} ${String(samples.length).padStart(7)} ${String(real).padStart(8)} ${percent(mean)} ${percent(quantile(errors, 0.95))} ${total.padStart(7)}`);
  }
  console.log('');
  console.log('mean/p95: of the per-sample relative error; total: signed error of the summed estimate.');
}

function fit(): void {
  const typescriptLib = path.join(ROOT, 'node_modules/typescript/lib');
  const libs = readdirSync(typescriptLib).filter((file) => /^lib\..*\.d\.ts$/.test(file)).map((file) => path.join(typescriptLib, file));
  const readmes = readdirSync(path.join(ROOT, 'node_modules')).map((name) => path.join(ROOT, 'node_modules', name, 'README.md'));
  const sums = new Map<string, { tokens: number; count: number }>();
  for (const file of [...libs, ...readmes]) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const piece of tokenPieces(text)) {
      const key = `${pieceKind(piece)} ${Math.min(piece.length, 24)}`;
      const sum = sums.get(key) ?? { tokens: 0, count: 0 };
      sum.tokens += countTokens(piece);
      sum.count++;
      sums.set(key, sum);
    }
  }
  for (const [key, { tokens, count }] of [...sums].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
    console.log(`${key.padEnd(16)} ${(tokens / count).toFixed(2).padStart(6)}  (${count} pieces)`);
  }
}

if (process.argv.includes('--fit')) fit();
else measure();
