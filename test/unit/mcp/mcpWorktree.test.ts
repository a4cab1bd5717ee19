// `run_plan` with `worktree: true` through `planwright mcp` (the bundled CLI, driven by the MCP SDK's client): the run
// works in a new git worktree, its report says where, the workspace is untouched; `worktree: false` runs in the
// workspace; a folder that is not a repository is a tool error naming why.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { bundleCli } from '../support/cliProcess';
import { committedRepository, gitIn } from '../support/gitRepository';
import { connectPlanwrightMcp, type PlanwrightMcpClient } from '../support/planwrightMcpClient';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const PLAN = {
  version: 1,
  goal: 'Write a note',
  steps: [{ id: 'E1', title: 'Write c.txt', tool: 'writeFile', args: { path: 'c.txt', content: 'new\n' }, postcondition: { kind: 'fileExists', path: 'c.txt' } }],
};

const exists = (file: string) => stat(file).then(() => true, () => false);

describe('planwright mcp run_plan with worktree', function () {
  this.timeout(budgetMs(90_000));
  let dir: string;
  let ws: string;
  let server: ScriptedModelServer;
  let client: PlanwrightMcpClient;

  before(async () => {
    bundleCli();
    dir = await makeTempDir();
    ws = path.join(dir, 'ws');
    await mkdir(ws);
    await committedRepository(ws);
    server = await ScriptedModelServer.start([]);
    client = await connectPlanwrightMcp(dir, server.baseUrl, 'all');
  });
  after(async () => {
    await client.close();
    await server.close();
    await removeTempDir(dir);
  });

  it('runs in a new worktree on its own branch and leaves the workspace untouched', async () => {
    const ran = await client.call('run_plan', { plan: PLAN, workspace: ws, approve: 'all', worktree: true });
    assert.equal(ran.isError, false, ran.text);
    const report = JSON.parse(ran.text) as { status: string; runId: string; worktree: { path: string; branch: string } };
    assert.equal(report.status, 'succeeded');
    assert.equal(report.worktree.branch, `planwright/${report.runId}`);
    assert.equal(await readFile(path.join(report.worktree.path, 'c.txt'), 'utf8'), 'new\n');
    assert.equal(await exists(path.join(ws, 'c.txt')), false);
    assert.equal(gitIn(ws, 'status', '--porcelain'), '');
  });

  it('runs in the workspace itself when worktree is false', async () => {
    const ran = await client.call('run_plan', { plan: PLAN, workspace: ws, approve: 'all', worktree: false });
    const report = JSON.parse(ran.text) as { status: string; worktree?: unknown };
    assert.equal(report.status, 'succeeded', ran.text);
    assert.equal(report.worktree, undefined);
    assert.equal(await readFile(path.join(ws, 'c.txt'), 'utf8'), 'new\n');
  });

  it('is a tool error naming why when the workspace is not a git repository', async () => {
    const plain = path.join(dir, 'plain');
    await mkdir(plain);
    const refused = await client.call('run_plan', { plan: PLAN, workspace: plain, approve: 'all', worktree: true });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /needs the workspace to be a git repository/);
    assert.equal(await exists(path.join(plain, 'c.txt')), false);
  });
});
