// Approvals through `planwright mcp`: a run the server drives records each step that waits (with its exact
// preview and a hash of its arguments), and `approve_steps` lets exactly those steps run — by step id and
// the hash shown, so a step whose arguments changed since is not approved by an old answer — and never
// more than the user allowed with `--allow-approve`. The calling model still cannot approve anything the
// user did not let it.
import { createHash } from 'node:crypto';
import { approvalKey, approvalReason } from '../core/executor/approvalPolicy';
import type { ApprovalGate, ApprovalPreview, ApprovalRequest } from '../core/ports';
import { findTool } from '../core/tools/toolCatalog';
import type { ApproveMode } from './planwrightMcpTools';

/** A step the caller approves: its id and the hash of its arguments as the waiting list showed them. */
export interface StepApproval {
  readonly stepId: string;
  readonly argsHash: string;
}

/** A step that waits, as a caller sees it: what it does, why it waits, the exact preview and how to approve it. */
export interface WaitingStep {
  readonly stepId: string;
  readonly title: string;
  readonly tool: string;
  readonly reason: string;
  readonly preview: ApprovalPreview;
  readonly argsHash: string;
  /** Whether `approve_steps` may approve it under the user's `--allow-approve`. */
  readonly approvable: boolean;
}

/** The hash of a step's call (tool and resolved arguments) that an approval names. */
export function argsHashOf(tool: string, args: Readonly<Record<string, unknown>>): string {
  return createHash('sha256').update(approvalKey(tool, args)).digest('hex').slice(0, 16);
}

/** Whether the user's `--allow-approve` lets a caller approve this call. */
export function approvableUnder(allowed: ApproveMode, request: Pick<ApprovalRequest, 'tool' | 'args'>): boolean {
  if (allowed === 'all') return true;
  if (allowed === 'none') return false;
  const definition = findTool(request.tool);
  const input = definition?.input.safeParse(request.args);
  const effect = definition && input?.success ? definition.effect(input.data, {}) : 'nonIdempotent';
  return approvalReason(request.tool, effect, request.args, { autoApprove: 'readOnly', approvedCommands: [] }) === undefined;
}

/** A gate that approves the calls in `approved` the user allows and lets every other step wait, listing it. */
export function mcpApprovalGate(allowed: ApproveMode, approved: readonly StepApproval[] = []): { readonly gate: ApprovalGate; readonly waiting: WaitingStep[] } {
  const waiting: WaitingStep[] = [];
  const gate: ApprovalGate = {
    request: async (request) => {
      const argsHash = argsHashOf(request.tool, request.args);
      const approvable = approvableUnder(allowed, request);
      if (approvable && approved.some((entry) => entry.stepId === request.stepId && entry.argsHash === argsHash)) return 'approved';
      waiting.push({ stepId: request.stepId, title: request.title, tool: request.tool, reason: request.reason, preview: request.preview, argsHash, approvable });
      return 'wait';
    },
  };
  return { gate, waiting };
}
