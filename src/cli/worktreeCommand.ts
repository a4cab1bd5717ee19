// `planwright worktree diff|apply|keep|discard RUN [--workspace DIR] [--json]`: ends a run started with
// --worktree as the user chooses. diff prints what the run changed against the worktree's start (a patch); apply
// writes it into the workspace and removes the worktree and branch, or refuses (exit 1, nothing written) naming
// the files changed in the workspace since the run started that the run changed too; keep commits the run on its
// branch and removes the worktree folder; discard removes worktree and branch. A kept branch can still be diffed,
// applied or discarded the same way. Each holds the run's lease, so a
// run still going in another process is refused (exit 4) rather than cut short. Exit 2: bad input, no such worktree,
// not a git repository.
import * as nodePath from 'node:path';
import { messageOf } from '../core/text/errorText';
import { GitError } from '../node/gitCommand';
import { openRunWorktree, WorktreeError, type RunWorktree } from '../node/runWorktree';
import { applyWorktree, discardWorktree, keepWorktree, worktreeDiff } from '../node/worktreeEnd';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { defaultRunFiles, workspaceFolder } from './runFiles';
import { withRunLease } from './runLease';

const USAGE = 'planwright worktree diff|apply|keep|discard RUN [--workspace DIR] [--json]';

const ACTIONS = ['diff', 'apply', 'keep', 'discard'] as const;
type Action = (typeof ACTIONS)[number];

/** A run id as `planwright run` makes them: no path separators, no `..`. */
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

interface WorktreeArgs {
  readonly action: Action;
  readonly runId: string;
  readonly workspace: string;
  readonly json: boolean;
}

function parse(args: readonly string[]): WorktreeArgs | { readonly error: string } | 'help' {
  const positional: string[] = [];
  let workspace: string | undefined;
  let json = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--json') json = true;
    else if (arg === '--workspace' || arg.startsWith('--workspace=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++index];
      if (value === undefined || value === '') return { error: '--workspace needs a value' };
      workspace = value;
    } else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else positional.push(arg);
  }
  const [action, runId, extra] = positional;
  if (action === undefined || !ACTIONS.includes(action as Action)) return { error: `the first argument must be ${ACTIONS.join(', ')}${action === undefined ? '' : `, not "${action}"`}` };
  if (runId === undefined) return { error: 'the run id is needed (the RUN of .planwright/runs/RUN.journal.jsonl, as planwright run printed it)' };
  if (!RUN_ID.test(runId)) return { error: `"${runId}" is not a run id (letters, digits, - and _)` };
  if (extra !== undefined) return { error: `unexpected argument ${extra}` };
  return { action: action as Action, runId, workspace: workspace ?? '.', json };
}

/** The `worktree` sub-command. */
export const worktreeCommand: CliCommand = {
  name: 'worktree',
  usage: `${USAGE}\n      end a run started with --worktree: show its diff, apply it to the workspace, keep its branch, or discard it`,
  run: async (args, io) => {
    const parsed = parse(args);
    if (parsed === 'help') {
      io.stdout.write(`Usage: ${USAGE}\n`);
      return EXIT.ok;
    }
    if ('error' in parsed) return fail(io, `${parsed.error}\nUsage: ${USAGE}`);
    const folder = await workspaceFolder(nodePath.resolve(io.cwd, parsed.workspace));
    if ('error' in folder) return fail(io, folder.error);
    try {
      // Found before the lease is taken: a run without a worktree leaves no lease file behind either.
      const worktree = await openRunWorktree(folder.root, parsed.runId, { keptBranch: true });
      return await withRunLease(defaultRunFiles(folder.root, parsed.runId).journal, io, () => act(parsed, worktree, io));
    } catch (error) {
      if (error instanceof WorktreeError && error.reason === 'conflict') {
        io.stderr.write(`planwright worktree: ${error.message}\n`);
        if (parsed.json) io.stdout.write(`${JSON.stringify({ runId: parsed.runId, applied: false, changedInWorkspace: error.files }, null, 2)}\n`);
        return EXIT.failed;
      }
      if (error instanceof WorktreeError || error instanceof GitError) return fail(io, messageOf(error));
      throw error;
    }
  },
};

async function act(args: WorktreeArgs, worktree: RunWorktree, io: CliIo): Promise<number> {
  const out = (json: object, text: string) => io.stdout.write(args.json ? `${JSON.stringify({ runId: args.runId, ...json }, null, 2)}\n` : text);
  switch (args.action) {
    case 'diff': {
      const diff = await worktreeDiff(worktree);
      out({ branch: worktree.branch, files: diff.files, patch: diff.patch }, diff.patch === '' ? `run ${args.runId} changed nothing\n` : diff.patch);
      return EXIT.ok;
    }
    case 'apply': {
      const applied = await applyWorktree(worktree);
      out({ applied: true, files: applied.files }, `applied run ${args.runId} to ${worktree.workspace}: ${fileList(applied.files)}; its worktree and branch ${worktree.branch} are removed\n`);
      return EXIT.ok;
    }
    case 'keep': {
      const kept = await keepWorktree(worktree, `Planwright run ${args.runId}`);
      out({ branch: kept.branch, files: kept.files }, `kept branch ${kept.branch} with the run's changes (${fileList(kept.files)}); its worktree folder is removed and ${worktree.workspace} is as it was\n`);
      return EXIT.ok;
    }
    case 'discard':
      await discardWorktree(worktree);
      out({ discarded: true }, `discarded run ${args.runId}: its worktree and branch ${worktree.branch} are removed; ${worktree.workspace} is as it was\n`);
      return EXIT.ok;
  }
}

function fileList(files: readonly string[]): string {
  if (files.length === 0) return 'no files';
  return `${files.length} ${files.length === 1 ? 'file' : 'files'} (${files.join(', ')})`;
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright worktree: ${message}\n`);
  return EXIT.badInput;
}
