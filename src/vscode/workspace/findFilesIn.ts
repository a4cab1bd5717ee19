// Finding files in a workspace folder of any file system through `vscode.workspace.findFiles`: the user's
// files.exclude and search.exclude and the folders never listed are left out, then every .gitignore applies,
// results sorted by code unit, and a file reached through a link that leads out of the folder is not listed.
import * as vscode from 'vscode';
import { WorkspaceEscapeError } from '../../core/errors';
import { ALWAYS_SKIPPED_GLOBS, gitignoreFolder, GitignoreRules, type GitignoreFile } from '../../core/gitignoreRules';
import { workspacePathProblem } from '../../core/workspacePath';
import { insideOrUndefined } from '../../node/workspaceResolver';

// ignoreBOM keeps a byte order mark in the text, as Node's readFile does.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** How a folder is searched: git's case rule, how many results at most, and the folder's confinement check. */
export interface FindOptions {
  readonly ignoreCase: boolean;
  readonly limit?: number;
  /** Resolves a workspace path inside the folder, or rejects with WorkspaceEscapeError. */
  readonly resolve: (path: string) => Promise<{ readonly target: vscode.Uri }>;
}

/** The workspace paths below `folder` that match `glob`; see the file header. */
export async function findFilesIn(folder: vscode.Uri, glob: string, options: FindOptions): Promise<readonly string[]> {
  const problem = workspacePathProblem(glob);
  if (problem) throw new WorkspaceEscapeError(glob, problem);
  const exclude = excludePattern(folder);
  const [candidates, ignoreFiles] = await Promise.all([
    vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), exclude),
    vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/.gitignore'), exclude),
  ]);
  const rules = new GitignoreRules(await readIgnoreFiles(folder, ignoreFiles, options), options.ignoreCase);
  const relative = candidates.map((uri) => relativePath(folder, uri)).filter((path): path is string => path !== undefined);
  const kept = [...new Set(relative)].filter((path) => !rules.isIgnored(path)).sort(byCodeUnit);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const results: string[] = [];
  for (const path of kept) {
    if (results.length >= limit) break;
    // Search follows symlinks; a file reached through a link that leads out is not listed.
    if (await insideOrUndefined(options.resolve(path))) results.push(path);
  }
  return results;
}

/** `uri` as a path relative to `folder`, or `undefined` when it is not below it. */
function relativePath(folder: vscode.Uri, uri: vscode.Uri): string | undefined {
  if (uri.scheme !== folder.scheme || uri.authority !== folder.authority) return undefined;
  const root = comparablePath(folder.path).replace(/\/+$/, '');
  const path = comparablePath(uri.path);
  if (!path.startsWith(`${root}/`)) return undefined;
  const relative = uri.path.slice(root.length + 1);
  return workspacePathProblem(relative) ? undefined : relative;
}

async function readIgnoreFiles(folder: vscode.Uri, uris: readonly vscode.Uri[], options: FindOptions): Promise<GitignoreFile[]> {
  const files: GitignoreFile[] = [];
  for (const uri of uris) {
    const path = relativePath(folder, uri);
    const resolved = path === undefined ? undefined : await insideOrUndefined(options.resolve(path));
    if (path === undefined || !resolved) continue;
    const text = await Promise.resolve(vscode.workspace.fs.readFile(resolved.target)).then((bytes) => decoder.decode(bytes), () => '');
    files.push({ folder: gitignoreFolder(path), text });
  }
  return files;
}

/**
 * The folders never listed, plus the user's `files.exclude` and `search.exclude` patterns. findFiles
 * applies files.exclude at most and never search.exclude, and node_modules is in neither by default
 * (https://github.com/microsoft/vscode/issues/48674), so all of them go into the one exclude pattern it
 * takes. Patterns with braces or commas are left out: they cannot be nested inside that `{a,b}`.
 */
function excludePattern(folder: vscode.Uri): string {
  const patterns = new Set(ALWAYS_SKIPPED_GLOBS);
  for (const section of ['files', 'search']) {
    const excludes = vscode.workspace.getConfiguration(section, folder).get<Record<string, unknown>>('exclude') ?? {};
    for (const [pattern, enabled] of Object.entries(excludes)) {
      if (enabled !== true || /[{},]/.test(pattern)) continue;
      patterns.add(pattern);
      patterns.add(`${pattern.replace(/\/+$/, '')}/**`);
    }
  }
  return `{${[...patterns].join(',')}}`;
}

/** Windows drive letters come in either case in Uri paths; compare them in one. */
function comparablePath(path: string): string {
  return path.replace(/^\/([A-Za-z]):/, (_match, drive: string) => `/${drive.toLowerCase()}:`);
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
