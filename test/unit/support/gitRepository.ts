// Real git repositories for the worktree tests: `git` with a fixed identity, and a repository with two files committed.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/** `git args` in `cwd`, its output. */
export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@t' } });
}

/** A repository in `dir` with `a.txt` and `b.txt` committed on `main`. */
export async function committedRepository(dir: string): Promise<void> {
  gitIn(dir, 'init', '-q', '-b', 'main');
  await writeFile(path.join(dir, 'a.txt'), 'one\n');
  await writeFile(path.join(dir, 'b.txt'), 'two\n');
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', 'start');
}
