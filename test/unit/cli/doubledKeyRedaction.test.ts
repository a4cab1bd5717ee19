// An endpoint whose error message repeats the API key (twice, as a proxy echoing a header does): every copy is
// redacted wherever the message reaches the user or a file: the --json report, the log on stderr, the trace
// and the journal. The message itself still arrives, so the redaction is shown to have had something to do.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliCommand } from '../../../src/cli/cliIo';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { invoke } from '../support/invokeCli';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const KEY = 'sk-doubled-0123456789abcdef';

describe('planwright run against an endpoint whose error repeats the key', function () {
  this.timeout(budgetMs(60_000));
  let dir: string;
  let server: ScriptedModelServer;

  before(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    server = await ScriptedModelServer.start(() => ({ status: 400, message: `key ${KEY} is not valid here; got ${KEY}` }));
  });
  after(async () => {
    await server.close();
    await removeTempDir(dir);
  });

  const cli = (command: CliCommand, args: string[]) => invoke(command, args, dir, { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'scripted', PLANWRIGHT_API_KEY: KEY });

  it('redacts every copy of the key in the report, the log, the trace and the journal', async () => {
    // A generate step the endpoint fails: its error goes to the report, the trace and the journal.
    const failing = { version: 1, goal: 'Greet', steps: [{ id: 'E1', title: 'Draft', tool: 'generate', args: { instruction: 'Write a greeting' } }] };
    await writeFile(path.join(dir, 'greet.plan.json'), JSON.stringify(failing));
    const failed = await cli(runPlanCommand, ['greet.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', 'run.journal.jsonl', '--trace', 'run.trace.jsonl', '--json']);
    assert.equal(failed.code, 1, failed.stderr);
    // A model summary the endpoint fails: the run falls back to the plain summary and logs why.
    const reading = { version: 1, goal: 'Read', steps: [{ id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'greet.txt' } }] };
    await writeFile(path.join(dir, 'ws', 'greet.txt'), 'hello');
    await writeFile(path.join(dir, 'read.plan.json'), JSON.stringify(reading));
    const summarised = await cli(runPlanCommand, ['read.plan.json', '--workspace', 'ws', '--approve', 'all', '--summary', 'model', '--json']);
    assert.equal(summarised.code, 0, summarised.stderr);
    assert.ok(server.requests.length > 0 && server.requests.every((request) => request.authorization === `Bearer ${KEY}`), 'the key was sent');

    const reached = {
      report: failed.stdout,
      log: summarised.stderr,
      trace: await readFile(path.join(dir, 'run.trace.jsonl'), 'utf8'),
      journal: await readFile(path.join(dir, 'run.journal.jsonl'), 'utf8'),
    };
    for (const [where, text] of Object.entries(reached)) {
      assert.ok(!text.includes(KEY), `the key is in the ${where}`);
      assert.ok(text.includes('key *** is not valid here; got ***'), `the ${where} does not carry the endpoint error:\n${text}`);
    }
    for (const text of [failed.stderr, summarised.stdout]) assert.ok(!text.includes(KEY));
  });
});
