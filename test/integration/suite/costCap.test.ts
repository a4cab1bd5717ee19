// The cost cap in a real extension host, with a scripted OpenAI-compatible model on 127.0.0.1: with
// planwright.maxCost at $1 and two worker calls of $0.75 each, Run Plan pauses before the second call (the endpoint
// never sees it) and the tree says the run is paused at the cost cap with the spend and the cap; after a rebuild the
// run is restored paused at the cap, and Run Plan without a higher cap stays paused without a call; a higher
// planwright.maxCost carries it on to the end. A model without a price refuses a capped run before anything runs.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { COMMANDS } from '../../../src/vscode/ids';
import { CAP_PRICES, NOTE_REPLY, TWO_NOTES_PLAN } from '../../support/costCapScenario';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { planwright, rows, setUserSetting, workspaceUri } from './support';

const SETTINGS = ['baseUrl', 'plannerModel', 'workerModel', 'prices', 'maxCost', 'allowUnpricedModels'];

describe('Planwright caps what a run spends in VS Code', function () {
  this.timeout(120_000);
  let server: ScriptedModelServer;
  const file = workspaceUri('cost-cap.plan.json');

  before(async () => {
    server = await ScriptedModelServer.start(() => NOTE_REPLY);
    await setUserSetting('baseUrl', server.baseUrl);
    await setUserSetting('plannerModel', 'scripted');
    await setUserSetting('workerModel', 'scripted');
    await setUserSetting('prices', CAP_PRICES);
    await setUserSetting('maxCost', 1);
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(TWO_NOTES_PLAN)));
  });

  after(async () => {
    for (const key of SETTINGS) await setUserSetting(key, undefined);
    await vscode.workspace.fs.delete(file);
    await server?.close();
  });

  it('pauses before the call that would pass planwright.maxCost and says so in the tree, with the spend and the cap', async () => {
    const { session } = await planwright();
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
    const report = await vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan);
    assert.equal(report?.status, 'paused');
    assert.equal(server.requests.length, 1, 'the second call was never made');
    assert.match(report?.reason ?? '', /^the cost cap of \$1\.00 is reached: \$0\.750 spent, and the next worker call/);
    assert.deepEqual(session.runs.state?.costCapPause && { spent: session.runs.state.costCapPause.spent, cap: session.runs.state.costCapPause.cap }, { spent: 0.75, cap: 1 });
    assert.match(String((await rows())[0]?.item.description), /paused at the cost cap \(\$0\.750 of \$1\.00\)/);
  });

  it('keeps the run paused at the cap after a rebuild until the cap is raised, then finishes it', async () => {
    const { session } = await planwright();
    const restored = await session.runs.restore();
    assert.equal(restored?.status, 'paused');
    assert.equal(restored?.costCapPause?.cap, 1);
    assert.match(String((await rows())[0]?.item.description), /paused at the cost cap/);
    const again = await vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan);
    assert.equal(again?.status, 'paused', 'the same cap stops the same call');
    assert.equal(server.requests.length, 1);
    await setUserSetting('maxCost', 2);
    const raised = await vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan);
    assert.equal(raised?.status, 'succeeded', raised?.reason);
    assert.equal(server.requests.length, 2);
    assert.equal(session.runs.state?.costCapPause, undefined);
    assert.doesNotMatch(String((await rows())[0]?.item.description), /cost cap/);
  });

  it('refuses to start a capped run when a model has no price, naming it, and runs nothing', async () => {
    const { session } = await planwright();
    await setUserSetting('workerModel', 'unpriced-worker');
    await session.runs.forget();
    const calls = server.requests.length;
    const report = await vscode.commands.executeCommand<RunReport | undefined>(COMMANDS.runPlan);
    assert.equal(report, undefined);
    assert.equal(server.requests.length, calls, 'no model was called');
    assert.equal(session.runs.state, undefined, 'no run was journalled');
    const journal = session.runs.runFiles?.journalPath;
    assert.ok(!journal || !existsSync(journal), 'no journal was written');
    await setUserSetting('allowUnpricedModels', true);
    const allowed = await vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan);
    assert.equal(allowed?.status, 'succeeded', 'with planwright.allowUnpricedModels the unpriced calls go through, uncounted');
  });
});
