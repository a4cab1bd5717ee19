import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { encodeCompactPlan } from '../../../src/core/plan/compact/encodeCompactPlan';
import { parsePlanText } from '../../../src/core/plan/parsePlan';
import type { Step } from '../../../src/core/plan/planSchema';
import type { CliIo } from '../../../src/cli/cliIo';
import { modelsFromEnv } from '../../../src/cli/modelsFromEnv';
import { planCommand } from '../../../src/cli/planCommand';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { captureTree, makeTempDir, removeTempDir } from '../support/tempDir';
import { ScriptedModelServer, type Script } from '../../support/scriptedModelServer';

const PLAN = {
  version: 1,
  goal: 'Add a README section',
  steps: [{ id: 'E1', title: 'Append the section', tool: 'appendFile', args: { path: 'README.md', content: '\n## Usage\n' }, postcondition: { kind: 'fileContains', path: 'README.md', text: '## Usage' } }],
};

/** A CliIo that keeps what was written. */
function captureIo(cwd: string, env: CliIo['env']): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    cwd,
    env,
    stdout: { write: (text: string) => (io.out += text) },
    stderr: { write: (text: string) => (io.err += text) },
  };
  return io;
}

describe('planwright plan', () => {
  let server: ScriptedModelServer | undefined;
  let root: string;

  beforeEach(async () => {
    root = await makeTempDir();
    await mkdir(path.join(root, 'project'));
    await writeFile(path.join(root, 'project/README.md'), '# demo\n');
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(root);
  });

  async function envFor(script: Script): Promise<CliIo['env']> {
    server = await ScriptedModelServer.start(script);
    return { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'any-model', PLANWRIGHT_API_KEY: 'sk-cli-test-key' };
  }

  it('writes the validated plan to --out, with the usage on stderr, and changes nothing in the workspace', async () => {
    const io = captureIo(root, await envFor([{ content: JSON.stringify(PLAN), usage: { prompt_tokens: 2000, completion_tokens: 90, cached_tokens: 1024 } }]));
    const before = await captureTree(path.join(root, 'project'));
    const code = await planCommand.run(['Add', 'a', 'README', 'section', '--workspace', 'project', '--out', 'readme.plan.json'], io);
    assert.equal(code, 0, io.err);
    const written = parsePlanText(await readFile(path.join(root, 'readme.plan.json'), 'utf8'));
    assert.ok(written.ok);
    assert.equal(written.plan.goal, 'Add a README section');
    assert.equal(written.plan.revision, 1);
    assert.match(io.err, /planned 1 step \(revision 1\); 1 model call \(any-model\): 2000 prompt \(1024 cached\) \+ 90 completion tokens/);
    assert.equal(io.out, '');
    assert.deepEqual(await captureTree(path.join(root, 'project')), before);
    assert.equal(server!.requests[0]!.authorization, 'Bearer sk-cli-test-key');
    assert.ok(!io.err.includes('sk-cli-test-key'));
  });

  it('prints the plan on stdout without --out', async () => {
    const io = captureIo(root, await envFor([{ content: JSON.stringify(PLAN) }]));
    assert.equal(await planCommand.run(['Add a README section', '--workspace=project'], io), 0, io.err);
    assert.equal(JSON.parse(io.out).steps[0].id, 'E1');
  });

  it('takes the goal from --goal, as run --goal does', async () => {
    const io = captureIo(root, await envFor([{ content: JSON.stringify(PLAN) }]));
    assert.equal(await planCommand.run(['--goal', 'Add a README section', '--workspace', 'project'], io), 0, io.err);
    assert.equal(JSON.parse(io.out).goal, 'Add a README section');
    assert.ok(JSON.stringify(server!.requests[0]!.body.messages).includes('Add a README section'));
  });

  it('exits 2 when the goal is given both as words and with --goal', async () => {
    const io = captureIo(root, await envFor([{ content: JSON.stringify(PLAN) }]));
    assert.equal(await planCommand.run(['Add', '--goal', 'Add a README section', '--workspace', 'project'], io), 2);
    assert.match(io.err, /give the goal once: as words or with --goal, not both \(got "Add"\)/);
    assert.equal(server!.requests.length, 0);
  });

  it('exits 1 with every problem listed when the plan is invalid twice', async () => {
    const io = captureIo(root, await envFor(() => ({ content: JSON.stringify({ ...PLAN, steps: [{ ...PLAN.steps[0], postcondition: undefined }] }) })));
    assert.equal(await planCommand.run(['Add a README section', '--workspace', 'project', '--out', 'x.plan.json'], io), 1);
    assert.match(io.err, /planning failed: The model's plan was invalid twice/);
    assert.match(io.err, /- E1\.postcondition: Required/);
    assert.match(io.err, /2 model calls/);
    await assert.rejects(readFile(path.join(root, 'x.plan.json')));
  });

  it('exits 1 with the model error when the endpoint refuses the key', async () => {
    const io = captureIo(root, await envFor(() => ({ status: 401 })));
    assert.equal(await planCommand.run(['Add a README section', '--workspace', 'project'], io), 1);
    assert.match(io.err, /PLANWRIGHT_API_KEY/);
  });

  it('exits 2 when no endpoint is configured, or the command line is incomplete', async () => {
    const io = captureIo(root, {});
    assert.equal(await planCommand.run(['Add a README section', '--workspace', 'project'], io), 2);
    assert.match(io.err, /set PLANWRIGHT_BASE_URL/);
    assert.equal(await planCommand.run(['--workspace', 'project'], io), 2);
    assert.match(io.err, /missing goal/);
    assert.equal(await planCommand.run(['Add a section'], io), 2);
    assert.match(io.err, /--workspace is needed/);
    assert.equal(await planCommand.run(['Add a section', '--workspace', 'nowhere'], io), 2);
    assert.match(io.err, /workspace folder not found/);
  });
});

describe('planwright run --goal with models from the environment', () => {
  let server: ScriptedModelServer | undefined;
  let root: string;

  beforeEach(async () => {
    root = await makeTempDir();
    await writeFile(path.join(root, 'README.md'), '# demo\n');
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(root);
  });

  const serve = async () =>
    ScriptedModelServer.start((body) =>
      String(body.messages[1]?.content).startsWith('Task: write a plan') ? { content: JSON.stringify(PLAN), usage: { prompt_tokens: 2000, completion_tokens: 90 } } : { content: 'Appended a Usage section to README.md.' },
    );

  it('plans the goal and runs the plan, ending with the plain summary and no solver call', async () => {
    server = await serve();
    const io = captureIo(root, { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_PLANNER_MODEL: 'planner-model', PLANWRIGHT_WORKER_MODEL: 'worker-model' });
    const code = await runPlanCommand.run(['--goal', 'Add a README section', '--workspace', '.', '--approve', 'all', '--json'], io);
    assert.equal(code, 0, io.err);
    const report = JSON.parse(io.out);
    assert.equal(report.status, 'succeeded');
    assert.match(report.summary, /^Goal: Add a README section\n\nOutcome: succeeded/);
    assert.deepEqual([report.usage.plan.calls, report.usage.solve.calls], [1, 0]);
    assert.deepEqual(server.requests.map((request) => request.body.model), ['planner-model']);
  });

  it('with --summary model, also asks the solver and reports its call', async () => {
    server = await serve();
    const io = captureIo(root, { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_PLANNER_MODEL: 'planner-model', PLANWRIGHT_WORKER_MODEL: 'worker-model' });
    const code = await runPlanCommand.run(['--goal', 'Add a README section', '--workspace', '.', '--approve', 'all', '--summary', 'model', '--json'], io);
    assert.equal(code, 0, io.err);
    const report = JSON.parse(io.out);
    assert.equal(report.status, 'succeeded');
    assert.equal(report.revision, 1);
    assert.equal(report.summary, 'Appended a Usage section to README.md.');
    assert.deepEqual([report.usage.plan.calls, report.usage.plan.promptTokens, report.usage.solve.calls], [1, 2000, 1]);
    assert.deepEqual(server.requests.map((request) => request.body.model), ['planner-model', 'worker-model']);
    assert.equal(await readFile(path.join(root, 'README.md'), 'utf8'), '# demo\n\n## Usage\n');
  });
});

describe('planwright run --goal, the plan streamed into the run', () => {
  let server: ScriptedModelServer | undefined;
  let root: string;

  beforeEach(async () => {
    root = await makeTempDir();
    await writeFile(path.join(root, 'README.md'), '# demo\n');
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(root);
  });

  it('journals each step as the reply completes it, with how much of the reply had arrived, and closes the plan', async () => {
    const steps = [{ id: 'E1', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' } }, { ...PLAN.steps[0]!, id: 'E2' }];
    const reply = encodeCompactPlan(steps as Step[]);
    server = await ScriptedModelServer.start((body) =>
      String(body.messages[1]?.content).startsWith('Task: write a plan') ? { content: reply, chunkChars: 8, chunkDelayMs: 2 } : { content: 'Done.' },
    );
    const io = captureIo(root, { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'one-model' });
    const code = await runPlanCommand.run(['--goal', 'Add a README section', '--workspace', '.', '--approve', 'all', '--json', '--journal', 'run.journal.jsonl', '--trace', 'run.trace.jsonl'], io);
    assert.equal(code, 0, `${io.err}${io.out}`);
    assert.equal(JSON.parse(io.out).status, 'succeeded');
    const lines = async (name: string) => (await readFile(path.join(root, name), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    const journal = await lines('run.journal.jsonl');
    assert.equal(journal[0].planOpen, true);
    assert.deepEqual(journal.filter((record) => record.type === 'stepAdded').map((record) => record.step.id), ['E2']);
    assert.ok(journal.some((record) => record.type === 'planClosed' && record.problems === undefined));
    const arrived = (await lines('run.trace.jsonl')).filter((event) => event.type === 'stepArrived');
    assert.deepEqual(arrived.map((event) => event.stepId), ['E1', 'E2']);
    assert.ok(arrived[0].streamOffset.chars < arrived[1].streamOffset.chars && arrived[1].streamOffset.chars <= reply.length);
    assert.equal(await readFile(path.join(root, 'README.md'), 'utf8'), '# demo\n\n## Usage\n');
  });
});

describe('modelsFromEnv', () => {
  it('configures no model without a base URL', () => {
    assert.deepEqual(modelsFromEnv({ PLANWRIGHT_MODEL: 'm', OPENAI_API_KEY: 'k' }), {});
  });

  it('builds every model from the endpoint variables', () => {
    const models = modelsFromEnv({ PLANWRIGHT_BASE_URL: 'http://127.0.0.1:9/v1', PLANWRIGHT_MODEL: 'm' });
    assert.ok(models.planGoal && models.replanner && models.solver && models.workerModel);
  });
});
