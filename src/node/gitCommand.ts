// Plain `git` for a run's worktree: one call, no shell (arguments are passed as they are, paths included), its
// output as text; a failure carries git's own words. Commits fall back to a Planwright identity only where git
// has none configured, so a user's name is used whenever there is one.
import { execFile } from 'node:child_process';

/** git failed: `args` and what it said. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(`git ${args.join(' ')} failed${exitCode !== null ? ` (exit ${exitCode})` : ''}: ${stderr.trim() || 'no output'}`);
    this.name = 'GitError';
  }
}

/** How one git call is made. */
export interface GitCall {
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Written to git's standard input. */
  readonly input?: string;
}

/** Runs `git args` in `call.cwd` and resolves with its standard output; rejects with a GitError. */
export function git(args: readonly string[], call: GitCall): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', [...args], { cwd: call.cwd, env: { ...process.env, ...call.env }, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const code = (error as { code?: unknown }).code;
      // ENOENT: no git on this machine at all.
      if (code === 'ENOENT') return reject(new GitError(args, 'git is not installed (or not on PATH)', null));
      reject(new GitError(args, stderr, typeof code === 'number' ? code : null));
    });
    // git may exit before reading its input (a failure): the pipe's error is then git's, reported above.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(call.input);
  });
}

/** `git args` as a yes/no question: true on exit 0, false on exit 1 (any other failure rejects). */
export async function gitAsks(args: readonly string[], call: GitCall): Promise<boolean> {
  try {
    await git(args, call);
    return true;
  } catch (error) {
    if (error instanceof GitError && error.exitCode === 1) return false;
    throw error;
  }
}

/** The environment a commit needs: empty when git knows who commits in `cwd`, else Planwright's name. */
export async function commitIdentity(cwd: string): Promise<Readonly<Record<string, string>>> {
  const known = await git(['var', 'GIT_COMMITTER_IDENT'], { cwd }).then(
    () => git(['var', 'GIT_AUTHOR_IDENT'], { cwd }).then(() => true),
  ).catch(() => false);
  if (known) return {};
  const name = 'Planwright';
  const email = 'planwright@localhost';
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}
