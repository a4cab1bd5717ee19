// How a step's preview tabs are named: by the step as the tree numbers it and the file or command it is
// about ("Step 3: README.md (proposed)", "Step 4: npm test (command)"), never by the internal ids a tab's
// address is built from. The documents' paths say the same in words, since the tab's tooltip shows them.
import type { Plan } from '../plan/planSchema';
import { stepNumber } from '../plan/stepNumbers';
import type { ApprovalRequest, FileChangePreview, Localize } from '../ports';
import { shorten } from '../text/shorten';

/** "Step 3" for a step the plan numbers; a sub-plan's step (`E3/E1`, not in `plan`) by its title. */
export function previewStepLabel(l10n: Localize, plan: Plan | undefined, request: Pick<ApprovalRequest, 'stepId' | 'title'>): string {
  const number = plan && !request.stepId.includes('/') ? stepNumber(plan, request.stepId) : undefined;
  return number === undefined ? request.title : l10n.t('Step {0}', number);
}

/** `text` as one segment of a path: a slash would make the tab show only what follows it. */
export function pathSegment(text: string): string {
  return text.replace(/[\\/]/g, '∕');
}

/** The title of the diff tab of `change` ("Step 3: README.md (proposed)"); `earlier` names the steps it builds on. */
export function diffTabTitle(l10n: Localize, label: string, change: FileChangePreview, earlier: string): string {
  if (change.before === null) return l10n.t('{0}: {1} (new file)', label, change.path);
  if (change.after === null) return l10n.t('{0}: {1} (deleted)', label, change.path);
  if (change.basedOn) return l10n.t('{0}: {1} (proposed, after {2})', label, change.path, earlier);
  return l10n.t('{0}: {1} (proposed)', label, change.path);
}

/** The folder part of the path of a diff side: "Step 3 (before)" or "Step 3 (proposed)"; the file's own path follows it. */
export function diffSideFolder(l10n: Localize, label: string, side: 'before' | 'proposed'): string {
  return pathSegment(side === 'before' ? l10n.t('{0} (before)', label) : l10n.t('{0} (proposed)', label));
}

/** The tab name of a preview shown as text: the exact command, the call, or why an edit cannot apply. */
export function textTabName(l10n: Localize, label: string, request: Pick<ApprovalRequest, 'tool' | 'preview'>, cannotApplyPath?: string): string {
  const { preview } = request;
  if (cannotApplyPath !== undefined) return pathSegment(l10n.t('{0}: {1} (cannot apply)', label, cannotApplyPath));
  if (preview.kind === 'command') return pathSegment(l10n.t('{0}: {1} (command)', label, shorten(preview.command, 40)));
  return pathSegment(l10n.t('{0}: {1} (what it does)', label, request.tool));
}
