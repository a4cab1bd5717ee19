// How long the planner's workspace summary takes on a large repository: builds a fixture of N files
// (default 100,000: 20 top-level folders, 50 sub-folders each, a .gitignore that leaves some out, a
// node_modules folder) in a temp folder, adds it to a git index, then times each listing source and
// the whole summary. Prints medians of wall and CPU time. The fixture is removed at the end.
// Run: npx tsc -p bench && node out/bench/workspaceSummaryBench.js [files] [runs]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { summarizeWorkspace } from '../src/core/planner/workspaceSummary';
import { listAllFiles, type ListingCommands } from '../src/node/listAllFiles';
import { NodeWorkspace } from '../src/node/nodeWorkspace';
import { WorkspaceResolver } from '../src/node/workspaceResolver';

const TOP_FOLDERS = 20;
const SUB_FOLDERS = 50;
const MISSING = 'planwright-no-such-command';

function buildFixture(root: string, files: number): void {
  writeFileSync(path.join(root, '.gitignore'), '*.log\ndist/\n');
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'fixture', version: '1.0.0', scripts: { test: 'node --test' } }));
  for (let index = 0; index < files; index++) {
    const folder = path.join(root, `pkg${index % TOP_FOLDERS}`, `mod${Math.floor(index / TOP_FOLDERS) % SUB_FOLDERS}`);
    if (index < TOP_FOLDERS * SUB_FOLDERS) mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `file${index}.${index % 10 === 0 ? 'log' : 'ts'}`), `export const value${index} = ${index};\n`);
  }
  mkdirSync(path.join(root, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(path.join(root, 'node_modules', 'dep', 'index.js'), '');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function time(label: string, runs: number, run: () => Promise<number>): Promise<void> {
  const walls: number[] = [];
  const cpus: number[] = [];
  let count = 0;
  for (let index = 0; index < runs; index++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    count = await run();
    walls.push(Number(process.hrtime.bigint() - start) / 1e6);
    const cpu = process.cpuUsage(cpuStart);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  // Child processes (git, rg) are not in this process's CPU time; wall time is the figure that counts.
  console.log(`${label.padEnd(26)} ${median(walls).toFixed(0).padStart(7)} ms wall  ${median(cpus).toFixed(0).padStart(6)} ms CPU (this process)  ${count} files`);
}

async function main(): Promise<void> {
  const files = Number(process.argv[2] ?? 100_000);
  const runs = Number(process.argv[3] ?? 5);
  const root = mkdtempSync(path.join(tmpdir(), 'planwright-summary-bench-'));
  try {
    const built = Date.now();
    buildFixture(root, files);
    console.log(`Workspace summary on ${files} files (${TOP_FOLDERS}×${SUB_FOLDERS} folders, 10% gitignored), median of ${runs} runs; fixture built in ${((Date.now() - built) / 1000).toFixed(0)} s`);
    const resolver = new WorkspaceResolver(root);
    const workspace = new NodeWorkspace(root);
    await time('summarizeWorkspace', runs, async () => (await summarizeWorkspace(workspace)).fileCount);
    // The walk last: it is the slowest by far.
    const sources: [string, ListingCommands][] = [
      ['git ls-files', { git: 'git', ripgrep: MISSING }],
      ['rg --files', { git: MISSING, ripgrep: 'rg' }],
      ['walk (tinyglobby+ignore)', { git: MISSING, ripgrep: MISSING }],
    ];
    for (const [label, commands] of sources) {
      await time(label, runs, async () => (await listAllFiles(resolver, commands)).files.length);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
