// The user's approvals of workspace-defined MCP servers: asked once per exact definition (command, args,
// cwd and env, or the URL), in a modal that names the command line, and remembered in the extension's
// global state as SHA-256 digests (an env value in a repository's mcp.json is not copied anywhere). A
// "Not Now" holds for this window only, so a run does not ask again and again.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { McpServerToApprove } from '../../core/mcp/editorMcpServers';
import { isStdioServer, serverCommandLine } from '../../core/mcp/mcpServerConfig';

const STATE_KEY = 'planwright.approvedMcpServers';

function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Approvals of workspace MCP servers, remembered across windows. */
export class McpServerApprovals {
  private readonly declined = new Set<string>();

  constructor(private readonly state: vscode.Memento) {}

  /** True when the user approved the definition with this key. */
  approved(key: string): boolean {
    return this.state.get<string[]>(STATE_KEY, []).includes(digest(key));
  }

  /** Asks about `server` unless it was declined in this window; resolves to whether it may start. */
  async ask(server: McpServerToApprove): Promise<boolean> {
    if (this.declined.has(server.key)) return false;
    const { config } = server;
    const notes: string[] = [];
    if (isStdioServer(config)) {
      if (config.cwd !== undefined) notes.push(vscode.l10n.t('Working folder: {0}.', config.cwd));
      const envKeys = Object.keys(config.env ?? {});
      if (envKeys.length > 0) notes.push(vscode.l10n.t('Environment variables it sets: {0}.', envKeys.join(', ')));
    }
    const allow = vscode.l10n.t('Allow and Start');
    const message = isStdioServer(config)
      ? vscode.l10n.t('This workspace\'s .vscode/mcp.json wants Planwright to start the MCP server "{0}" by running:\n{1}', server.name, serverCommandLine(config))
      : vscode.l10n.t('This workspace\'s .vscode/mcp.json wants Planwright to connect to the MCP server "{0}" at {1}', server.name, config.url);
    const detail = [
      ...notes,
      isStdioServer(config)
        ? vscode.l10n.t('It runs as a program on your machine, with your permissions. Planwright asks once for this exact command line; if the file changes it, you are asked again.')
        : vscode.l10n.t('Planwright asks once for this URL; if the file changes it, you are asked again.'),
    ].join('\n');
    const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, allow);
    if (choice !== allow) {
      this.declined.add(server.key);
      return false;
    }
    const approved = this.state.get<string[]>(STATE_KEY, []);
    await this.state.update(STATE_KEY, [...approved.filter((entry) => entry !== digest(server.key)), digest(server.key)]);
    return true;
  }
}
