// Which steps may run without asking: a pure function of the step's tool, its effect class and the
// user's settings. The model can never approve anything; only this policy or the user can.
import { isMcpToolName } from '../tools/mcpToolName';
import type { EffectClass } from '../tools/defineTool';
import { canonicalJson } from '../text/canonicalJson';

/** What runs without asking: nothing, read-only steps, read-only steps and idempotent file writes, or all. */
export type AutoApprove = 'none' | 'readOnly' | 'readOnlyAndIdempotentFileEdits' | 'all';

/** The user's approval settings. */
export interface ApprovalSettings {
  readonly autoApprove: AutoApprove;
  /** Exact command strings the user allowed once and for all. No prefix matching. */
  readonly approvedCommands: readonly string[];
  /** The user allowed, explicitly, running again a step that ended unknown and came back unchanged from a revision. */
  readonly rerunUnknown?: boolean;
}

/** Shell syntax that chains, pipes, redirects or substitutes: such a command is always shown first. */
const COMPOUND_SHELL = /;|&|\||>|<|`|\$\(|\r|\n/;

/** True when `command` chains, pipes, redirects or substitutes, so an allow-list entry cannot cover it. */
export function isCompoundCommand(command: string): boolean {
  return COMPOUND_SHELL.test(command);
}

/** The tools whose idempotent calls count as file edits for `readOnlyAndIdempotentFileEdits`. */
const IDEMPOTENT_FILE_EDIT_TOOLS: ReadonlySet<string> = new Set(['writeFile']);

/** Why a step needs the user's approval, or `undefined` when the settings let it run. */
export function approvalReason(
  tool: string,
  effect: EffectClass,
  args: Readonly<Record<string, unknown>>,
  settings: ApprovalSettings,
): string | undefined {
  if (settings.autoApprove === 'all') return undefined;
  if (tool === 'runCommand') {
    const command = typeof args.command === 'string' ? args.command : '';
    if (isCompoundCommand(command)) return 'the command chains, pipes or redirects: it is always shown before it runs';
    if (settings.approvedCommands.includes(command)) return undefined;
    return 'commands run only after approval unless listed exactly in planwright.approvedCommands';
  }
  if (effect === 'readOnly') {
    return settings.autoApprove === 'none' ? 'auto-approve is off' : undefined;
  }
  if (settings.autoApprove === 'readOnlyAndIdempotentFileEdits' && effect === 'idempotent' && IDEMPOTENT_FILE_EDIT_TOOLS.has(tool)) {
    return undefined;
  }
  return isMcpToolName(tool) ? `${tool} is not read-only` : `${tool} changes the workspace`;
}

/** A stable key for exactly what was approved: editing the step's arguments voids the approval. */
export function approvalKey(tool: string, args: Readonly<Record<string, unknown>>): string {
  return canonicalJson([tool, args]);
}
