// Every figure docs/benchmark.md quotes, from one command: the split-versus-fused benchmark (v1 and v2,
// every profile), the re-plan's size next to the plan's, the executor's overhead and makespans, the
// validation gate in process and as a whole `planwright validate`, pathological input per MB, the
// workspace summary on 100,000 files, the token estimate's error and the bundles' sizes. Each part runs
// as a child process of its own (so one part's warm JIT or heap does not flatter the next), in turn, and
// its output is written to DIR/<part>.txt as it comes; DIR/figures.md gathers them with the command each
// came from and the load average around it. A part that fails is reported and the rest still run.
// Run: npx tsc -p bench && node out/bench/allFigures.js --out DIR [--only NAME[,NAME…]]
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const OUT_BENCH = path.join(ROOT, 'out', 'bench');

/** One part: its name, what it measures, and the command that prints its figures. */
interface Part {
  readonly name: string;
  readonly what: string;
  readonly command: readonly string[];
}

const node = (script: string, ...args: string[]): string[] => [process.execPath, path.join(OUT_BENCH, script), ...args];

/** In the order docs/benchmark.md gives them. The production build comes first: the CLI and bundle figures measure it. */
function parts(out: string): Part[] {
  return [
    { name: 'build', what: 'the minified bundles the CLI and bundle figures measure', command: [process.execPath, path.join(ROOT, 'esbuild.js'), '--production'] },
    { name: 'split-vs-fused', what: 'tokens, calls and p50/p95/p99 latency of split, fused and auto on v1 and v2, every profile', command: node('benchMain.js', '--set', 'all', '--out', path.join(out, 'split-vs-fused')) },
    { name: 'replan-tokens', what: "a re-plan's prompt and reply next to the plan's, on the faulted tasks and a 20-step plan", command: node('replanTokens.js') },
    { name: 'executor', what: "the executor's overhead per step and the makespan of parallel steps", command: node('executorBench.js') },
    { name: 'validate', what: 'the validation gate on a 1,000-step plan, in process', command: node('validatePlanBench.js') },
    { name: 'cli-validate', what: '`planwright validate` of 1,000 steps against `planwright --version`, as whole processes', command: node('cliValidateBench.js', '15') },
    { name: 'pathological', what: 'validation per MB of pathological plan files, replies and patches', command: node('pathologicalPlanBench.js', '10') },
    { name: 'workspace-summary', what: "the planner's workspace summary on 100,000 files, per listing source", command: node('workspaceSummaryBench.js', '100000', '5') },
    { name: 'token-estimate', what: "the built-in token estimate's error against o200k_base", command: node('tokenEstimateError.js') },
  ];
}

/** Runs `part`, its output going to the console and to `file`; resolves to its exit code. */
function runPart(part: Part, file: string): Promise<number> {
  return new Promise((resolve) => {
    const sink = createWriteStream(file);
    const child = spawn(part.command[0]!, part.command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        sink.write(chunk);
      });
    }
    child.on('error', (error) => {
      sink.end(`${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => sink.end(() => resolve(code ?? 1)));
  });
}

/** A command as a person would type it from the repository's root. */
function shown(command: readonly string[]): string {
  return command.map((arg, index) => (index === 0 && arg === process.execPath ? 'node' : path.isAbsolute(arg) && arg.startsWith(ROOT) ? path.relative(ROOT, arg) : arg)).join(' ');
}

function bundleSizes(): string {
  return ['extension.js', 'cli.js']
    .map((name) => `dist/${name}: ${statSync(path.join(ROOT, 'dist', name)).size.toLocaleString('en-US')} bytes minified`)
    .join('\n');
}

function parseArgs(argv: readonly string[]): { out: string; only?: ReadonlySet<string> } {
  const value = (flag: string): string | undefined => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  const out = value('--out');
  if (!out) throw new Error('usage: node out/bench/allFigures.js --out DIR [--only NAME[,NAME…]]');
  const only = value('--only');
  return { out: path.resolve(out), ...(only ? { only: new Set(only.split(',')) } : {}) };
}

async function main(): Promise<void> {
  const { out, only } = parseArgs(process.argv.slice(2));
  mkdirSync(out, { recursive: true });
  const all = parts(out);
  const unknown = [...(only ?? [])].filter((name) => !all.some((part) => part.name === name));
  if (unknown.length > 0) throw new Error(`unknown part ${unknown.join(', ')}; the parts are ${all.map((part) => part.name).join(', ')}`);
  const sections: string[] = [`# Figures\n\nMade by \`${shown([process.execPath, __filename, ...process.argv.slice(2)])}\`, started ${new Date().toISOString()}.`];
  let failed = 0;
  for (const part of all.filter((candidate) => !only || candidate.name === 'build' || only.has(candidate.name))) {
    const file = path.join(out, `${part.name}.txt`);
    const loadBefore = loadavg()[0]!;
    const started = Date.now();
    console.log(`\n===== ${part.name}: ${part.what} =====`);
    const code = await runPart(part, file);
    if (code !== 0) failed++;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const output = readFileSync(file, 'utf8').trimEnd();
    const extra = part.name === 'build' && code === 0 ? bundleSizes() : '';
    const status = code === 0 ? 'ok' : `exit ${code}`;
    sections.push(`## ${part.name}: ${part.what}\n\n\`${shown(part.command)}\`: ${status} in ${seconds} s, load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after.\n\n\`\`\`\n${[output, extra].filter((text) => text.length > 0).join('\n')}\n\`\`\``);
  }
  writeFileSync(path.join(out, 'figures.md'), `${sections.join('\n\n')}\n`);
  console.log(`\n${path.join(out, 'figures.md')}${failed > 0 ? `; ${failed} part(s) failed` : ''}`);
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
