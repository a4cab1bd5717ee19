// Which steps may run without asking: a pure function of the step's tool, its effect class and the
// user's settings. The model can never approve anything; only this policy or the user can. Whether a tool
// is approved command by command is the tool's own word (`commandLine` in its definition).
import { isMcpToolName } from '../tools/mcpToolName';
import type { EffectClass, ToolDefinition } from '../tools/defineTool';
import { isCompoundCommand } from '../text/compoundCommand';
import { findTool } from '../tools/toolCatalog';
import type { AutoApprove } from '../run/runOptions';
import { canonicalJson } from '../text/canonicalJson';

/** The user's approval settings. */
export interface ApprovalSettings {
  readonly autoApprove: AutoApprove;
  /** Exact command strings the user allowed once and for all. No prefix matching. */
  readonly approvedCommands: readonly string[];
  /** The user allowed, explicitly, running again a step that ended unknown and came back unchanged from a revision. */
  readonly rerunUnknown?: boolean;
  /** The user allowed steps that widen the approved scope to run under these settings. */
  readonly allowScopeGrowth?: boolean;
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
  // A sub-plan changes nothing itself: each step of its child plan is approved under these same rules.
  if (tool === 'subplan') return undefined;
  const definition = findTool(tool);
  if (definition?.commandLine) {
    const command = commandLineOf(definition, args);
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

/** The command line a call of `tool` runs; empty when its arguments are not valid (it is then asked about). */
function commandLineOf(tool: ToolDefinition<any>, args: Readonly<Record<string, unknown>>): string {
  const input = tool.input.safeParse(args);
  return input.success && tool.commandLine ? tool.commandLine(input.data) : '';
}

/** A stable key for exactly what was approved: editing the step's arguments voids the approval. */
export function approvalKey(tool: string, args: Readonly<Record<string, unknown>>): string {
  return canonicalJson([tool, args]);
}
