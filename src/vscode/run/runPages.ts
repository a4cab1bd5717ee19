// The run's summary and trace as pages a person reads: the Markdown rendered by VS Code's own renderer in a
// small read-only webview (markdownPageHtml), one page per title, shown again in place, with buttons that run
// the page's actions. A link to a local file would not open from the page (the Markdown preview refuses `file:`
// links too), so the trace's raw JSON lines open from a button.
import * as vscode from 'vscode';
import { Disposable } from '../disposableStore';
import { RUN_PAGE_VIEW_TYPE } from '../ids';
import { renderMarkdown } from '../renderMarkdown';
import { markdownPageHtml } from './evidencePageHtml';

/** A button of a page and what a click on it does. */
export interface PageAction {
  readonly id: string;
  readonly label: string;
  run(): unknown;
}

interface OpenPage {
  readonly panel: vscode.WebviewPanel;
  actions: readonly PageAction[];
  markdown: string;
}

/** The open pages, by title. */
export class RunPages extends Disposable {
  private readonly pages = new Map<string, OpenPage>();

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    this._register({ dispose: () => [...this.pages.values()].forEach((page) => page.panel.dispose()) });
  }

  /** Shows `markdown`, rendered, as the page `title` (replacing what it showed), with a button per action. */
  async show(title: string, markdown: string, actions: readonly PageAction[] = []): Promise<vscode.WebviewPanel> {
    const page = this.pages.get(title) ?? this.open(title);
    page.actions = actions;
    await this.render(title, page, markdown);
    page.panel.reveal(undefined, false);
    return page.panel;
  }

  /** Rewrites the page `title` through `change` where it is open (a summary marked undone), without bringing it forward. */
  async amend(title: string, change: (markdown: string) => string): Promise<void> {
    const page = this.pages.get(title);
    if (page) await this.render(title, page, change(page.markdown));
  }

  private async render(title: string, page: OpenPage, markdown: string): Promise<void> {
    page.markdown = markdown;
    const rendered = await renderMarkdown(markdown, this.log, title);
    page.panel.webview.html = markdownPageHtml(page.panel.webview, { title, rendered, markdown, buttons: page.actions.map(({ id, label }) => ({ id, label })) });
  }

  private open(title: string): OpenPage {
    const panel = vscode.window.createWebviewPanel(RUN_PAGE_VIEW_TYPE, title, vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [] });
    const page: OpenPage = { panel, actions: [], markdown: '' };
    panel.webview.onDidReceiveMessage((message: unknown) => {
      const action = page.actions.find((candidate) => candidate.id === (message as { type?: unknown } | undefined)?.type);
      if (action) void Promise.resolve(action.run()).catch((error: unknown) => this.log.error(`${title}: ${action.label} failed: ${String(error)}`));
    });
    panel.onDidDispose(() => {
      if (this.pages.get(title) === page) this.pages.delete(title);
    });
    this.pages.set(title, page);
    return page;
  }
}
