// Getting one ready step approved: by the approval settings, by an earlier approval of exactly the same
// arguments, or by asking the user through the gate while the rest of the run goes on. Every decision is
// traced with its reason and journalled; the model never takes part.
import { stepById } from '../plan/planGraph';
import type { Step } from '../plan/planSchema';
import { resolveStepArgs } from '../plan/resolveStepArgs';
import { stepFlags } from '../plan/stepFlags';
import type { ApprovalAnswer, ApprovalGate, Workspace } from '../ports';
import { findTool } from '../tools/toolCatalog';
import { approvalKey, approvalReason, type ApprovalSettings } from './approvalPolicy';
import { composedPreview, previewContextOf } from './composedPreview';
import { canonicalJson } from '../text/canonicalJson';
import type { RunRecorder } from './runRecorder';
import { stepOutputs } from '../run/stepOutputs';
import { scopeGrowthReason } from './scopeGrowth';

/** What asking for an approval works through. */
export interface ApprovalIo {
  readonly recorder: RunRecorder;
  readonly gate: ApprovalGate;
  readonly workspace: Workspace;
  readonly settings: ApprovalSettings;
  invalidateDependents(stepId: string, what: string): Promise<void>;
}

/**
 * Approves the pending `step` when the settings or an earlier approval of the same arguments allow it;
 * otherwise moves it to `awaitingApproval`, asks the gate, and returns the open question, which settles
 * once the answer is journalled (approved; rejected → skipped and dependents invalidated; wait → left).
 */
export async function requestApproval(step: Step, io: ApprovalIo, signal: AbortSignal): Promise<{ readonly answered: Promise<void> } | undefined> {
  const { recorder } = io;
  const decide = (decision: string, reason: string) => recorder.trace({ type: 'decision', stepId: step.id, decision, reason });
  const approve = async (reason: string, approvedKey?: string) => {
    await decide('approve', reason);
    await recorder.step(step.id, 'approve', { reason, ...(approvedKey ? { approvedKey } : {}) });
  };
  const resolved = resolveStepArgs(step, stepOutputs(recorder.current));
  const tool = findTool(step.tool);
  if (!resolved.ok || !tool) {
    await approve('arguments are invalid after resolving references; the step will fail without running');
    return undefined;
  }
  const args = resolved.args as Record<string, unknown>;
  const key = approvalKey(step.tool, args);
  const risk = recorder.current.steps.get(step.id)?.rerunRisk;
  // A step that may repeat an effect is never approved by the general settings or an earlier approval.
  if (risk && io.settings.rerunUnknown) {
    await approve(`${risk}; running it again was allowed explicitly`, key);
    return undefined;
  }
  const policyReason = approvalReason(step.tool, tool.effect(args, stepFlags(step)), args, io.settings);
  // A tool whose effect class comes from someone else's hints says which hint decided.
  const hinted = policyReason && tool.provenance ? `${policyReason} (${tool.provenance.effect}; ${tool.provenance.approval})` : policyReason;
  const reason = risk ? `${risk}: approve only if that is safe` : (hinted ?? scopeGrowthReason(step, recorder.current.approvedScope, io.settings));
  if (!reason) {
    await approve('allowed by the approval settings', key);
    return undefined;
  }
  if (!risk && recorder.current.steps.get(step.id)?.approvedKey === key) {
    await approve('approved earlier for exactly these arguments', key);
    return undefined;
  }
  // The preview first: once the step shows as waiting, its question must already be open, or an Approve
  // clicked in that moment would find nothing to answer.
  const preview = await composedPreview(step, args, previewContextOf(recorder.current), io.workspace).catch(() => ({ kind: 'none' }) as const);
  await decide('askApproval', reason);
  await recorder.step(step.id, 'askApproval', { reason });
  const answered = io.gate
    .request({ stepId: step.id, title: step.title, tool: step.tool, args, reason, preview }, signal)
    .catch((): ApprovalAnswer => 'wait')
    .then(async (answer) => {
      // A patch may have replaced the step while the question was open: the answer was about the old one.
      const now = stepById(recorder.current.plan, step.id);
      if (!now || canonicalJson(now) !== canonicalJson(step)) return decide('wait', 'the step changed while it waited for approval; it is asked about again');
      if (answer === 'approved') return approve('approved by the user', key);
      if (answer === 'wait') return decide('wait', 'no answer yet: the step waits for approval');
      if (await recorder.step(step.id, 'skip', { reason: 'rejected by the user' })) {
        await decide('skip', 'rejected by the user');
        await io.invalidateDependents(step.id, 'was skipped');
      }
    });
  return { answered };
}
