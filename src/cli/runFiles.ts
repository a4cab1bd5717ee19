// Files and folders of a headless run: the plan file, the workspace folder check and the
// default place of a run's journal and trace, `<workspace>/.planwright/runs/<runId>.journal.jsonl` / `.trace.jsonl`.
import { mkdir, open, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { parsePlanText } from '../core/plan/parsePlan';
import { formatProblem } from '../core/plan/planProblem';
import type { ValidPlan } from '../core/plan/planSchema';
import { messageOf } from '../core/text/errorText';
import { errorCode } from '../node/errorCode';
import type { CliIo } from './cliIo';

/** The folder, inside a workspace, that holds Planwright's own files. */
export const PLANWRIGHT_FOLDER = '.planwright';

/** The real path of the folder `path`, or why it cannot be a workspace. */
export async function workspaceFolder(path: string): Promise<{ readonly root: string } | { readonly error: string }> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return { error: `workspace folder not found: ${path}` };
  if (!info.isDirectory()) return { error: `workspace is not a folder: ${path}` };
  return { root: await realpath(path) };
}

/** Where a run's journal and trace go by default. */
export function defaultRunFiles(root: string, runId: string): { readonly journal: string; readonly trace: string } {
  const folder = nodePath.join(root, PLANWRIGHT_FOLDER, 'runs');
  return { journal: nodePath.join(folder, `${runId}.journal.jsonl`), trace: nodePath.join(folder, `${runId}.trace.jsonl`) };
}

/** The trace that belongs to a journal whose run recorded none: next to it, `.trace.jsonl` for `.journal.jsonl`. */
export function traceBesideJournal(journal: string): string {
  return journal.endsWith('.journal.jsonl') ? journal.replace(/\.journal\.jsonl$/, '.trace.jsonl') : `${journal}.trace.jsonl`;
}

/**
 * Creates `<root>/.planwright` with a `.gitignore` that ignores everything in it, when any of `paths`
 * lies inside it: run files are local state, not something to commit.
 */
export async function preparePlanwrightFolder(root: string, paths: readonly string[]): Promise<void> {
  const folder = nodePath.join(root, PLANWRIGHT_FOLDER);
  if (!paths.some((path) => path.startsWith(`${folder}${nodePath.sep}`))) return;
  await mkdir(folder, { recursive: true });
  await writeFile(nodePath.join(folder, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
}

/** True when a file exists at `path` and is not empty. */
export async function hasContent(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && info.size > 0;
}

/**
 * True when the journal at `path` holds at least one whole record (a line ended by its newline). A file
 * with only a torn first line is a run that stopped while writing its first record: nothing ran, so a
 * new run may take the file over (opening it cuts the torn line off).
 */
export async function holdsRecords(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return false;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    // Whether the line read so far has anything but white space in it.
    let lineHasText = false;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return false;
      for (const byte of buffer.subarray(0, bytesRead)) {
        if (byte === 0x0a) {
          if (lineHasText) return true;
        } else if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) lineHasText = true;
      }
    }
  } finally {
    await file.close();
  }
}

/**
 * The plan in `file` (relative to the working folder) through the validation gate. On problems, prints
 * one line per problem on stderr and returns the error that sums them up.
 */
export async function readPlanFile(io: CliIo, file: string): Promise<{ readonly plan: ValidPlan; readonly usage: readonly [] } | { readonly error: string }> {
  let text: string;
  try {
    text = await readFile(nodePath.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = errorCode(error);
    return { error: code === 'ENOENT' ? `file not found: ${file}` : code === 'EISDIR' ? `${file} is a folder, not a file` : `cannot read ${file}: ${messageOf(error)}` };
  }
  const verdict = parsePlanText(text, file);
  if (verdict.ok) return { plan: verdict.plan, usage: [] };
  for (const problem of verdict.problems) io.stderr.write(`${formatProblem(problem)}\n`);
  return { error: `${file}: ${verdict.problems.length} ${verdict.problems.length === 1 ? 'problem' : 'problems'}; the plan did not run` };
}
