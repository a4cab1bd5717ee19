// Which MCP servers the editor starts, decided purely: none in an untrusted workspace; the user's own
// (`planwright.mcpServers`) as they are; a workspace's (`.vscode/mcp.json`) only once the user approved
// that exact definition, since a cloned repository could otherwise run any program it likes. A name the
// user already uses wins over the workspace's. `${workspaceFolder}` and `${userHome}` are filled in; a
// server that needs anything else (`${input:…}`, `${env:…}`) is left out, saying why.
import { canonicalJson } from '../text/canonicalJson';
import { isStdioServer, type McpServerConfig, type McpServers } from './mcpServerConfig';

/** Where a server's definition comes from. */
export type McpServerOrigin = 'user' | 'workspace';

/** A workspace server waiting for the user's approval of its exact definition. */
export interface McpServerToApprove {
  readonly name: string;
  readonly config: McpServerConfig;
  /** What the approval is remembered by: the definition as written (command, args, cwd, env; or URL). */
  readonly key: string;
}

/** The editor's decision: servers to start (definitions filled in), servers to ask about, and why others are left out. */
export interface McpServerChoice {
  readonly start: McpServers;
  readonly origins: Readonly<Record<string, McpServerOrigin>>;
  readonly toApprove: readonly McpServerToApprove[];
  readonly problems: readonly string[];
}

/** What the choice depends on. */
export interface McpServerSources {
  readonly user: McpServers;
  readonly workspace: McpServers;
  readonly trusted: boolean;
  /** True when the user approved the workspace definition with this key. */
  readonly approved: (key: string) => boolean;
  readonly variables: { readonly workspaceFolder?: string; readonly userHome?: string };
}

const VARIABLE = /\$\{([^}]*)\}/g;

/** The key an approval of a workspace server's definition is remembered by: every part that decides what runs. */
export function mcpApprovalKey(config: McpServerConfig): string {
  if (!isStdioServer(config)) return canonicalJson({ url: config.url });
  return canonicalJson({ command: config.command, args: config.args ?? [], cwd: config.cwd ?? null, env: config.env ?? {} });
}

/** `config` with `${workspaceFolder}` and `${userHome}` filled in, or the variable it cannot fill. */
export function expandMcpVariables(config: McpServerConfig, variables: McpServerSources['variables']): { readonly config: McpServerConfig } | { readonly unknown: string } {
  let unknown: string | undefined;
  const fill = (text: string): string =>
    text.replace(VARIABLE, (whole, name: string) => {
      const value = name === 'workspaceFolder' ? variables.workspaceFolder : name === 'userHome' ? variables.userHome : undefined;
      if (value === undefined) unknown ??= whole;
      return value ?? whole;
    });
  const filled = isStdioServer(config)
    ? {
        ...config,
        command: fill(config.command),
        ...(config.args ? { args: config.args.map(fill) } : {}),
        ...(config.cwd !== undefined ? { cwd: fill(config.cwd) } : {}),
        ...(config.env ? { env: Object.fromEntries(Object.entries(config.env).map(([key, value]) => [key, fill(value)])) } : {}),
      }
    : { ...config, url: fill(config.url), ...(config.headers ? { headers: Object.fromEntries(Object.entries(config.headers).map(([key, value]) => [key, fill(value)])) } : {}) };
  return unknown === undefined ? { config: filled } : { unknown };
}

/** Decides which servers start, which wait for approval, and which are left out (one line each, naming the server). */
export function chooseMcpServers(sources: McpServerSources): McpServerChoice {
  const start: Record<string, McpServerConfig> = {};
  const origins: Record<string, McpServerOrigin> = {};
  const toApprove: McpServerToApprove[] = [];
  const problems: string[] = [];
  const names = [...Object.keys(sources.user), ...Object.keys(sources.workspace)];
  if (!sources.trusted) {
    if (names.length > 0) problems.push(`no MCP server starts in an untrusted workspace (${names.length} configured); trust the workspace to use them`);
    return { start, origins, toApprove, problems };
  }
  const add = (name: string, config: McpServerConfig, origin: McpServerOrigin, where: string) => {
    const expanded = expandMcpVariables(config, sources.variables);
    if ('unknown' in expanded) problems.push(`MCP server "${name}" (${where}) uses ${expanded.unknown}, which Planwright does not fill in; left out`);
    else {
      start[name] = expanded.config;
      origins[name] = origin;
    }
  };
  for (const [name, config] of Object.entries(sources.user)) add(name, config, 'user', 'planwright.mcpServers');
  for (const [name, config] of Object.entries(sources.workspace)) {
    if (name in sources.user) {
      problems.push(`MCP server "${name}" of .vscode/mcp.json is left out: planwright.mcpServers defines a server of that name`);
      continue;
    }
    const key = mcpApprovalKey(config);
    if (sources.approved(key)) add(name, config, 'workspace', '.vscode/mcp.json');
    else toApprove.push({ name, config, key });
  }
  return { start, origins, toApprove, problems };
}
