// Read-only documents on the `planwright-preview:` scheme that hold a file's content as it is now and as a
// step proposes it, so "Show Diff" can open `vscode.diff` between the two before the step is approved.
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../core/ports';
import { PREVIEW_SCHEME } from './ids';

export class PreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private counter = 0;
  readonly onDidChange: vscode.Event<vscode.Uri> = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Opens a diff (current ↔ proposed) for every file `request` would change; false when it changes none. */
  async showDiff(request: ApprovalRequest): Promise<boolean> {
    if (request.preview.kind !== 'fileChanges') return false;
    const version = ++this.counter;
    for (const change of request.preview.changes) {
      const left = this.put(`/${request.stepId}/${version}/current/${change.path}`, change.before ?? '');
      const right = this.put(`/${request.stepId}/${version}/proposed/${change.path}`, change.after ?? '');
      const what = change.before === null ? 'new file' : change.after === null ? 'deleted' : 'current ↔ proposed';
      await vscode.commands.executeCommand('vscode.diff', left, right, `${request.stepId}: ${change.path} (${what})`, { preview: false });
    }
    return true;
  }

  private put(path: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path });
    this.contents.set(uri.toString(), content);
    this.changed.fire(uri);
    return uri;
  }

  dispose(): void {
    this.changed.dispose();
    this.contents.clear();
  }
}
