// The MCP servers of this window: before a plan is opened, planned or run, `ensure()` reads
// `planwright.mcpServers` and the workspace's `.vscode/mcp.json`, asks about workspace servers not yet
// approved, and starts what core's choice allows, their tools registered in the catalogue (so the gate,
// the planner, the executor, the fused agent and the tree know them). The servers keep running while the
// definitions stay the same; a change restarts them, and disposing the extension stops them all.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { chooseMcpServers, type McpServerChoice } from '../../core/mcp/editorMcpServers';
import { parseMcpConfig, type McpServers } from '../../core/mcp/mcpServerConfig';
import { canonicalJson } from '../../core/text/canonicalJson';
import type { HostSettings } from '../../core/hostSettings';
import { messageOf } from '../../core/text/errorText';
import type { McpToolSession } from '../../node/mcp/mcpToolSession';
import type { McpServerApprovals } from './mcpServerApprovals';

/** What the window's MCP servers depend on. */
export interface EditorMcpDeps {
  readonly settings: () => HostSettings;
  readonly approvals: McpServerApprovals;
  readonly log: vscode.LogOutputChannel;
}

/** The workspace's `.vscode/mcp.json` servers, or none (with the problem) when it is missing or malformed. */
async function workspaceServers(folder: vscode.WorkspaceFolder | undefined): Promise<{ servers: McpServers; problems: readonly string[] }> {
  if (!folder) return { servers: {}, problems: [] };
  const uri = vscode.Uri.joinPath(folder.uri, '.vscode', 'mcp.json');
  let text: string;
  try {
    text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return { servers: {}, problems: [] };
  }
  const parsed = parseMcpConfig(text, '.vscode/mcp.json');
  return 'problems' in parsed ? { servers: {}, problems: parsed.problems } : { servers: parsed.servers, problems: [] };
}

/** This window's MCP servers and their registered tools; see the file header. */
export class EditorMcpTools implements vscode.Disposable {
  private session: McpToolSession | undefined;
  private running = '';
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly deps: EditorMcpDeps) {}

  /**
   * Starts (or restarts, after a change) the servers the settings, the workspace and the user's approvals
   * allow; with `ask: false` (restoring a run as the window opens) nobody is asked, so only approved ones start.
   */
  ensure(options: { readonly ask?: boolean } = {}): Promise<void> {
    const next = this.queue.then(() => this.update(options.ask ?? true));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async update(ask: boolean): Promise<void> {
    if (this.disposed) return;
    const folder = vscode.workspace.workspaceFolders?.[0];
    const local = vscode.workspace.isTrusted ? await workspaceServers(folder) : { servers: {}, problems: [] };
    const sources = {
      user: this.deps.settings().mcpServers,
      workspace: local.servers,
      trusted: vscode.workspace.isTrusted,
      variables: { ...(folder ? { workspaceFolder: folder.uri.fsPath } : {}), userHome: os.homedir() },
    };
    let choice = chooseMcpServers({ ...sources, approved: (key) => this.deps.approvals.approved(key) });
    if (ask && choice.toApprove.length > 0) {
      const allowed = new Set<string>();
      for (const server of choice.toApprove) if (await this.deps.approvals.ask(server)) allowed.add(server.key);
      choice = chooseMcpServers({ ...sources, approved: (key) => allowed.has(key) || this.deps.approvals.approved(key) });
    }
    const fingerprint = canonicalJson([folder?.uri.toString() ?? null, choice.start]);
    if (fingerprint === this.running) return;
    for (const problem of [...local.problems, ...choice.problems]) this.deps.log.warn(problem);
    for (const server of choice.toApprove) this.deps.log.info(`MCP server "${server.name}" of .vscode/mcp.json is not started: not approved`);
    await this.stop();
    if (this.disposed) return;
    if (Object.keys(choice.start).length > 0 && !(await this.start(choice, folder))) return;
    this.running = fingerprint;
  }

  /** Starts the chosen servers; false when they could not (the next `ensure()` tries again). */
  private async start(choice: McpServerChoice, folder: vscode.WorkspaceFolder | undefined): Promise<boolean> {
    // Loaded only when a server is configured: the SDK is not evaluated in windows without one.
    const { openMcpTools } = require('../../node/mcp/mcpToolSession') as typeof import('../../node/mcp/mcpToolSession');
    let session: McpToolSession;
    try {
      session = await openMcpTools(choice.start, folder?.uri.fsPath ?? os.homedir());
    } catch (error) {
      this.deps.log.error(`MCP servers could not start: ${messageOf(error)}`);
      void vscode.window.showWarningMessage(vscode.l10n.t('Planwright: MCP servers could not start: {0}', messageOf(error)));
      return false;
    }
    this.session = session;
    for (const name of Object.keys(choice.start)) {
      const tools = session.toolNames.filter((tool) => tool.startsWith(`mcp.${name}.`));
      const from = choice.origins[name] === 'workspace' ? '.vscode/mcp.json' : 'planwright.mcpServers';
      this.deps.log.info(`MCP server "${name}" (${from}): ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}${tools.length ? `: ${tools.join(', ')}` : ''}`);
    }
    for (const problem of session.problems) this.deps.log.warn(problem);
    if (session.problems.length > 0) {
      const show = vscode.l10n.t('Show Log');
      void vscode.window.showWarningMessage(vscode.l10n.t('Planwright: {0}', session.problems[0] ?? ''), show).then((picked) => {
        if (picked) this.deps.log.show(true);
      });
    }
    return true;
  }

  private async stop(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.running = '';
    if (session) await session.close().catch((error: unknown) => this.deps.log.warn(`Stopping MCP servers: ${messageOf(error)}`));
  }

  dispose(): void {
    this.disposed = true;
    void this.stop();
  }
}
