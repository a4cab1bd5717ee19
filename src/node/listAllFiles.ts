// The complete file listing of a workspace, for counting (the planner's workspace summary): git's index
// when the folder is in a git work tree, else ripgrep's listing, else the glob walk of findWorkspaceFiles.
// Each source is told to apply the .gitignore files of the workspace and nothing else (no global
// excludes, no .git/info/exclude, no .ignore files), so the three agree on what is left out (git alone
// still counts the rare tracked file that a .gitignore matches; see listWithGit).
import { execFile } from 'node:child_process';
import { inSkippedFolder } from '../core/gitignoreRules';
import { findWorkspaceFiles } from './findWorkspaceFiles';
import type { WorkspaceResolver } from './workspaceResolver';

/** How a listing was made. */
export type ListingSource = 'git' | 'ripgrep' | 'walk';

/** The executables to try; a name that cannot be run (or fails) skips to the next source. */
export interface ListingCommands {
  readonly git: string;
  readonly ripgrep: string;
}

const DEFAULT_COMMANDS: ListingCommands = { git: 'git', ripgrep: 'rg' };

/** Enough for a few million paths; a listing that outgrows it falls back to the walk. */
const MAX_LISTING_BYTES = 512 * 1024 * 1024;

/** The NUL-separated output of a command run in `cwd`, or `undefined` when it cannot run or fails. */
function outputOf(command: string, args: readonly string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, maxBuffer: MAX_LISTING_BYTES, windowsHide: true, encoding: 'utf8' }, (error, stdout) => resolve(error ? undefined : stdout));
  });
}

function entries(output: string): string[] {
  return output.split('\0').filter((path) => path.length > 0 && !path.endsWith('/'));
}

/**
 * Files in git's index plus untracked files that no .gitignore matches; `undefined` outside a work tree.
 * One `git ls-files`: asking git also for tracked files a .gitignore matches, or for tracked files deleted
 * but not yet staged, costs a second pass over every file (2-3× the time on 100k files), so those rare
 * files are counted here though the walk and ripgrep leave them out.
 */
export async function listWithGit(root: string, git = DEFAULT_COMMANDS.git): Promise<string[] | undefined> {
  const output = await outputOf(git, ['ls-files', '-z', '--cached', '--others', '--exclude-per-directory=.gitignore'], root);
  // An unmerged file is listed once per conflict stage; the Set keeps one.
  return output === undefined ? undefined : [...new Set(entries(output))];
}

/** Files ripgrep lists with only the workspace's .gitignore files applied; `undefined` when rg cannot run. */
export async function listWithRipgrep(root: string, ripgrep = DEFAULT_COMMANDS.ripgrep): Promise<string[] | undefined> {
  const output = await outputOf(
    ripgrep,
    ['--files', '--null', '--hidden', '--no-require-git', '--no-ignore-global', '--no-ignore-exclude', '--no-ignore-parent', '--no-ignore-dot', '--glob', '!.git', '--glob', '!node_modules', '--glob', '!.planwright'],
    root,
  );
  return output === undefined ? undefined : entries(output);
}

/** Every file of the workspace that is not ignored, from the first source that works, and which one it was. */
export async function listAllFiles(resolver: WorkspaceResolver, commands: ListingCommands = DEFAULT_COMMANDS): Promise<{ readonly files: readonly string[]; readonly source: ListingSource }> {
  const root = await resolver.realRoot();
  const fromGit = await listWithGit(root, commands.git);
  if (fromGit) return { files: fromGit.filter((path) => !inSkippedFolder(path)), source: 'git' };
  const fromRipgrep = await listWithRipgrep(root, commands.ripgrep);
  if (fromRipgrep) return { files: fromRipgrep.filter((path) => !inSkippedFolder(path)), source: 'ripgrep' };
  return { files: await findWorkspaceFiles(resolver, '**/*'), source: 'walk' };
}
