// `planwright run` then `planwright resume --approve all` on a deploy that timed out: the re-planner hands the
// deploy back unchanged, the run holds it for the user with the risk named, and a resume with every approval
// allowed still holds it. The deploy is a real command that counts its runs in a file, so a second run shows.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliCommand } from '../../../src/cli/cliIo';
import { resumeCommand } from '../../../src/cli/resumeCommand';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { invoke } from '../support/invokeCli';
import { makeTempDir, removeTempDir } from '../support/tempDir';

/** Counts its runs in deploys.txt; the first run then never ends, so the step times out with its effect done. */
const DEPLOY_SCRIPT = `const fs = require('node:fs');
fs.appendFileSync('deploys.txt', 'deployed\\n');
if (fs.readFileSync('deploys.txt', 'utf8').split('\\n').length === 2) setInterval(() => {}, 1000);
`;

/** The held step, whatever the re-planner titled it, names the deploy that ended unknown. */
const RISK = /^waiting for approval: 1 .*\b1 Deploy\b.*ended unknown/;

describe('planwright resume --approve all on a held repeat of a deploy that ended unknown', function () {
  this.timeout(budgetMs(60_000));
  let dir: string;
  let server: ScriptedModelServer;

  before(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'ws', 'deploy.js'), DEPLOY_SCRIPT);
  });
  after(async () => {
    await server?.close();
    await removeTempDir(dir);
  });

  /** Runs `command` against the scripted model; its --json report parsed. */
  async function cli(command: CliCommand, args: string[]) {
    const captured = await invoke(command, args, dir, { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'scripted' });
    return { ...captured, report: JSON.parse(captured.stdout) as { status: string; reason?: string } };
  }

  it('still waits, the risk named, and the deploy ran once', async () => {
    // Long enough for node to start and count the run on a busy machine; the first run then hangs past it.
    const args = { command: `${JSON.stringify(process.execPath)} deploy.js`, timeoutMs: 8000 };
    const plan = { version: 1, goal: 'Deploy', steps: [{ id: 'E1', title: 'Deploy', tool: 'runCommand', args, postcondition: { kind: 'exitCode', equals: 0 } }] };
    await writeFile(path.join(dir, 'deploy.plan.json'), JSON.stringify(plan));
    server = await ScriptedModelServer.start([{ content: `replace E1 runCommand ${JSON.stringify(args)}\n` }]);

    const ran = await cli(runPlanCommand, ['deploy.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', 'run.journal.jsonl', '--json']);
    assert.equal(ran.code, 3, ran.stderr);
    assert.equal(ran.report.status, 'awaitingApproval');
    assert.match(ran.report.reason ?? '', RISK);
    assert.equal(server.requests.length, 1, 'the re-planner was asked');

    const resumed = await cli(resumeCommand, ['--journal', 'run.journal.jsonl', '--approve', 'all', '--json']);
    assert.equal(resumed.code, 3, resumed.stderr);
    assert.equal(resumed.report.status, 'awaitingApproval');
    assert.equal(resumed.report.reason, ran.report.reason, 'the same risk is named');
    assert.equal(await readFile(path.join(dir, 'ws', 'deploys.txt'), 'utf8'), 'deployed\n', 'the deploy ran once');
  });
});
