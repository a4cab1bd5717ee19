// What the workspace says about a failed step, computed without a model: for an edit whose `find` did
// not match, the region of the file where it should have and the nearest match; for a missing file, the
// nearest existing path; for a failed command, the paths it names that do not exist and their nearest
// existing ones. It also decides the repair rule: a failure whose evidence points at one local fix
// (a stale find, a mistyped path or command) may be repaired by one small call before re-planning.
import { closestName } from '../plan/closestName';
import type { Step } from '../plan/planSchema';
import type { Workspace } from '../ports';
import { nearestWindow, numberedRegion } from '../text/nearestMatch';
import { appliesAt, countOccurrences } from '../tools/applyEdits';
import { quote } from '../text/quote';
import type { FailureRecord } from '../run/journalRecords';

/** The evidence about one failure, and whether a local fix may do. */
export interface FailureEvidence {
  /** Lines for the re-planner and the repairer. */
  readonly lines: readonly string[];
  /** Why a repair of the step alone may fix it (the repair rule), or undefined when only a re-plan can. */
  readonly localFix?: string;
  /** The texts that fix would change (a stale find, a mistyped path): other steps holding them break the same way. */
  readonly mistaken?: readonly string[];
}

/** Below this similarity a window is no match worth showing as one. */
const MIN_SIMILARITY = 0.5;
/** At most this many workspace files are listed to find a nearest path. */
const PATH_CANDIDATES = 5_000;
/** A command word that looks like a file path: has a `/` or ends in an extension. */
const PATH_LIKE = /^(?:[\w.@-]+\/)*[\w@-][\w.@-]*\.[A-Za-z0-9]+$|^(?:[\w.@-]+\/)+[\w.@-]+$/;

/** Gathers the evidence for `step`, which failed with `failure` when called with `args` (references resolved). */
export async function gatherEvidence(step: Step, args: Readonly<Record<string, unknown>> | undefined, failure: FailureRecord | undefined, workspace: Workspace): Promise<FailureEvidence> {
  if (!failure || !args) return { lines: [] };
  try {
    if (failure.reason === 'findNotUnique' && step.tool === 'editFile') return await editEvidence(args, workspace);
    if (failure.reason === 'fileNotFound' || failure.reason === 'notAFile') return await pathEvidence(args, workspace);
    if (failure.reason === 'exitCode' && step.tool === 'runCommand') return await commandEvidence(String(args.command ?? ''), workspace);
  } catch {
    // Evidence is a help, never a reason to fail the recovery: an unreadable file just gives none.
  }
  return { lines: [] };
}

async function editEvidence(args: Readonly<Record<string, unknown>>, workspace: Workspace): Promise<FailureEvidence> {
  const path = String(args.path);
  const content = await workspace.readFile(path);
  const edits = Array.isArray(args.edits) ? (args.edits as { find?: unknown; replaceAll?: unknown }[]) : [];
  const lines: string[] = [];
  const stale: string[] = [];
  let local = true;
  for (const [index, edit] of edits.entries()) {
    const find = String(edit.find ?? '');
    const matches = countOccurrences(content, find);
    if (appliesAt({ find, replace: '', replaceAll: edit.replaceAll === true }, matches)) continue;
    const which = edits.length > 1 ? `edit ${index + 1}'s find` : 'the find text';
    if (matches > 1) {
      const at = lineNumbersOf(content, find).slice(0, 5);
      lines.push(`${which} occurs ${matches} times in ${path} (lines ${at.join(', ')}): make it longer so it matches once, or set replaceAll if every one should change`);
      continue;
    }
    const window = nearestWindow(content, find);
    if (!window || window.similarity < MIN_SIMILARITY) {
      local = false;
      lines.push(`${which} is not in ${path}, and no lines of it are alike (the file has ${content.split('\n').length} lines)`);
      continue;
    }
    stale.push(find);
    lines.push(`${which} is not in ${path}; nearest match, lines ${window.startLine}-${window.endLine} (similarity ${window.similarity.toFixed(2)}):`);
    lines.push(numberedRegion(content, window.startLine, window.endLine).trimEnd());
  }
  return { lines, ...(local && lines.length > 0 ? { localFix: 'a stale or ambiguous find text, with the place it should match in the file', mistaken: stale } : {}) };
}

function lineNumbersOf(content: string, find: string): number[] {
  const numbers: number[] = [];
  for (let at = content.indexOf(find); at !== -1; at = content.indexOf(find, at + 1)) numbers.push(content.slice(0, at).split('\n').length);
  return numbers;
}

async function pathEvidence(args: Readonly<Record<string, unknown>>, workspace: Workspace): Promise<FailureEvidence> {
  const lines: string[] = [];
  const missing: string[] = [];
  for (const key of ['path', 'from']) {
    const path = args[key];
    if (typeof path !== 'string' || (await workspace.stat(path))?.type === 'file') continue;
    const nearest = await nearestPath(path, workspace);
    if (nearest) missing.push(path);
    lines.push(nearest ? `no file at ${path}; nearest existing path: ${nearest}` : `no file at ${path}, and no existing path is close to it`);
  }
  return { lines, ...(missing.length > 0 ? { localFix: 'a mistyped path, with the nearest existing one', mistaken: missing } : {}) };
}

async function commandEvidence(command: string, workspace: Workspace): Promise<FailureEvidence> {
  const lines: string[] = [];
  const mistyped: string[] = [];
  for (const word of new Set(command.split(/\s+/).map((token) => token.replace(/^['"]|['"]$/g, '')))) {
    if (!PATH_LIKE.test(word) || word.startsWith('-') || (await workspace.stat(word))) continue;
    const nearest = await nearestPath(word, workspace);
    if (!nearest) continue;
    mistyped.push(word);
    lines.push(`the command names ${quote(word)}, which does not exist; nearest existing path: ${nearest}`);
  }
  return { lines, ...(mistyped.length > 0 ? { localFix: 'a mistyped path in the command, with the nearest existing one', mistaken: mistyped } : {}) };
}

/** The existing workspace file whose path is closest to `path`, when it is plausibly a typo of it. */
async function nearestPath(path: string, workspace: Workspace): Promise<string | undefined> {
  const files = await workspace.findFiles('**/*', { limit: PATH_CANDIDATES });
  return closestName(path.replace(/^(\.\/)+/, ''), files);
}
