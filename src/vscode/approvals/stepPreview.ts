// What approving a step would do, for its preview: computed when it is shown, over the files as they are now and
// as the plan's earlier unfinished steps leave them (the same composition the executor asks with).
import * as vscode from 'vscode';
import { composedPreview, previewContextOf, type PreviewContext } from '../../core/executor/composedPreview';
import { stepOutputs } from '../../core/run/stepOutputs';
import { resolveStepArgs } from '../../core/plan/resolveStepArgs';
import type { ApprovalRequest } from '../../core/ports';
import type { PlanSession } from '../plan/planSession';
import type { RunHost } from '../run/runHost';

/** What a preview is computed with. */
export interface StepPreviewDeps {
  readonly session: PlanSession;
  readonly ports: RunHost['ports'];
}

/**
 * What approving `stepId` would do, computed now over the files as the plan's earlier unfinished steps leave
 * them: an open question keeps its request but not its preview, which was computed when it asked and goes stale
 * once the file changes (an edit whose find text is gone since then says it cannot apply). A reason instead when
 * its arguments wait on earlier outputs.
 */
export async function previewOf(deps: StepPreviewDeps, stepId: string): Promise<ApprovalRequest | string | undefined> {
  const open = deps.session.approvals.get(stepId);
  const plan = deps.session.plan;
  const step = plan?.steps.find((candidate) => candidate.id === stepId);
  const folder = vscode.workspace.workspaceFolders?.[0];
  // A sub-plan's step is not in the plan: its question's own preview is all there is.
  if (!plan || !step || !folder) return open;
  const state = deps.session.runs.state;
  const context: PreviewContext = state ? previewContextOf(state) : { plan, statusOf: () => undefined, outputs: new Map() };
  const workspace = deps.ports(folder).workspace;
  if (open) return { ...open, preview: await composedPreview(step, open.args, context, workspace).catch(() => open.preview) };
  const resolved = resolveStepArgs(step, state ? stepOutputs(state) : new Map());
  if (!resolved.ok) return vscode.l10n.t("{0}'s arguments use the output of steps that have not run yet; what it does shows once they have.", deps.session.stepName(stepId));
  const args = resolved.args as Record<string, unknown>;
  const preview = await composedPreview(step, args, context, workspace);
  return { stepId, title: step.title, tool: step.tool, args, reason: 'preview', preview };
}
