// Read-only documents on the `planwright-preview:` scheme that show what a step will do before it is approved:
// a diff (the file now, or as the earlier pending steps leave it, against the proposed content) for a file
// change, the exact command line and folder for a command, and, for an edit that can no longer apply, why
// not. Tabs are named by step and file ("Step 3: README.md (proposed)", "Step 4: npm test (command)") and the
// paths their tooltips show say the same (previewNames.ts); the step a URI is about and its version ride in
// its query (`?step=E3&v=2`, `side=before|proposed` on a diff's documents), so the editor title's Approve /
// Reject and the banner know which step a tab is about, and the tabs of a step are closed once it is answered.
import * as vscode from 'vscode';
import type { ApprovalRequest, FileChangePreview } from '../../core/ports';
import type { Plan } from '../../core/plan/planSchema';
import { approvalSummary, previewEarlierNames, previewStepName } from '../../core/view/approvalPrompt';
import { diffSideFolder, diffTabTitle, previewStepLabel, textTabName } from '../../core/view/previewNames';
import { Disposable } from '../disposableStore';
import { closeTabs, type TabsPort } from './closeTabs';
import { PREVIEW_SCHEME } from '../ids';

/** The step a preview document is about, from its URI's query (`planwright-preview:/…?step=E3`); `undefined` for other URIs. */
export function previewStepId(uri: vscode.Uri | undefined): string | undefined {
  if (uri?.scheme !== PREVIEW_SCHEME) return undefined;
  return new URLSearchParams(uri.query).get('step') || undefined;
}

/** The side of a diff a preview document shows; `undefined` for a preview shown as text. */
export function previewSide(uri: vscode.Uri): 'before' | 'proposed' | undefined {
  const side = new URLSearchParams(uri.query).get('side');
  return side === 'before' || side === 'proposed' ? side : undefined;
}

/** How the texts of a preview name its step and the steps its diff builds on. */
interface PreviewNames {
  readonly step: string;
  /** "Step 3", or a sub-plan step's title. */
  readonly label: string;
  earlier(stepIds: readonly string[]): string;
}

function cannotApplyText(request: ApprovalRequest, names: PreviewNames, change: FileChangePreview): string {
  return [
    vscode.l10n.t('{0} cannot apply to {1} as it is now:', names.step, change.path),
    `  ${change.problem ?? ''}`,
    '',
    vscode.l10n.t('Approving it fails the step. Reject it, or edit the step (Edit Step… in the Planwright view) so that it matches the file.'),
    '',
    vscode.l10n.t('The step asks for:'),
    JSON.stringify(request.args, null, 2),
    '',
  ].join('\n');
}

function whatItDoesText(request: ApprovalRequest, names: PreviewNames): string {
  const { preview } = request;
  if (preview.kind === 'command') {
    const where = preview.cwd === '.' || preview.cwd === '' ? vscode.l10n.t('the workspace folder') : preview.cwd;
    return `# ${vscode.l10n.t('{0} runs this exact command in {1}:', names.step, where)}\n${preview.command}\n`;
  }
  return `${vscode.l10n.t('{0} {1}.', names.step, approvalSummary(vscode.l10n, request))}\n\n${vscode.l10n.t('Why it asks: {0}.', request.reason)}\n\n${vscode.l10n.t('Arguments:')}\n${JSON.stringify(request.args, null, 2)}\n`;
}

/** The workbench's tabs, across every group; a close keeps the focus where it is. */
const workbenchTabs: TabsPort<vscode.Tab> = {
  all: () => vscode.window.tabGroups.all.flatMap((group) => group.tabs),
  close: (tabs) => vscode.window.tabGroups.close([...tabs], true),
};

export class PreviewDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  private counter = 0;
  readonly onDidChange: vscode.Event<vscode.Uri> = this.changed.event;

  /** `plan` is the plan as it stands, whose numbers and titles name the steps ("2 Accept --quiet"). */
  constructor(private readonly plan: () => Plan | undefined) {
    super();
    this._register({ dispose: () => this.contents.clear() });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Opens a diff (before ↔ proposed) for every file `request` would change; false when it changes none. */
  async showDiff(request: ApprovalRequest): Promise<boolean> {
    if (request.preview.kind !== 'fileChanges' || request.preview.changes.length === 0) return false;
    const version = ++this.counter;
    const names = this.names(request);
    for (const change of request.preview.changes) {
      if (change.problem !== undefined) {
        await this.showText(this.put(request.stepId, version, textTabName(vscode.l10n, names.label, request, change.path), cannotApplyText(request, names, change)));
        continue;
      }
      const side = (which: 'before' | 'proposed', content: string | null) =>
        this.put(request.stepId, version, `${diffSideFolder(vscode.l10n, names.label, which)}/${change.path}`, content ?? '', which);
      const title = diffTabTitle(vscode.l10n, names.label, change, names.earlier(change.basedOn ?? []));
      await vscode.commands.executeCommand('vscode.diff', side('before', change.before), side('proposed', change.after), title, { preview: false });
    }
    return true;
  }

  /** Shows what `request` does: its diff for file changes, else its exact command (or call) in a read-only document. */
  async showPreview(request: ApprovalRequest): Promise<boolean> {
    if (await this.showDiff(request)) return true;
    const names = this.names(request);
    const editor = await this.showText(this.put(request.stepId, ++this.counter, textTabName(vscode.l10n, names.label, request), whatItDoesText(request, names)));
    if (request.preview.kind === 'command') await vscode.languages.setTextDocumentLanguage(editor.document, 'shellscript');
    return true;
  }

  /** Closes every preview tab of `stepId` (its question was answered or withdrawn). */
  async close(stepId: string): Promise<void> {
    await closeTabs(workbenchTabs, (tab) => tabStepId(tab) === stepId);
  }

  private names(request: ApprovalRequest): PreviewNames {
    const plan = this.plan();
    return { step: previewStepName(plan, request), label: previewStepLabel(vscode.l10n, plan, request), earlier: (stepIds) => previewEarlierNames(plan, request, stepIds) };
  }

  private async showText(uri: vscode.Uri): Promise<vscode.TextEditor> {
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  }

  /** A document of `stepId`'s preview at `path` (words, not ids: its tab's tooltip shows it). */
  private put(stepId: string, version: number, path: string, content: string, side?: 'before' | 'proposed'): vscode.Uri {
    const query = new URLSearchParams({ step: stepId, v: String(version), ...(side ? { side } : {}) }).toString();
    const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${path}`, query });
    this.contents.set(uri.toString(), content);
    this.changed.fire(uri);
    return uri;
  }
}

/** The step whose preview `tab` shows, if it shows one. */
export function tabStepId(tab: vscode.Tab | undefined): string | undefined {
  const input = tab?.input;
  if (input instanceof vscode.TabInputTextDiff) return previewStepId(input.modified) ?? previewStepId(input.original);
  if (input instanceof vscode.TabInputText) return previewStepId(input.uri);
  return undefined;
}
