// Glob search inside a workspace: tinyglobby finds candidates, the root and nested .gitignore files
// (read with the `ignore` package) drop ignored ones, and every result is resolved through the
// WorkspaceResolver so a pattern through a symlinked folder cannot list files outside the root.
import { glob } from 'tinyglobby';
import { WorkspaceEscapeError } from '../core/errors';
import { ALWAYS_SKIPPED_GLOBS, gitignoreFolder, GitignoreRules, type GitignoreFile } from '../core/gitignoreRules';
import { DEFAULT_MAX_READ_BYTES } from '../core/tools/defineTool';
import { workspacePathProblem } from '../core/workspacePath';
import { readRegularFile } from './fileReading';
import { insideOrUndefined, type WorkspaceResolver } from './workspaceResolver';

/** Matches git's own default: case-insensitive ignore rules where the file system usually is. */
const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

/** Files (not folders) under the resolver's root matching `pattern`, sorted, gitignored ones left out. */
export async function findWorkspaceFiles(
  resolver: WorkspaceResolver,
  pattern: string,
  limit = Number.POSITIVE_INFINITY,
): Promise<readonly string[]> {
  const problem = workspacePathProblem(pattern);
  if (problem) throw new WorkspaceEscapeError(pattern, problem);
  const root = await resolver.realRoot();
  const options = { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false, ignore: ALWAYS_SKIPPED_GLOBS };
  const [candidates, ignoreFiles] = await Promise.all([glob(pattern, options), glob('**/.gitignore', options)]);
  const rules = new GitignoreRules(await readIgnoreFiles(resolver, ignoreFiles), IGNORE_CASE);
  const kept = candidates.filter((path) => !rules.isIgnored(path)).sort(byCodeUnit);
  const results: string[] = [];
  for (const path of kept) {
    if (results.length >= limit) break;
    if (await insideOrUndefined(resolver.resolve(path))) results.push(path);
  }
  return results;
}

/** The text of each .gitignore that stays inside the root; one that is a FIFO, huge or binary counts as empty. */
async function readIgnoreFiles(resolver: WorkspaceResolver, ignoreFiles: readonly string[]): Promise<GitignoreFile[]> {
  const files: GitignoreFile[] = [];
  for (const file of ignoreFiles) {
    const resolved = await insideOrUndefined(resolver.resolve(file));
    if (!resolved) continue;
    files.push({ folder: gitignoreFolder(file), text: await readRegularFile(resolved.target, file, DEFAULT_MAX_READ_BYTES).catch(() => '') });
  }
  return files;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
