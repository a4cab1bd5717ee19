// Read-only documents about a run — a step's output — served from memory under the `planwright-run:` scheme, so
// closing one never asks to save it (an untitled document would); and its pages (the summary, the trace as a
// timeline), rendered (runPages.ts).
import * as vscode from 'vscode';
import { Disposable } from '../disposableStore';
import { RUN_DOCUMENT_SCHEME } from '../ids';
import { RunPages } from './runPages';

/** The run's read-only documents; register it once, then `show` any text. */
export class RunDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());

  readonly onDidChange: vscode.Event<vscode.Uri> = this.changed.event;
  /** The run's Markdown shown rendered: its summary and its trace. */
  readonly pages: RunPages;

  constructor(log: vscode.LogOutputChannel) {
    super();
    this.pages = this._register(new RunPages(log));
    this._register(vscode.workspace.registerTextDocumentContentProvider(RUN_DOCUMENT_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  /** Opens `text` as the read-only document `name` (e.g. `E4 output.log`) in `language`, replacing what it showed before. */
  async show(name: string, text: string, language: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: RUN_DOCUMENT_SCHEME, path: `/${name}` });
    this.texts.set(uri.path, text);
    this.changed.fire(uri);
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), language);
    return vscode.window.showTextDocument(document, { preview: true });
  }
}
