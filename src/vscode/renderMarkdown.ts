// Markdown as HTML by VS Code's own Markdown renderer (the built-in Markdown extension's `markdown.api.render`),
// for the read-only pages; a host without it gets `undefined` and the page shows the Markdown as text.
import * as vscode from 'vscode';

/** `markdown` rendered to HTML; `undefined`, said in `log`, when the renderer is not available. */
export async function renderMarkdown(markdown: string, log: vscode.LogOutputChannel, page: string): Promise<string | undefined> {
  try {
    const html = await vscode.commands.executeCommand<unknown>('markdown.api.render', markdown);
    return typeof html === 'string' ? html : undefined;
  } catch (error) {
    log.warn(`The Markdown renderer is not available, the ${page} shows as text: ${String(error)}`);
    return undefined;
  }
}
