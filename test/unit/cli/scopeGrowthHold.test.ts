// `planwright run --approve all` on a plan whose re-plan makes a step change a file the approved plan did not:
// the widened step waits for the user, a resume with `--approve all` still holds it (the approved scope is
// journalled), and a resume with `--allow-scope-growth` lets it run.
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

describe('planwright run --approve all on a re-plan that widens the approved scope', function () {
  this.timeout(budgetMs(60_000));
  let dir: string;
  let server: ScriptedModelServer;

  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    const failing = { command: `${JSON.stringify(process.execPath)} -e "process.exit(3)"` };
    const plan = { version: 1, goal: 'Write the notes', steps: [{ id: 'E1', title: 'Check the notes', tool: 'runCommand', args: failing, postcondition: { kind: 'exitCode', equals: 0 } }] };
    await writeFile(path.join(dir, 'notes.plan.json'), JSON.stringify(plan));
    server = await ScriptedModelServer.start([{ content: 'replace E1 writeFile {"path": "notes.txt", "content": "hi\\n"}\n' }]);
  });
  afterEach(async () => {
    await server?.close();
    await removeTempDir(dir);
  });

  /** Runs `command` against the scripted model; its --json report parsed. */
  async function cli(command: CliCommand, args: string[]) {
    const captured = await invoke(command, args, dir, { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'scripted' });
    return { ...captured, report: JSON.parse(captured.stdout) as { status: string; reason?: string } };
  }

  const RUN = ['notes.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', 'run.journal.jsonl', '--json'];

  it('holds the widened step, still holds it after a resume, and runs it with --allow-scope-growth', async () => {
    const ran = await cli(runPlanCommand, RUN);
    assert.equal(ran.code, 3, ran.stderr);
    assert.equal(ran.report.status, 'awaitingApproval');
    assert.equal(server.requests.length, 1, 'the re-planner was asked');
    const journal = await readFile(path.join(dir, 'run.journal.jsonl'), 'utf8');
    assert.match(journal, /widens the approved scope: it changes notes\.txt/);

    const resumed = await cli(resumeCommand, ['--journal', 'run.journal.jsonl', '--approve', 'all', '--json']);
    assert.equal(resumed.code, 3, resumed.stderr);
    assert.equal(resumed.report.status, 'awaitingApproval');
    await assert.rejects(readFile(path.join(dir, 'ws', 'notes.txt')), 'nothing was written while it waited');

    const allowed = await cli(resumeCommand, ['--journal', 'run.journal.jsonl', '--approve', 'all', '--allow-scope-growth', '--json']);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(allowed.report.status, 'succeeded');
    assert.equal(await readFile(path.join(dir, 'ws', 'notes.txt'), 'utf8'), 'hi\n');
  });

  it('runs the widened step at once when the run allows scope growth', async () => {
    const ran = await cli(runPlanCommand, [...RUN, '--allow-scope-growth']);
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(ran.report.status, 'succeeded');
    assert.equal(await readFile(path.join(dir, 'ws', 'notes.txt'), 'utf8'), 'hi\n');
  });
});
