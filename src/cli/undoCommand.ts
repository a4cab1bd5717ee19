// `planwright undo JOURNAL [--from STEP] [--workspace DIR] [--json]`: puts back every file the run of that
// journal changed (or, with --from, what that step and the steps started after it changed), file by file,
// refusing any file changed since the run left it, and journals that it did (an `undone` record). A run that worked
// in a git worktree is undone there; once that worktree was applied, kept or discarded, undo says so and what to do
// (after Apply: --workspace names the folder to undo in). Exit 0 when nothing was refused, 1 otherwise.
import * as nodePath from 'node:path';
import { loadRunState } from '../core/executor/runRecorder';
import { JournalError, type RunState } from '../core/run/runState';
import { UndoScopeError } from '../core/undo/runFileChanges';
import { describeRunUndo, undoneRecord, undoRun } from '../core/undo/undoRun';
import { CorruptRecordLogError, JsonlRecordLog } from '../node/jsonlRecordLog';
import { NodeWorkspace } from '../node/nodeWorkspace';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { hasContent, workspaceFolder } from './runFiles';
import { journalledWorktree } from './runInWorktree';
import { fileToRead } from './pathInput';
import { stderrLogger } from './runSession';

const USAGE = 'planwright undo JOURNAL [--from STEP] [--workspace DIR] [--json]';

/** The `undo` sub-command. */
export const undoCommand: CliCommand = {
  name: 'undo',
  usage: `${USAGE}\n      put back the files a run changed (from STEP on), refusing files changed since`,
  run: undo,
};

interface UndoFlags {
  readonly journal?: string;
  readonly from?: string;
  readonly workspace?: string;
  readonly json: boolean;
  readonly help: boolean;
}

/** Parses the command line of `undo`; an error says which argument is wrong. */
export function parseUndoFlags(args: readonly string[]): UndoFlags | { readonly error: string } {
  const flags: { journal?: string; from?: string; workspace?: string; json: boolean; help: boolean } = { json: false, help: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--json') flags.json = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg === '--from' || arg === '--workspace') {
      const value = args[++index];
      if (value === undefined || value.startsWith('--')) return { error: `${arg} needs a value` };
      if (arg === '--from') flags.from = value;
      else flags.workspace = value;
    } else if (arg.startsWith('--')) return { error: `unknown option ${arg}` };
    else if (flags.journal === undefined) flags.journal = arg;
    else return { error: `unexpected argument ${arg}` };
  }
  return flags;
}

async function undo(args: readonly string[], io: CliIo): Promise<number> {
  const flags = parseUndoFlags(args);
  if ('error' in flags) return fail(io, `${flags.error}; see planwright undo --help`);
  if (flags.help) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  if (flags.journal === undefined) return fail(io, `the journal of the run to undo is needed\nUsage: ${USAGE}`);
  const checkedJournal = await fileToRead(io.cwd, flags.journal, 'JOURNAL');
  if ('error' in checkedJournal && !checkedJournal.missing) return fail(io, checkedJournal.error);
  const journalPath = nodePath.resolve(io.cwd, flags.journal);
  if (!(await hasContent(journalPath))) return fail(io, `no journal at ${flags.journal}`);
  let state: RunState;
  try {
    state = await loadRunState(new JsonlRecordLog(journalPath), (warning) => stderrLogger(io).warn(warning));
  } catch (error) {
    if (error instanceof JournalError || error instanceof CorruptRecordLogError) return fail(io, `cannot read ${flags.journal}: ${error.message}`);
    throw error;
  }
  const rootPath = flags.workspace !== undefined ? nodePath.resolve(io.cwd, flags.workspace) : await recordedRoot(state);
  if (typeof rootPath === 'object') return fail(io, `cannot undo in the run's worktree: ${rootPath.error}`);
  if (rootPath === undefined) return fail(io, 'the journal does not say which workspace the run used: pass --workspace DIR');
  const folder = await workspaceFolder(rootPath);
  if ('error' in folder) return fail(io, folder.error);
  try {
    const result = await undoRun(new NodeWorkspace(folder.root), state, flags.from);
    await journalUndone(journalPath, undoneRecord(state, result, Date.now(), flags.from));
    io.stdout.write(flags.json ? `${JSON.stringify({ runId: state.runId, ...result }, null, 2)}\n` : `${describeRunUndo(result).join('\n')}\n`);
    return result.refused.length === 0 ? EXIT.ok : EXIT.failed;
  } catch (error) {
    if (error instanceof UndoScopeError) return fail(io, error.message);
    throw error;
  }
}

/** Where the run of `state` worked: its worktree (or why that is gone), else the workspace its journal names. */
async function recordedRoot(state: RunState): Promise<string | { readonly error: string } | undefined> {
  const worktree = await journalledWorktree(state);
  if (worktree) return 'error' in worktree ? worktree : worktree.root;
  return typeof state.host?.workspace === 'string' ? state.host.workspace : undefined;
}

/** Journals the undo, so the run's report (and the editor, after a reload) says it was undone. */
async function journalUndone(journalPath: string, record: ReturnType<typeof undoneRecord>): Promise<void> {
  if (!record) return;
  const journal = new JsonlRecordLog(journalPath);
  try {
    await journal.append(record);
  } finally {
    await journal.close();
  }
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright undo: ${message}\n`);
  return EXIT.badInput;
}
