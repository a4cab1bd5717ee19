// The evidence report page's HTML: the report rendered from its Markdown, under a bar with Copy as Markdown, in
// the editor's own colours and fonts. Scripts run only with the page's nonce (the button's one handler) and
// nothing is loaded from anywhere, so a text quoted in the report (a goal, a command's output) stays text.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

/** HTML special characters escaped, for text shown as it is. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The page for `rendered` (HTML from the Markdown renderer), or for `markdown` as plain text when it could not be rendered. */
export function evidencePageHtml(webview: Pick<vscode.Webview, 'cspSource'>, rendered: string | undefined, markdown: string, l10n: Pick<typeof vscode.l10n, 't'>): string {
  const nonce = randomBytes(16).toString('base64');
  const body = rendered ?? `<pre>${escapeHtml(markdown)}</pre>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(l10n.t('Evidence report'))}</title>
<style nonce="${nonce}">
  body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); line-height: 1.5; padding: 0 16px 24px; max-width: 980px; }
  .bar { position: sticky; top: 0; padding: 8px 0; background: var(--vscode-editor-background); display: flex; justify-content: flex-end; }
  button { font: inherit; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 12px; cursor: pointer; }
  button:hover { background: var(--vscode-button-hoverBackground); }
  code, pre { font-family: var(--vscode-editor-font-family); }
  code { background: var(--vscode-textCodeBlock-background); padding: 0 3px; }
  pre { white-space: pre-wrap; }
  li { margin: 2px 0; overflow-wrap: anywhere; }
</style>
</head>
<body>
<div class="bar"><button id="copy">${escapeHtml(l10n.t('Copy as Markdown'))}</button></div>
<main>${body}</main>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  document.getElementById('copy').addEventListener('click', () => vscode.postMessage({ type: 'copy' }));
</script>
</body>
</html>`;
}
