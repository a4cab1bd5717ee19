// `planwright run` / `resume` / `undo` with a sub-plan whose child writes a file in its scope folder: the
// output shows the child's steps by their path, the run waits for the child's step (exit 3, `E1/E1`), a
// resume that approves carries the child on without planning it again, and undo puts the folder back.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';

async function cli(args: string[], cwd: string, env: CliIo['env']): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { cwd, env, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } });
  return { code, stdout, stderr };
}

describe('a sub-plan through the CLI', () => {
  let root: string;
  let server: ScriptedModelServer | undefined;

  beforeEach(async () => {
    root = await makeTempDir();
    await mkdir(path.join(root, 'ws'));
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(root);
  });

  it('shows the child steps, waits for E1/E1, resumes the child on --approve all, and undo removes what it created', async () => {
    server = await ScriptedModelServer.start(() => ({ content: 'writeFile {"path":"one/x.txt","content":"x"}\n', usage: { prompt_tokens: 100, completion_tokens: 10 } }));
    const env = { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'scripted' };
    const plan = { version: 1, goal: 'delegate', steps: [{ id: 'E1', title: 'Write one/x.txt', tool: 'subplan', args: { goal: 'Write one/x.txt', scope: ['one'] }, postcondition: { kind: 'fileExists', path: 'one/x.txt' } }] };
    await writeFile(path.join(root, 'p.plan.json'), JSON.stringify(plan));
    const journal = path.join(root, 'run.journal.jsonl');

    const waiting = await cli(['run', 'p.plan.json', '--workspace', 'ws', '--journal', journal], root, env);
    assert.equal(waiting.code, 3, `${waiting.stderr}\n${waiting.stdout}`);
    assert.match(waiting.stdout, /^E1\/E1 +writeFile +awaitingApproval/m);
    assert.match(waiting.stdout, /waiting for approval: E1\/E1/);
    assert.equal(server.requests.length, 1);

    const resumed = await cli(['resume', '--journal', journal, '--approve', 'all'], root, env);
    assert.equal(resumed.code, 0, `${resumed.stderr}\n${resumed.stdout}`);
    assert.match(resumed.stdout, /^E1\/E1 +writeFile +succeeded/m);
    assert.equal(server.requests.length, 1, 'the child was carried on, not planned or re-planned again');
    assert.ok(existsSync(path.join(root, 'ws', 'one', 'x.txt')));

    const undone = await cli(['undo', journal, '--workspace', 'ws'], root, env);
    assert.equal(undone.code, 0, `${undone.stderr}\n${undone.stdout}`);
    assert.match(undone.stdout, /removed +one\/x\.txt/);
    assert.ok(!existsSync(path.join(root, 'ws', 'one', 'x.txt')));
  });
});
