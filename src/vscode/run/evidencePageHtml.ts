// The HTML of Planwright's read-only Markdown pages (the evidence report, a revision's review): the Markdown
// rendered, under a bar of buttons, in the editor's own colours and fonts. Scripts run only with the page's
// nonce (one handler posting the button's id) and nothing is loaded from anywhere, so a text quoted in the page
// (a goal, a command's output, a step's arguments) stays text.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

/** A button of the page's bar: clicking it posts `{ type: id }` to the extension. */
export interface PageButton {
  readonly id: string;
  readonly label: string;
}

/** What a page shows: its title, the Markdown (and its rendering, when there is one) and its buttons. */
export interface MarkdownPage {
  readonly title: string;
  readonly rendered: string | undefined;
  readonly markdown: string;
  readonly buttons: readonly PageButton[];
}

/** HTML special characters escaped, for text shown as it is. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The page's HTML: `rendered` (HTML from the Markdown renderer), or the Markdown as plain text when it could not be rendered. */
export function markdownPageHtml(webview: Pick<vscode.Webview, 'cspSource'>, page: MarkdownPage): string {
  const nonce = randomBytes(16).toString('base64');
  const body = page.rendered ?? `<pre>${escapeHtml(page.markdown)}</pre>`;
  const buttons = page.buttons.map((button) => `<button data-id="${escapeHtml(button.id)}">${escapeHtml(button.label)}</button>`).join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(page.title)}</title>
<style nonce="${nonce}">
  body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); line-height: 1.5; padding: 0 16px 24px; max-width: 980px; }
  .bar { position: sticky; top: 0; padding: 8px 0; background: var(--vscode-editor-background); display: flex; justify-content: flex-end; gap: 8px; }
  button { font: inherit; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 12px; cursor: pointer; }
  button:hover { background: var(--vscode-button-hoverBackground); }
  code, pre { font-family: var(--vscode-editor-font-family); }
  code { background: var(--vscode-textCodeBlock-background); padding: 0 3px; }
  pre { white-space: pre-wrap; }
  li { margin: 2px 0; overflow-wrap: anywhere; }
</style>
</head>
<body>
<div class="bar">${buttons}</div>
<main>${body}</main>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  for (const button of document.querySelectorAll('.bar button')) button.addEventListener('click', () => vscode.postMessage({ type: button.dataset.id }));
</script>
</body>
</html>`;
}

/** The evidence report's page, with Copy as Markdown. */
export function evidencePageHtml(webview: Pick<vscode.Webview, 'cspSource'>, rendered: string | undefined, markdown: string, l10n: Pick<typeof vscode.l10n, 't'>): string {
  return markdownPageHtml(webview, { title: l10n.t('Evidence report'), rendered, markdown, buttons: [{ id: 'copy', label: l10n.t('Copy as Markdown') }] });
}
