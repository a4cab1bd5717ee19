// Glob search inside a workspace: tinyglobby finds candidates, the root and nested .gitignore files
// (read with the `ignore` package) drop ignored ones, and every result is resolved through the
// WorkspaceResolver so a pattern through a symlinked folder cannot list files outside the root.
import { readFile } from 'node:fs/promises';
import ignore, { type Ignore } from 'ignore';
import { glob } from 'tinyglobby';
import { WorkspaceEscapeError } from '../core/errors';
import { workspacePathProblem } from '../core/workspacePath';
import type { WorkspaceResolver } from './workspaceResolver';

/** Folders never listed, whatever the pattern or .gitignore says. */
const ALWAYS_SKIPPED = ['**/.git/**', '**/node_modules/**', '**/.planwright/**'];

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
  const options = { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false, ignore: ALWAYS_SKIPPED };
  const [candidates, ignoreFiles] = await Promise.all([glob(pattern, options), glob('**/.gitignore', options)]);
  const rules = await loadIgnoreRules(resolver, ignoreFiles);
  const folders = new Map<string, boolean>();
  const kept = candidates.filter((path) => !isIgnored(rules, path, folders)).sort(byCodeUnit);
  const results: string[] = [];
  for (const path of kept) {
    if (results.length >= limit) break;
    if (await staysInside(resolver, path)) results.push(path);
  }
  return results;
}

/** The rules of each .gitignore, keyed by its folder ('' for the root). */
async function loadIgnoreRules(resolver: WorkspaceResolver, ignoreFiles: readonly string[]): Promise<Map<string, Ignore>> {
  const rules = new Map<string, Ignore>();
  for (const file of ignoreFiles) {
    if (!(await staysInside(resolver, file))) continue;
    const { target } = await resolver.resolve(file);
    const text = await readFile(target, 'utf8').catch(() => '');
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    rules.set(folder, ignore({ ignorecase: IGNORE_CASE }).add(text));
  }
  return rules;
}

/**
 * Git's rule: a file in an ignored folder stays ignored (no rule can re-include it); otherwise the
 * .gitignore files above it apply outermost first, so a deeper file's rules and `!negations` win.
 */
function isIgnored(rules: ReadonlyMap<string, Ignore>, path: string, folders: Map<string, boolean>): boolean {
  const segments = path.split('/');
  for (let depth = 1; depth < segments.length; depth++) {
    const folder = segments.slice(0, depth).join('/');
    let ignored = folders.get(folder);
    if (ignored === undefined) {
      ignored = layeredTest(rules, segments.slice(0, depth), true);
      folders.set(folder, ignored);
    }
    if (ignored) return true;
  }
  return layeredTest(rules, segments, false);
}

function layeredTest(rules: ReadonlyMap<string, Ignore>, segments: readonly string[], isFolder: boolean): boolean {
  let ignored = false;
  for (let depth = 0; depth < segments.length; depth++) {
    const rule = rules.get(segments.slice(0, depth).join('/'));
    if (!rule) continue;
    const result = rule.test(segments.slice(depth).join('/') + (isFolder ? '/' : ''));
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

async function staysInside(resolver: WorkspaceResolver, path: string): Promise<boolean> {
  if (workspacePathProblem(path)) return false;
  try {
    await resolver.resolve(path);
    return true;
  } catch (error) {
    if (error instanceof WorkspaceEscapeError) return false;
    throw error;
  }
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
