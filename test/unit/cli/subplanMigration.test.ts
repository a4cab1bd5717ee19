// `planwright run` end to end with sub-plans: a migration plan of a dozen sub-plans, one per file of a
// fixture repository, each child plan written by a scripted model endpoint from its sub-goal and its one
// scoped file, run in parallel, journalled beside the parent, and nested under its step in `--json`.
import * as assert from 'node:assert/strict';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { ScriptedModelServer } from '../../support/scriptedModelServer';

const FILES = 12;

function captureIo(cwd: string, env: CliIo['env']): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, env, stdout: { write: (text: string) => (io.out += text) }, stderr: { write: (text: string) => (io.err += text) } };
  return io;
}

/** The text of a chat request's messages. */
const textOf = (body: { messages: { content: string }[] }) => body.messages.map((message) => message.content).join('\n');

describe('planwright run with sub-plans', () => {
  let root: string;
  let server: ScriptedModelServer | undefined;

  beforeEach(async () => {
    root = await makeTempDir();
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'package.json'), '{ "name": "fixture", "version": "1.0.0" }\n');
    for (let index = 0; index < FILES; index++) {
      await writeFile(path.join(root, `src/m${index}.ts`), `import { oldFetch } from './http';\nexport const load${index} = () => oldFetch('/api/${index}');\n`);
    }
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(root);
  });

  it('runs a migration of a dozen sub-plans: each child planned from its scoped file alone, all nested in the report', async () => {
    server = await ScriptedModelServer.start((body) => {
      const file = /migrate (src\/m\d+\.ts)/.exec(textOf(body))?.[1];
      if (!file) return { status: 400, message: 'no sub-goal in the request' };
      return { content: `editFile {"path":"${file}","edits":[{"find":"import { oldFetch }","replace":"import { newFetch }"},{"find":"=> oldFetch(","replace":"=> newFetch("}]}\n`, usage: { prompt_tokens: 300, completion_tokens: 40 } };
    });
    const steps = Array.from({ length: FILES }, (_, index) => ({
      id: `E${index + 1}`,
      title: `migrate src/m${index}.ts`,
      tool: 'subplan',
      args: { goal: `migrate src/m${index}.ts from oldFetch to newFetch`, scope: [`src/m${index}.ts`], budget: { steps: 4, replans: 1, tokens: 5000 } },
      postcondition: { kind: 'not', check: { kind: 'fileContains', path: `src/m${index}.ts`, text: 'oldFetch' } },
    }));
    await writeFile(path.join(root, 'migrate.plan.json'), JSON.stringify({ version: 1, goal: 'migrate every caller to newFetch', steps }));
    const io = captureIo(root, { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'scripted' });

    const code = await runPlanCommand.run(['migrate.plan.json', '--workspace', '.', '--approve', 'all', '--max-parallel', '4', '--json'], io);

    assert.equal(code, 0, `${io.err}\n${io.out.slice(0, 3000)}`);
    const report = JSON.parse(io.out) as { status: string; children: Record<string, { status: string; goal: string; scope: string[]; budget: object; steps: unknown[] }>; usageByLevel: { level: number; runs: number; calls: number }[] };
    assert.equal(report.status, 'succeeded');
    assert.equal(Object.keys(report.children).length, FILES);
    assert.ok(Object.values(report.children).every((child) => child.status === 'succeeded' && child.steps.length === 1));
    assert.deepEqual(report.children.E3!.scope, ['src/m2.ts']);
    assert.deepEqual(report.children.E3!.budget, { steps: 4, replans: 1, tokens: 5000 });
    assert.deepEqual(report.usageByLevel.map((level) => [level.level, level.runs, level.calls]), [[0, 1, 0], [1, FILES, FILES]]);
    for (let index = 0; index < FILES; index++) assert.doesNotMatch(await readFile(path.join(root, `src/m${index}.ts`), 'utf8'), /oldFetch/);
    for (const request of server.requests) {
      const named = new Set(textOf(request.body).match(/m\d+\.ts/g));
      assert.equal(named.size, 1, `a child planner saw more than its own file: ${[...named].join(', ')}`);
    }
    const journals = (await readdir(path.join(root, '.planwright/runs'))).filter((name) => name.endsWith('.journal.jsonl'));
    assert.equal(journals.length, FILES + 1);
  });
});
