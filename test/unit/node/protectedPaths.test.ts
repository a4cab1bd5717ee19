// A run's own files inside the workspace — its journal, its trace and the folder of runs — are out of a
// plan's reach, however the path is spelled: every file operation refuses them with ProtectedPathError
// (so tools fail definitely and checks cannot be evaluated), listings leave them out, and a plan that
// aims at the live journal through the CLI fails its step while the journal stays whole.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ProtectedPathError, WorkspaceEscapeError } from '../../../src/core/errors';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { appendFileTool } from '../../../src/core/tools/appendFile';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, ScriptedCommandRunner, toolContext } from '../support/fakePorts';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const JOURNAL = '.planwright/runs/r.journal.jsonl';

describe('NodeWorkspace with protected paths', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    await mkdir(path.join(root, '.planwright', 'runs'), { recursive: true });
    await writeFile(path.join(root, JOURNAL), '{"type":"runStarted"}\n');
    await writeFile(path.join(root, 'own.journal.jsonl'), '{"type":"runStarted"}\n');
    await writeFile(path.join(root, 'src.txt'), 'source');
    await symlink(path.join(root, '.planwright', 'runs'), path.join(root, 'runs-link'));
    await symlink(path.join(root, 'own.journal.jsonl'), path.join(root, 'journal-link'));
    workspace = new NodeWorkspace(root, [path.join(root, 'own.journal.jsonl'), path.join(root, 'own.trace.jsonl'), path.join(root, '.planwright')]);
  });
  afterEach(() => removeTempDir(root));

  const SPELLINGS = [JOURNAL, `./${JOURNAL}`, '.planwright//runs/r.journal.jsonl', 'runs-link/r.journal.jsonl', 'own.journal.jsonl', './own.journal.jsonl', 'journal-link', 'own.trace.jsonl', '.planwright/runs/new.jsonl', '.planwright/.gitignore'];

  for (const spelling of SPELLINGS) {
    it(`refuses every operation on ${spelling}`, async () => {
      const refused = (error: unknown) => error instanceof ProtectedPathError && error.path === spelling;
      await assert.rejects(workspace.writeFile(spelling, 'x'), refused);
      await assert.rejects(workspace.appendFile(spelling, 'x'), refused);
      await assert.rejects(workspace.deleteFile(spelling), refused);
      await assert.rejects(workspace.rename(spelling, 'elsewhere.txt'), refused);
      await assert.rejects(workspace.rename('src.txt', spelling), refused);
      await assert.rejects(workspace.readFile(spelling), refused);
      await assert.rejects(workspace.stat(spelling), refused);
    });
  }

  it('refuses a path that climbs back into the folder of runs (as any path with "..")', async () => {
    await assert.rejects(workspace.writeFile('.planwright/runs/../runs/r.journal.jsonl', 'x'), (error: unknown) => error instanceof WorkspaceEscapeError || error instanceof ProtectedPathError);
  });

  it('refuses to move or remove a folder that holds the run files', async () => {
    await assert.rejects(workspace.rename('.planwright', 'moved'), ProtectedPathError);
    await assert.rejects(workspace.rename('.planwright/runs', 'moved'), ProtectedPathError);
    await assert.rejects(workspace.deleteFile('.planwright/runs'), ProtectedPathError);
  });

  it('leaves the run files untouched, lists none of them, and still serves every other path', async () => {
    for (const spelling of SPELLINGS) await workspace.appendFile(spelling, 'x').catch(() => undefined);
    assert.equal(await readFile(path.join(root, JOURNAL), 'utf8'), '{"type":"runStarted"}\n');
    assert.equal(await readFile(path.join(root, 'own.journal.jsonl'), 'utf8'), '{"type":"runStarted"}\n');
    const listed = await workspace.findFiles('**/*');
    assert.deepEqual(listed.filter((file) => /journal|planwright|trace/.test(file)), []);
    await workspace.writeFile('notes/own.journal.jsonl.bak', 'fine');
    assert.equal(await workspace.readFile('notes/own.journal.jsonl.bak'), 'fine');
  });

  it('makes a tool fail definitely, naming the path, and a check unevaluable', async () => {
    const error = await assertToolError(appendFileTool.execute({ path: 'runs-link/r.journal.jsonl', content: 'x' }, toolContext({ workspace })), 'definite', 'protectedPath');
    assert.match(error.message, /runs-link\/r\.journal\.jsonl" is one of the run's own files/);
    const check = await evaluateCheck({ kind: 'fileContains', path: JOURNAL, text: 'runStarted' }, { workspace, commands: new ScriptedCommandRunner(() => ({})), limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal });
    assert.equal(check.ok, false);
    assert.equal(check.unevaluable, true);
    assert.match(check.detail, /one of the run's own files/);
  });
});

describe('planwright run with a plan that aims at its own journal', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
  });
  afterEach(() => removeTempDir(dir));

  async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {}, cwd: dir };
    return { code: await runCli(args, io), stdout, stderr };
  }

  it('fails the step definitely, keeps the journal whole, and resume reads it', async () => {
    const plan = {
      version: 1,
      goal: 'Corrupt the journal',
      steps: [{ id: 'E1', title: 'Scribble', tool: 'appendFile', args: { path: './run.journal.jsonl', content: 'garbage\n' }, postcondition: { kind: 'fileContains', path: 'run.journal.jsonl', text: 'garbage' } }],
    };
    await writeFile(path.join(dir, 'bad.plan.json'), JSON.stringify(plan));
    const journal = path.join(dir, 'ws', 'run.journal.jsonl');
    const run = await cli(['run', 'bad.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json']);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout) as { status: string; steps: { id: string; status: string; attempts: number; failure?: { kind: string; message: string } }[] };
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:failed:1']);
    assert.match(JSON.stringify(report), /run\.journal\.jsonl\\" is one of the run's own files/);
    const lines = (await readFile(journal, 'utf8')).split('\n');
    assert.equal(lines.pop(), '', 'the journal ends with a whole record');
    for (const line of lines) JSON.parse(line);

    const resumed = await cli(['resume', '--journal', journal, '--json']);
    assert.equal(resumed.code, 1, resumed.stderr);
    assert.equal((JSON.parse(resumed.stdout) as { status: string }).status, 'needsReplan');
  });
});
