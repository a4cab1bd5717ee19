// `planwright run --prices FILE`: the report carries the cost per phase when prices are given, and nothing
// about money when they are not; a bad prices file stops the run before anything runs.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { createRunPlanCommand } from '../../../src/cli/runPlanCommand';
import { PlanReplyModel } from '../support/planReplyModel';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const STEP = { id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'name.txt' } };

// A planner whose one plan costs $2.80 at the test's prices (1M prompt tokens at $2, 100k completion at $8 a million).
const command = createRunPlanCommand(() => {
  const model = new PlanReplyModel({ version: 1, goal: 'Read the name', steps: [STEP] }, 'planner-model', { promptTokens: 1_000_000, completionTokens: 100_000, cachedTokens: 0, estimated: false });
  return { plannerModel: model, workerModel: model };
});

async function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {}, cwd };
  const code = await command.run(args, io);
  return { code, stdout, stderr };
}

describe('planwright run --prices', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'ws', 'name.txt'), 'Ada');
    await writeFile(path.join(dir, 'prices.json'), JSON.stringify({ 'planner-model': { input: 2, output: 8 } }));
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('adds the cost per phase to the --json report', async () => {
    const result = await run(['--goal', 'Read the name', '--workspace', 'ws', '--prices', 'prices.json', '--json'], dir);
    assert.equal(result.code, 0, result.stderr);
    const cost = (JSON.parse(result.stdout) as { cost: Record<string, { usd: number; unpricedCalls: number }> }).cost;
    assert.equal(cost.plan.usd, 2 + 0.8);
    assert.equal(cost.execute.usd, 0);
    assert.equal(cost.total.usd, 2.8);
    assert.equal(cost.total.unpricedCalls, 0);
  });

  it('ends the human-readable output with a cost line', async () => {
    const result = await run(['--goal', 'Read the name', '--workspace', 'ws', '--prices', 'prices.json'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^cost: planning \$2\.80 · total \$2\.80$/m);
  });

  it('says nothing about cost without prices', async () => {
    const result = await run(['--goal', 'Read the name', '--workspace', 'ws', '--json'], dir);
    assert.equal('cost' in (JSON.parse(result.stdout) as object), false);
  });

  it('refuses a prices file that is not in the expected shape, before running anything', async () => {
    await writeFile(path.join(dir, 'prices.json'), JSON.stringify({ 'planner-model': { input: '2', output: 8 } }));
    const result = await run(['--goal', 'Read the name', '--workspace', 'ws', '--prices', 'prices.json'], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--prices: prices\.json at planner-model\.input: /);
    assert.deepEqual(await readdir(path.join(dir, 'ws')), ['name.txt']);
  });
});
