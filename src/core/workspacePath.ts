// The one rule for a workspace-relative path as written in a plan: relative, inside the root, portable.
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
