// The preview of a step that changes files, built on top of the changes that the plan's earlier unfinished
// steps (pending, waiting or approved) would make to the same files first: approving a later edit of a file
// shows what it does to the file as the earlier edits leave it, not to the file as it is on disk now.
import { FileNotFoundError } from '../errors';
import type { Plan, Step } from '../plan/planSchema';
import { resolveStepArgs } from '../plan/resolveStepArgs';
import type { StepStatus } from '../plan/stepStatus';
import { NOT_STARTED_STATUSES } from '../run/stepTransitions';
import type { ApprovalPreview, Workspace } from '../ports';
import { writesOfCall } from '../tools/toolCall';
import { approvalPreview } from './approvalPreview';
import { type RunState } from '../run/runState';
import { stepOutputs } from '../run/stepOutputs';

/** Statuses of a step whose effect is still to come, so a later step's preview includes it. */
const UNFINISHED = NOT_STARTED_STATUSES;

/** What the composition reads: the plan, each step's status and the outputs of the steps that succeeded. */
export interface PreviewContext {
  readonly plan: Plan;
  readonly statusOf: (stepId: string) => StepStatus | undefined;
  readonly outputs: ReadonlyMap<string, string>;
}

/** `workspace` whose files in `overlay` read as given there (null: the file is absent). */
function overlaid(workspace: Workspace, overlay: ReadonlyMap<string, string | null>): Workspace {
  // Delegates method by method: a host's workspace is a class whose methods a spread would not copy.
  return {
    readFile: async (path, options) => {
      if (!overlay.has(path)) return workspace.readFile(path, options);
      const content = overlay.get(path);
      if (content === null || content === undefined) throw new FileNotFoundError(path);
      return content;
    },
    readTextChunks: (path) => {
      if (!overlay.has(path)) return workspace.readTextChunks(path);
      const content = overlay.get(path);
      if (content === null || content === undefined) throw new FileNotFoundError(path);
      return (async function* () {
        yield content;
      })();
    },
    writeFile: (path, content) => workspace.writeFile(path, content),
    writeFileIfUnchanged: (path, seen, content) => workspace.writeFileIfUnchanged(path, seen, content),
    appendFile: (path, content) => workspace.appendFile(path, content),
    deleteFile: (path) => workspace.deleteFile(path),
    rename: (from, to) => workspace.rename(from, to),
    stat: (path) => workspace.stat(path),
    findFiles: (glob, options) => workspace.findFiles(glob, options),
    listAllFiles: () => workspace.listAllFiles(),
  };
}

/**
 * The preview of `step` (called with `args`, already resolved) over the files as the plan's earlier
 * unfinished steps that write the same files would leave them; each file change names those steps in
 * `basedOn`. An earlier change that cannot apply, or whose arguments cannot be resolved yet, is left out.
 */
export async function composedPreview(step: Pick<Step, 'id' | 'tool'>, args: Readonly<Record<string, unknown>>, context: PreviewContext, workspace: Workspace): Promise<ApprovalPreview> {
  const targets = new Set(writesOfCall(step.tool, args));
  const index = context.plan.steps.findIndex((candidate) => candidate.id === step.id);
  if (targets.size === 0 || index <= 0) return approvalPreview(step.tool, args, workspace);
  const overlay = new Map<string, string | null>();
  const basedOn = new Map<string, string[]>();
  for (const earlier of context.plan.steps.slice(0, index)) {
    if (!UNFINISHED.has(context.statusOf(earlier.id) ?? 'pending')) continue;
    const resolved = resolveStepArgs(earlier, context.outputs);
    if (!resolved.ok) continue;
    const earlierArgs = resolved.args as Record<string, unknown>;
    if (!writesOfCall(earlier.tool, earlierArgs).some((path) => targets.has(path))) continue;
    const preview = await approvalPreview(earlier.tool, earlierArgs, overlaid(workspace, overlay));
    if (preview.kind !== 'fileChanges' || preview.changes.some((change) => change.problem !== undefined)) continue;
    for (const change of preview.changes) {
      overlay.set(change.path, change.after);
      basedOn.set(change.path, [...(basedOn.get(change.path) ?? []), earlier.id]);
    }
  }
  const preview = await approvalPreview(step.tool, args, overlaid(workspace, overlay));
  if (preview.kind !== 'fileChanges' || basedOn.size === 0) return preview;
  return {
    kind: 'fileChanges',
    changes: preview.changes.map((change) => {
      const earlier = basedOn.get(change.path);
      return earlier ? { ...change, basedOn: earlier } : change;
    }),
  };
}

/** The composition's view of a run: its current plan, its step statuses and its outputs. */
export function previewContextOf(state: RunState): PreviewContext {
  return { plan: state.plan, statusOf: (stepId) => state.steps.get(stepId)?.status, outputs: stepOutputs(state) };
}
