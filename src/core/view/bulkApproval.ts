// Which waiting steps the bulk approvals may answer, and how "Approve All Edits…" lists them. "Approve
// Read-Only Steps" takes only calls that change nothing (reads, lists, searches, read-only MCP tools);
// "Approve All Edits…" takes file edits that apply and delete nothing, plus MCP calls their server says
// only add, and shows each of them before approving. Commands, deletions, renames, model edits and edits
// that can no longer apply are always approved one by one.
import type { ApprovalRequest, Localize } from '../ports';
import { findTool } from '../tools/toolCatalog';
import { approvalSummary } from './approvalPrompt';
import { approvalKey, type RunApprovalRequest } from './waitingSection';

/** True when the waiting step only reads: approving it changes nothing. */
export function isReadOnlyRequest(request: Pick<ApprovalRequest, 'tool' | 'args'>): boolean {
  const tool = findTool(request.tool);
  if (!tool || tool.commandLine) return false;
  const input = tool.input.safeParse(request.args);
  return input.success && tool.effect(input.data, {}) === 'readOnly';
}

/** True when the waiting step is an edit "Approve All Edits…" lists: it changes files (or adds, through MCP) and deletes nothing. */
export function isListedEdit(request: Pick<ApprovalRequest, 'tool' | 'args' | 'preview'>): boolean {
  if (isReadOnlyRequest(request)) return false;
  const provenance = findTool(request.tool)?.provenance;
  if (provenance) return !provenance.oneByOne;
  const { preview } = request;
  return preview.kind === 'fileChanges' && preview.changes.length > 0 && preview.changes.every((change) => change.after !== null && change.problem === undefined);
}

/** One entry of the list "Approve All Edits…" shows: the step (and the run that asks) with its name and what approving it does. */
export interface ListedEdit {
  readonly stepId: string;
  readonly runId?: string;
  readonly label: string;
  readonly detail: string;
}

/** The edits among `requests`, each named by `name` (as the tree numbers it) with what it does ("changes src/cli.js"). */
export function listedEdits(l10n: Localize, requests: readonly RunApprovalRequest[], name: (request: RunApprovalRequest) => string): ListedEdit[] {
  return requests.filter(isListedEdit).map((request) => ({ stepId: request.stepId, ...(request.runId === undefined ? {} : { runId: request.runId }), label: name(request), detail: approvalSummary(l10n, request) }));
}

/**
 * Which open questions approving `shown` answers: each listed run's step, while it still is an edit the list
 * would show. A question that opened after the list was shown (another run's step of the same id) is not one.
 */
export function shownEditsRule(shown: readonly ListedEdit[]): (request: RunApprovalRequest) => boolean {
  const keys = new Set(shown.map(approvalKey));
  return (request) => keys.has(approvalKey(request)) && isListedEdit(request);
}
