// A run's git worktree: a run started with the worktree option works in `<workspace>/.planwright/worktrees/<run>`,
// a worktree of the workspace's repository on the branch `planwright/<run>`, so it never touches the workspace
// itself. The worktree starts from the workspace as it is when the run starts: HEAD when nothing is changed, else a
// commit of the working tree (changed and new files that git does not ignore), made through a private index so the
// user's index and HEAD stay as they are. That start (the base) is kept as the ref `refs/planwright-base/<run>` (not under refs/planwright/, which git would read the branch's short name as) for the
// diff and the apply (worktreeEnd.ts); Keep Branch keeps it too, so the kept branch can still be diffed, applied or
// discarded. How the worktree ended is noted beside it (`<run>.ended`), so whatever looks for it later (undo, resume,
// `planwright worktree`) says what became of it and what to do. `.planwright/` is made ignored (in .git/info/exclude
// when no .gitignore does) so the workspace's status stays clean.
import { appendFile, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { z } from 'zod';
import { commitIdentity, git, gitAsks, GitError } from './gitCommand';

/** Why a worktree could not be made or used. */
export type WorktreeProblem = 'notGit' | 'noWorktree' | 'conflict' | 'git';

/** A worktree run's problem in words, with a reason to tell the cases apart by. */
export class WorktreeError extends Error {
  constructor(
    readonly reason: WorktreeProblem,
    message: string,
    /** For `conflict`: the files changed in the workspace since the run started that the run changed too. */
    readonly files: readonly string[] = [],
  ) {
    super(message);
    this.name = 'WorktreeError';
  }
}

/** What a run's journal records of its worktree (in its `host` record, under `worktree`). */
export const WorktreeRecordSchema = z.object({
  /** The workspace the run was started in (the real path), where "apply" writes. */
  workspace: z.string().min(1),
  /** Where the run's steps work: the worktree's copy of the workspace folder. */
  root: z.string().min(1),
  /** The branch the worktree is on. */
  branch: z.string().min(1),
});
export type WorktreeRecord = z.infer<typeof WorktreeRecordSchema>;

/** A run's worktree, as a run and the end choices use it. */
export interface RunWorktree {
  readonly runId: string;
  /** The workspace (real path) the run was started from. */
  readonly workspace: string;
  /** The top folder of the workspace's repository. */
  readonly repository: string;
  /** The worktree's folder. */
  readonly path: string;
  /** Where the run's steps work: the worktree's copy of the workspace folder. */
  readonly root: string;
  readonly branch: string;
  /** The commit the worktree started from. */
  readonly base: string;
  /** True when only its branch is left (ended with Keep Branch): the folder is gone, the run's changes are committed on the branch. */
  readonly kept: boolean;
}

/** How a run's worktree was ended. */
export type WorktreeEnding = 'applied' | 'kept' | 'discarded';
const ENDINGS: readonly WorktreeEnding[] = ['applied', 'kept', 'discarded'];

/** The folder, inside a workspace, that holds the worktrees of its runs. */
export const WORKTREES_FOLDER = nodePath.join('.planwright', 'worktrees');

/** The branch of run `runId`'s worktree. */
export function worktreeBranch(runId: string): string {
  return `planwright/${runId}`;
}

/** The ref that keeps the start of run `runId`'s worktree. */
export function baseRef(runId: string): string {
  return `refs/planwright-base/${runId}`;
}

/** The folder of run `runId`'s worktree inside `workspace`. */
export function worktreePath(workspace: string, runId: string): string {
  return nodePath.join(workspace, WORKTREES_FOLDER, runId);
}

/** The worktree's copy of the workspace folder at `prefix` (`''` or `sub/dir/`) in the repository. */
function withinWorktree(path: string, prefix: string): string {
  return prefix === '' ? path : nodePath.join(path, prefix.replace(/\/$/, ''));
}

/** Where how run `runId`'s worktree ended is noted. */
function endingPath(workspace: string, runId: string): string {
  return `${worktreePath(workspace, runId)}.ended`;
}

/** Notes how `worktree` was ended, for whatever looks for it later. */
export async function noteEnding(worktree: RunWorktree, ending: WorktreeEnding): Promise<void> {
  await writeFile(endingPath(worktree.workspace, worktree.runId), `${ending}\n`);
}

async function notedEnding(workspace: string, runId: string): Promise<WorktreeEnding | undefined> {
  const noted = (await readFile(endingPath(workspace, runId), 'utf8').catch(() => '')).trim();
  return ENDINGS.find((ending) => ending === noted);
}

/** What became of run `runId`'s worktree, and what can still be done, once its folder is gone. */
function goneMessage(workspace: string, runId: string, ending: WorktreeEnding | undefined, branchLeft: boolean): string {
  const branch = worktreeBranch(runId);
  if (branchLeft) return `run ${runId}'s worktree folder is gone: Keep Branch committed its changes on branch ${branch}, and ${workspace} never had them; planwright worktree diff|apply|discard ${runId} --workspace ${workspace} still work on that branch`;
  if (ending === 'applied') return `run ${runId}'s worktree is gone: Apply wrote its changes into ${workspace} and removed the worktree and its branch, so there is nothing left to undo or resume there; to put the applied files back, run planwright undo with the run's journal and --workspace ${workspace} (it refuses any file changed since)`;
  if (ending === 'discarded') return `run ${runId}'s worktree is gone: Discard removed it and its branch, so its changes never reached ${workspace} and there is nothing left to undo or resume`;
  return `run ${runId} has no worktree in ${workspace} (it was never made, or it was applied, kept or discarded)`;
}

/** What the journal of a run in a worktree records of it; undefined for a run in its workspace. */
export function recordedWorktree(host: Readonly<Record<string, unknown>> | undefined): WorktreeRecord | undefined {
  const parsed = WorktreeRecordSchema.safeParse(host?.worktree);
  return parsed.success ? parsed.data : undefined;
}

/** The journal's record of `worktree`. */
export function worktreeRecord(worktree: RunWorktree): WorktreeRecord {
  return { workspace: worktree.workspace, root: worktree.root, branch: worktree.branch };
}

/** What a worktree needs to know of the workspace's repository, read in one git call. */
export interface GitRepository {
  /** The repository's top folder. */
  readonly top: string;
  /** The workspace's place in it: `''`, or `sub/dir/`. */
  readonly prefix: string;
  /** The workspace's index file and its info/exclude file (absolute paths). */
  readonly index: string;
  readonly exclude: string;
  /** HEAD and its tree; absent in a repository with no commit yet. */
  readonly head?: { readonly commit: string; readonly tree: string };
}

const REPOSITORY_ARGS = ['rev-parse', '--path-format=absolute', '--show-toplevel', '--show-prefix', '--git-path', 'index', '--git-path', 'info/exclude'];

/** The repository the workspace is in (git is slow to start on a busy machine, so one call asks everything); refuses a folder git does not track. */
export async function gitRepository(workspace: string): Promise<GitRepository> {
  try {
    // HEAD fails in a repository with no commit yet: asked again without it.
    const lines = (await git([...REPOSITORY_ARGS, 'HEAD', 'HEAD^{tree}'], { cwd: workspace }).catch(() => git(REPOSITORY_ARGS, { cwd: workspace }))).split('\n');
    const [top, prefix, index, exclude, commit, tree] = lines;
    if (!top || !index || !exclude) throw new GitError(REPOSITORY_ARGS, 'no top folder', null);
    return { top, prefix: prefix ?? '', index, exclude, ...(commit && tree ? { head: { commit, tree } } : {}) };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    const why = error.exitCode === null ? error.stderr : 'it is not inside a git repository';
    throw new WorktreeError('notGit', `a run in a worktree needs the workspace to be a git repository, and ${workspace} cannot be used: ${why}. Run git init there (and commit), or run without the worktree option`);
  }
}

/** Makes `.planwright/` of the workspace ignored by git, in the repository's info/exclude when nothing ignores it yet. */
async function ignorePlanwrightFolder(repository: GitRepository): Promise<void> {
  const probe = nodePath.join(repository.prefix, WORKTREES_FOLDER, 'probe').split(nodePath.sep).join('/');
  if (await gitAsks(['check-ignore', '-q', '--no-index', probe], { cwd: repository.top })) return;
  await mkdir(nodePath.dirname(repository.exclude), { recursive: true });
  const before = await readFile(repository.exclude, 'utf8').catch(() => '');
  await appendFile(repository.exclude, `${before === '' || before.endsWith('\n') ? '' : '\n'}/${repository.prefix.split(nodePath.sep).join('/')}.planwright/\n`);
}

/**
 * The workspace's files as a tree object (what git tracks or would add: ignored files are left out), written
 * through a private copy of the index (at `scratch`) so the user's own index is not touched.
 */
export async function workingTree(repository: GitRepository, scratch: string): Promise<string> {
  await mkdir(nodePath.dirname(scratch), { recursive: true });
  // A copy of the index lets git skip hashing every unchanged file again.
  if (await stat(repository.index).catch(() => undefined)) await copyFile(repository.index, scratch);
  try {
    const env = { GIT_INDEX_FILE: scratch };
    await git(['add', '-A', '--', '.'], { cwd: repository.top, env });
    return (await git(['write-tree'], { cwd: repository.top, env })).trim();
  } finally {
    await rm(scratch, { force: true });
  }
}

/** The commit the worktree starts from: HEAD when the workspace matches it, else a commit of the workspace over HEAD. */
async function startCommit(workspace: string, repository: GitRepository, runId: string): Promise<string> {
  const tree = await workingTree(repository, nodePath.join(workspace, WORKTREES_FOLDER, `${runId}.index`));
  const head = repository.head;
  if (head?.tree === tree) return head.commit;
  const env = await commitIdentity(repository.top);
  const message = `Planwright: the workspace as run ${runId} started`;
  return (await git(['commit-tree', tree, ...(head ? ['-p', head.commit] : []), '-m', message], { cwd: repository.top, env })).trim();
}

/** Makes run `runId`'s worktree from the workspace as it is now, on a new branch; refuses a workspace that is not in a git repository. */
export async function createRunWorktree(workspace: string, runId: string): Promise<RunWorktree> {
  const repository = await gitRepository(workspace);
  const { top, prefix } = repository;
  await ignorePlanwrightFolder(repository);
  const base = await startCommit(workspace, repository, runId);
  const path = worktreePath(workspace, runId);
  const branch = worktreeBranch(runId);
  await git(['update-ref', baseRef(runId), base], { cwd: top });
  await git(['worktree', 'add', '--quiet', '-b', branch, path, base], { cwd: top });
  return { runId, workspace, repository: top, path, root: withinWorktree(path, prefix), branch, base, kept: false };
}

/**
 * Run `runId`'s worktree in `workspace`, as it was made; with `keptBranch`, also one ended with Keep Branch (only
 * its branch is left). Refuses, saying what became of it and what can still be done, when there is none.
 */
export async function openRunWorktree(workspace: string, runId: string, options: { readonly keptBranch?: boolean } = {}): Promise<RunWorktree> {
  const { top, prefix } = await gitRepository(workspace);
  const path = worktreePath(workspace, runId);
  const branch = worktreeBranch(runId);
  const base = (await git(['rev-parse', '--verify', '-q', `${baseRef(runId)}^{commit}`], { cwd: top }).catch(() => '')).trim();
  const folder = (await stat(path).catch(() => undefined)) !== undefined;
  const branchLeft = !folder && (await gitAsks(['rev-parse', '--verify', '-q', `refs/heads/${branch}`], { cwd: top }));
  const kept = branchLeft && base !== '' && options.keptBranch === true;
  if (!base || !(folder || kept)) throw new WorktreeError('noWorktree', goneMessage(workspace, runId, await notedEnding(workspace, runId), branchLeft && base !== ''));
  return { runId, workspace, repository: top, path, root: withinWorktree(path, prefix), branch, base, kept };
}
