// `run_plan` and `resume_run` with a per-call `maxCost`: the run pauses before the model call that would pass it
// (the scripted endpoint never sees that call) and the report says so; `resume_run` with a higher `maxCost`
// finishes. A cap over a model without a price is refused in the CLI's words.
import * as assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { CAP_PRICES, NOTE_REPLY, TWO_NOTES_PLAN } from '../../support/costCapScenario';
import { connectPlanwrightMcp, type PlanwrightMcpClient } from '../support/planwrightMcpClient';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('planwright mcp run_plan and resume_run with maxCost', function () {
  this.timeout(budgetMs(90_000));
  let dir: string;
  let server: ScriptedModelServer;
  let client: PlanwrightMcpClient;
  let prices: string;

  before(async () => {
    dir = await makeTempDir();
    prices = path.join(dir, 'prices.json');
    await writeFile(prices, JSON.stringify(CAP_PRICES));
    server = await ScriptedModelServer.start(() => NOTE_REPLY);
    client = await connectPlanwrightMcp(dir, server.baseUrl, 'reads');
  });
  after(async () => {
    await client.close();
    await server.close();
    await removeTempDir(dir);
  });

  const call = (name: string, args: Record<string, unknown>) => client.call(name, args);

  it('refuses a cap over a model without a price, in the CLI words', async () => {
    const refused = await call('run_plan', { plan: TWO_NOTES_PLAN, workspace: dir, maxCost: 1 });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /--max-cost cannot cap calls of a model without a price: no price for scripted \(no --prices file was given\)/);
    assert.equal(server.requests.length, 0);
  });

  it('pauses before the call that would pass maxCost, says so, and resume_run with a higher one finishes', async () => {
    const ran = await call('run_plan', { plan: TWO_NOTES_PLAN, workspace: dir, approve: 'reads', maxCost: 1, prices });
    const report = JSON.parse(ran.text) as { status: string; journal: string; costCap: { maxCost: number; spent: number; reached?: string } };
    assert.equal(report.status, 'paused');
    assert.equal(server.requests.length, 1, 'the second call was never made');
    assert.deepEqual({ ...report.costCap, reached: /would pass it, so it was not made$/.test(report.costCap.reached ?? '') }, { maxCost: 1, spent: 0.75, reached: true });

    const resumed = await call('resume_run', { journal: report.journal, approve: 'reads', maxCost: 2, prices });
    assert.equal((JSON.parse(resumed.text) as { status: string }).status, 'succeeded', resumed.text);
    assert.equal(server.requests.length, 2);
  });
});
