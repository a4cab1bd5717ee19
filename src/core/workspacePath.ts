// The one rule for a workspace-relative path as written in a plan: relative, inside the root, portable;
// and whether a path lies in a scope of files and folders (a folder covers everything under it).
// The Workspace port implementations enforce confinement again on the real file system (symlinks, case);
// this is the early, pure check that lets validation name the offending field.
import { z } from 'zod';

/** Why `path` cannot name a file inside the workspace, or `undefined` when it can. */
export function workspacePathProblem(path: string): string | undefined {
  if (path.length === 0) return 'is empty';
  if (path.includes('\0')) return 'contains a NUL byte';
  if (path.length > 1024) return 'is longer than 1024 characters';
  if (path.startsWith('/') || path.startsWith('\\')) return 'is absolute; use a path relative to the workspace root';
  if (/^[A-Za-z]:/.test(path)) return 'starts with a drive letter; use a path relative to the workspace root';
  if (path === '~' || path.startsWith('~/') || path.startsWith('~\\')) return 'starts with "~"; use a path relative to the workspace root';
  if (path.split(/[\\/]/).includes('..')) return 'contains ".."; paths may not leave the workspace';
  return undefined;
}

/** A workspace-relative path; the error message says what is wrong with it. */
export const WorkspacePathSchema = z.string().superRefine((path, ctx) => {
  const problem = workspacePathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: `path "${path.slice(0, 200)}" ${problem}` });
});

/** A path compared without `./`, trailing `/` or case: `./Src/` and `src` are one entry. */
function scopeKey(path: string): string {
  const key = path.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '').toLowerCase();
  return key === '.' ? '' : key;
}

/** Whether `path` is one of `scope`'s files or lies inside one of its folders. */
export function inScope(path: string, scope: readonly string[]): boolean {
  const key = scopeKey(path);
  return scope.some((entry) => {
    const root = scopeKey(entry);
    return root === '' || key === root || key.startsWith(`${root}/`);
  });
}
