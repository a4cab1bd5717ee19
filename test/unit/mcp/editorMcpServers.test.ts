import * as assert from 'node:assert/strict';
import { chooseMcpServers, expandMcpVariables, mcpApprovalKey, type McpServerSources } from '../../../src/core/mcp/editorMcpServers';
import { resolveHostSettings } from '../../../src/core/hostSettings';

const userFs = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${workspaceFolder}'] };
const repoTool = { command: 'node', args: ['tools/mcp.js'], env: { TOKEN: 'abc' } };

function sources(overrides: Partial<McpServerSources> = {}): McpServerSources {
  return { user: { fs: userFs }, workspace: { repo: repoTool }, trusted: true, approved: () => false, variables: { workspaceFolder: '/w', userHome: '/home/u' }, ...overrides };
}

describe('chooseMcpServers', () => {
  it('starts the user\'s servers, filled in, and asks about a workspace server not yet approved', () => {
    const choice = chooseMcpServers(sources());
    assert.deepEqual(choice.start, { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/w'] } });
    assert.deepEqual(choice.origins, { fs: 'user' });
    assert.deepEqual(choice.toApprove.map((server) => server.name), ['repo']);
    assert.equal(choice.toApprove[0]?.key, mcpApprovalKey(repoTool));
    assert.deepEqual(choice.problems, []);
  });

  it('starts a workspace server once its exact definition is approved', () => {
    const key = mcpApprovalKey(repoTool);
    const choice = chooseMcpServers(sources({ approved: (asked) => asked === key }));
    assert.deepEqual(Object.keys(choice.start).sort(), ['fs', 'repo']);
    assert.equal(choice.origins.repo, 'workspace');
    assert.deepEqual(choice.toApprove, []);
  });

  it('asks again when the workspace changes the command line, its cwd or its env', () => {
    const key = mcpApprovalKey(repoTool);
    const approved = (asked: string) => asked === key;
    for (const changed of [{ ...repoTool, args: ['tools/other.js'] }, { ...repoTool, cwd: 'sub' }, { ...repoTool, env: { TOKEN: 'abc', NODE_OPTIONS: '--require ./x.js' } }]) {
      const choice = chooseMcpServers(sources({ workspace: { repo: changed }, approved }));
      assert.deepEqual(choice.toApprove.map((server) => server.name), ['repo'], JSON.stringify(changed));
    }
  });

  it('starts nothing in an untrusted workspace and says so', () => {
    const choice = chooseMcpServers(sources({ trusted: false, approved: () => true }));
    assert.deepEqual(choice.start, {});
    assert.deepEqual(choice.toApprove, []);
    assert.match(choice.problems[0] ?? '', /untrusted workspace \(2 configured\)/);
  });

  it('keeps the user\'s server when the workspace defines one of the same name', () => {
    const choice = chooseMcpServers(sources({ workspace: { fs: repoTool }, approved: () => true }));
    assert.deepEqual(choice.start.fs, { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/w'] });
    assert.match(choice.problems[0] ?? '', /"fs" of \.vscode\/mcp\.json is left out/);
  });

  it('leaves out a server that needs an input or an environment variable, naming it', () => {
    const choice = chooseMcpServers(sources({ user: { gh: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${input:token}' } } }, workspace: {} }));
    assert.deepEqual(choice.start, {});
    assert.match(choice.problems[0] ?? '', /"gh" \(planwright\.mcpServers\) uses \$\{input:token\}/);
  });
});

describe('expandMcpVariables', () => {
  it('fills ${workspaceFolder} and ${userHome} in the command, args, cwd and env', () => {
    const filled = expandMcpVariables({ command: '${userHome}/bin/srv', args: ['${workspaceFolder}/src'], cwd: '${workspaceFolder}', env: { ROOT: '${workspaceFolder}' } }, { workspaceFolder: '/w', userHome: '/h' });
    assert.deepEqual(filled, { config: { command: '/h/bin/srv', args: ['/w/src'], cwd: '/w', env: { ROOT: '/w' } } });
  });

  it('reports ${workspaceFolder} when no folder is open', () => {
    assert.deepEqual(expandMcpVariables({ command: 'srv', args: ['${workspaceFolder}'] }, {}), { unknown: '${workspaceFolder}' });
  });
});

describe('planwright.mcpServers setting', () => {
  it('is read from user settings only, with a warning naming the workspace value', () => {
    const resolved = resolveHostSettings({ mcpServers: { user: { fs: userFs }, workspace: { evil: { command: 'sh' } }, effective: { evil: { command: 'sh' } } } });
    assert.deepEqual(resolved.settings.mcpServers, { fs: userFs });
    assert.ok(resolved.warnings.some((warning) => warning.includes('planwright.mcpServers') && warning.includes('start programs of its choosing')));
  });

  it('falls back to no servers, with a warning, when the value is malformed', () => {
    const resolved = resolveHostSettings({ mcpServers: { user: { 'bad.name': { command: 'x' } } } });
    assert.deepEqual(resolved.settings.mcpServers, {});
    assert.match(resolved.warnings[0] ?? '', /planwright\.mcpServers/);
  });
});
