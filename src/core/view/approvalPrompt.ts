// What an approval prompt says (exactly what the step will do, and how its preview names the step and the
// earlier steps its diff builds on), and which commands the user's allow list approves as they ask.
import { isCompoundCommand } from '../text/compoundCommand';
import type { Plan } from '../plan/planSchema';
import { stepNumber, stepReference } from '../plan/stepNumbers';
import type { ApprovalRequest, Localize } from '../ports';
import { shorten } from '../text/shorten';

/**
 * True when `request` runs a command line that `approvedCommands` lists exactly, so it may run without asking
 * even in a run that started before the user listed it; a command that chains, pipes or redirects never is.
 */
export function isApprovedCommand(request: Pick<ApprovalRequest, 'preview'>, approvedCommands: readonly string[]): boolean {
  const { preview } = request;
  return preview.kind === 'command' && !isCompoundCommand(preview.command) && approvedCommands.includes(preview.command);
}

/**
 * What approving does, in one line, said without its subject ("runs `npm test` in pkg", "creates a, changes b")
 * so a sentence can give it one ("It {0}.", "{0} {1}." with the step's name).
 */
export function approvalSummary(l10n: Localize, request: Pick<ApprovalRequest, 'tool' | 'preview' | 'args'>): string {
  const { preview } = request;
  switch (preview.kind) {
    case 'command': {
      const command = shorten(preview.command, 200);
      return preview.cwd === '.' || preview.cwd === '' ? l10n.t('runs `{0}` in the workspace folder', command) : l10n.t('runs `{0}` in {1}', command, preview.cwd);
    }
    case 'fileChanges':
      return preview.changes
        .map((change) => (change.after === null ? l10n.t('deletes {0}', change.path) : change.before === null ? l10n.t('creates {0}', change.path) : l10n.t('changes {0}', change.path)))
        .join(', ');
    case 'modelEdit':
      return l10n.t('asks the model to edit {0}: {1}', preview.path, shorten(preview.instruction, 120));
    case 'none':
      return l10n.t('calls {0}', request.tool);
  }
}

/** The path of a sub-plan's step up to its own id (`E3/` for `E3/E1`); `''` for a step of the plan itself. */
function pathOf(stepId: string): string {
  return stepId.slice(0, stepId.lastIndexOf('/') + 1);
}

/**
 * How a preview names the step it shows: as the tree numbers it ("2 Accept --quiet"), or by its title when
 * `plan` does not number it (a sub-plan's step, `E3/E1`, which the parent's plan does not hold).
 */
export function previewStepName(plan: Plan | undefined, request: Pick<ApprovalRequest, 'stepId' | 'title'>): string {
  const number = plan && !pathOf(request.stepId) ? stepNumber(plan, request.stepId) : undefined;
  return number === undefined ? request.title : `${number} ${request.title}`;
}

/**
 * The earlier steps a preview's diff is built on ("1 Read the CLI, 2 Accept --quiet"). They are steps of the
 * same plan as the request's: for a sub-plan's step, the child's, which `plan` does not hold, so they keep
 * their path (`E3/E1`).
 */
export function previewEarlierNames(plan: Plan | undefined, request: Pick<ApprovalRequest, 'stepId'>, stepIds: readonly string[]): string {
  const path = pathOf(request.stepId);
  return stepIds.map((stepId) => (plan && !path ? stepReference(plan, stepId) : `${path}${stepId}`)).join(', ');
}
