// What an approval prompt says (one notification line: the step, and exactly what it will do) and which
// waiting steps "Approve All Safe Steps" may approve: those that only read, or write files in a way that
// is safe to repeat. Commands, deletions, renames and model edits are always approved one by one.
import { isCompoundCommand } from '../executor/approvalPolicy';
import type { ApprovalRequest } from '../ports';
import { shorten } from '../text/shorten';
import { findTool } from '../tools/toolCatalog';

/** Tools whose calls "Approve All Safe Steps" approves in bulk: they only read, or set a file's content. */
const SAFE_TOOLS: ReadonlySet<string> = new Set(['readFile', 'listFiles', 'searchText', 'writeFile', 'appendFile', 'editFile']);

/** True when a waiting step may be approved together with others, without its own look. */
export function isSafeToApproveInBulk(request: Pick<ApprovalRequest, 'tool' | 'preview'>): boolean {
  const provenance = findTool(request.tool)?.provenance;
  if (provenance) return !provenance.oneByOne;
  if (!SAFE_TOOLS.has(request.tool)) return false;
  if (request.preview.kind !== 'fileChanges') return request.preview.kind === 'none';
  // A change that deletes a file is never "safe" in bulk.
  // Nor is one that can no longer apply: approving it only fails the step.
  return request.preview.changes.every((change) => change.after !== null && change.problem === undefined);
}

/**
 * True when `request` runs a command line that `approvedCommands` lists exactly, so it may run without asking
 * even in a run that started before the user listed it; a command that chains, pipes or redirects never is.
 */
export function isApprovedCommand(request: Pick<ApprovalRequest, 'preview'>, approvedCommands: readonly string[]): boolean {
  const { preview } = request;
  return preview.kind === 'command' && !isCompoundCommand(preview.command) && approvedCommands.includes(preview.command);
}

/** What approving does, in one line: the command and folder, the files changed, or the edit asked for. */
export function approvalSummary(request: Pick<ApprovalRequest, 'tool' | 'preview' | 'args'>): string {
  const { preview } = request;
  switch (preview.kind) {
    case 'command':
      return `runs \`${shorten(preview.command, 200)}\` in ${preview.cwd === '.' || preview.cwd === '' ? 'the workspace folder' : preview.cwd}`;
    case 'fileChanges':
      return preview.changes
        .map((change) => (change.after === null ? `deletes ${change.path}` : change.before === null ? `creates ${change.path}` : `changes ${change.path}`))
        .join(', ');
    case 'modelEdit':
      return `asks the model to edit ${preview.path}: ${shorten(preview.instruction, 120)}`;
    case 'none':
      return `calls ${request.tool}`;
  }
}

/** The notification text for a waiting step. */
export function approvalMessage(request: Pick<ApprovalRequest, 'stepId' | 'title' | 'tool' | 'preview' | 'args' | 'reason'>): string {
  const provenance = findTool(request.tool)?.provenance;
  const hints = provenance ? ` (${provenance.effect}; ${provenance.approval})` : '';
  return `Planwright: approve ${request.stepId} "${shorten(request.title, 80)}"? It ${approvalSummary(request)}${hints}.`;
}
