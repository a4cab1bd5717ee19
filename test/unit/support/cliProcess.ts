// The bundled `planwright` (dist/cli.js) run as a child process, as a user runs it, for the corpora that
// drive it from outside: a wait bounded by the machine's time budget (a run still going is killed and
// reported as hung), an environment without the user's own PLANWRIGHT_* settings, an optional module
// preloaded into the child (a test's fault injection), and the check that what a person reads names
// what is wrong without program internals.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');

/** The test process's environment without the settings that would point a child at a real model. */
export const CLEAN_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('PLANWRIGHT_') && entry[0] !== 'OPENAI_API_KEY'),
);

/** How a child run ended. */
export interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Still running when its budget ran out, so it was killed. */
  readonly hung: boolean;
}

/** What to run the CLI with besides its arguments. */
export interface CliOptions {
  /** Added to CLEAN_ENV. */
  readonly env?: Readonly<Record<string, string>>;
  /** A compiled module loaded into the child before the CLI (`node -r`). */
  readonly preload?: string;
  /** Nominal budget before the child counts as hung (default 30 s), scaled for this machine. */
  readonly nominalMs?: number;
}

/** A running CLI child: the process (to signal it) and how it ends. */
export interface CliChild {
  readonly child: ChildProcess;
  readonly ended: Promise<Ended>;
}

/** Bundles dist/cli.js from the current sources, so the corpora test what they compiled. */
export function bundleCli(): void {
  execFileSync(process.execPath, ['esbuild.js'], { cwd: REPO, stdio: 'pipe' });
}

/** Starts `planwright args…` in `cwd`. */
export function startCli(args: readonly string[], cwd: string, options: CliOptions = {}): CliChild {
  const node = options.preload ? ['-r', options.preload] : [];
  const child = spawn(process.execPath, [...node, CLI, ...args], { cwd, env: { ...CLEAN_ENV, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let hung = false;
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const guard = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, budgetMs(options.nominalMs ?? 30_000));
  const ended = new Promise<Ended>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, hung });
    }),
  );
  return { child, ended };
}

/** Runs `planwright args…` in `cwd` to its end. */
export function runCliProcess(args: readonly string[], cwd: string, options: CliOptions = {}): Promise<Ended> {
  return startCli(args, cwd, options).ended;
}

/** What a person reads of a run: its stderr, and its stdout, or for a --json report the texts in it, decoded. */
export function readable(ended: Ended): string {
  let report: unknown;
  try {
    report = JSON.parse(ended.stdout);
  } catch {
    return `${ended.stdout}${ended.stderr}`;
  }
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(report);
  return [...texts, ended.stderr].join('\n');
}

/** What a person reads must say what is wrong, briefly, and show no program internals. */
export function assertClear(output: string, where: string): void {
  assert.doesNotMatch(output, /^\s+at .+[(:]\d+/m, `${where}: no stack trace`);
  assert.doesNotMatch(output, /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|Maximum call stack)\b/, `${where}: no internal error`);
  for (const line of output.split('\n')) assert.ok(line.length <= 2_500, `${where}: a line of ${line.length} characters`);
}

/** Runs `check` on every case, `parallel` at a time, and fails once with every case that failed. */
export async function checkEach<T>(cases: readonly T[], parallel: number, check: (item: T) => Promise<void>): Promise<void> {
  const pending = [...cases];
  const failures: string[] = [];
  const worker = async (): Promise<void> => {
    for (let item = pending.shift(); item !== undefined; item = pending.shift()) {
      await check(item).catch((error: unknown) => failures.push(error instanceof Error ? error.message : String(error)));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  assert.deepEqual(failures, [], `${failures.length} of ${cases.length} cases:\n${failures.join('\n\n')}`);
}
