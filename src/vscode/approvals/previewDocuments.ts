// Read-only documents on the `planwright-preview:` scheme that show what a step will do before it is approved:
// a diff (the file now, or as the earlier pending steps leave it, against the proposed content) for a file
// change, the exact command line and folder for a command, and, for an edit that can no longer apply, why
// not. Titles and texts name steps as the tree numbers them ("2 Accept --quiet: src/cli.js"). Every URI starts
// with `/<stepId>/`, so the editor title's Approve / Reject know which step a tab is about, and the tabs of a
// step are closed once it is answered. A sub-plan's step (`E3/E1`) is one segment, `E3:E1` (a step id has no
// colon).
import * as vscode from 'vscode';
import type { ApprovalRequest, FileChangePreview } from '../../core/ports';
import type { Plan } from '../../core/plan/planSchema';
import { approvalSummary, previewEarlierNames, previewStepName } from '../../core/view/approvalPrompt';
import { Disposable } from '../disposableStore';
import { closeTabs, type TabsPort } from './closeTabs';
import { PREVIEW_SCHEME } from '../ids';

/** The step a preview document is about, from its URI (`planwright-preview:/E3/…`, `/E3:E1/…`); `undefined` for other URIs. */
export function previewStepId(uri: vscode.Uri | undefined): string | undefined {
  if (uri?.scheme !== PREVIEW_SCHEME) return undefined;
  return uri.path.split('/')[1]?.replaceAll(':', '/') || undefined;
}

/** The first segment of a preview URI's path for step `stepId`. */
function stepSegment(stepId: string): string {
  return stepId.replaceAll('/', ':');
}

/** How the texts of a preview name its step and the steps its diff builds on. */
interface PreviewNames {
  readonly step: string;
  earlier(stepIds: readonly string[]): string;
}

function diffTitle(names: PreviewNames, change: FileChangePreview): string {
  if (change.before === null) return vscode.l10n.t('{0}: {1} (new file)', names.step, change.path);
  if (change.after === null) return vscode.l10n.t('{0}: {1} (deleted)', names.step, change.path);
  if (change.basedOn) return vscode.l10n.t('{0}: {1} (after {2} ↔ proposed)', names.step, change.path, names.earlier(change.basedOn));
  return vscode.l10n.t('{0}: {1} (current ↔ proposed)', names.step, change.path);
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
        await this.showText(this.put(`/${stepSegment(request.stepId)}/${version}/cannot-apply/${change.path}.txt`, cannotApplyText(request, names, change)));
        continue;
      }
      const left = this.put(`/${stepSegment(request.stepId)}/${version}/current/${change.path}`, change.before ?? '');
      const right = this.put(`/${stepSegment(request.stepId)}/${version}/proposed/${change.path}`, change.after ?? '');
      await vscode.commands.executeCommand('vscode.diff', left, right, diffTitle(names, change), { preview: false });
    }
    return true;
  }

  /** Shows what `request` does: its diff for file changes, else its exact command (or call) in a read-only document. */
  async showPreview(request: ApprovalRequest): Promise<boolean> {
    if (await this.showDiff(request)) return true;
    const name = request.preview.kind === 'command' ? 'command.sh' : 'step.txt';
    await this.showText(this.put(`/${stepSegment(request.stepId)}/${++this.counter}/${name}`, whatItDoesText(request, this.names(request))));
    return true;
  }

  /** Closes every preview tab of `stepId` (its question was answered or withdrawn). */
  async close(stepId: string): Promise<void> {
    await closeTabs(workbenchTabs, (tab) => tabStepId(tab) === stepId);
  }

  private names(request: ApprovalRequest): PreviewNames {
    const plan = this.plan();
    return { step: previewStepName(plan, request), earlier: (stepIds) => previewEarlierNames(plan, request, stepIds) };
  }

  private async showText(uri: vscode.Uri): Promise<void> {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  }

  private put(path: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path });
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
