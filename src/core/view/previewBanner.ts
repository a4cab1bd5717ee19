// The labelled line at the top of a waiting step's preview (a CodeLens): "Step 3 waits: Approve · Reject ·
// Edit Step…". A step whose edit can no longer apply is not offered Approve, which would only fail it: it
// offers Edit Step… and Revise… (re-plan it from a comment) instead (Reject stays). Once the question is answered there is no banner.
import type { ApprovalRequest, Localize } from '../ports';
import { previewProblem } from './waitingSection';

/** What one part of the banner does when clicked. */
export type BannerAction = 'approve' | 'reject' | 'edit' | 'replan';

/** The banner of a waiting step's preview: an icon and a heading, then its actions in order. */
export interface PreviewBanner {
  readonly iconId: 'bell-dot' | 'warning';
  readonly heading: string;
  readonly actions: readonly { readonly action: BannerAction; readonly title: string }[];
}

/** The banner of `request`'s preview, its step named `label` ("Step 3"). */
export function previewBanner(l10n: Localize, label: string, request: Pick<ApprovalRequest, 'preview'>): PreviewBanner {
  const edit = { action: 'edit' as const, title: l10n.t('Edit Step…') };
  const reject = { action: 'reject' as const, title: l10n.t('Reject') };
  if (previewProblem(request.preview) !== undefined) {
    return { iconId: 'warning', heading: l10n.t('{0} cannot apply:', label), actions: [edit, { action: 'replan', title: l10n.t('Revise…') }, reject] };
  }
  return { iconId: 'bell-dot', heading: l10n.t('{0} waits:', label), actions: [{ action: 'approve', title: l10n.t('Approve') }, reject, edit] };
}
