// The commonest re-plan: the tests failed, so fix the code and run the tests again. The patch adds the fix
// at the end and says the replaced test run waits for it (`after E3`); that written order wins over the
// order a file hazard infers from where the added line landed, so the run fixes, tests again, then goes
// on — whether the lines stream in either order, and the journal replays to the same state.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import type { Step } from '../../../src/core/plan/planSchema';
import type { CommandRequest, CommandResult, CommandRunner } from '../../../src/core/ports';
import { ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { statusById } from '../../../src/core/run/runState';
import { fakeRunDeps, liveSignal, runOptions, stepRecords, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { StreamingChatModel } from '../support/streamingChatModel';

/** `npm test` passes once a.txt holds v=2. */
class TestSuite implements CommandRunner {
  constructor(private readonly workspace: MemoryWorkspace) {}
  async run(request: CommandRequest): Promise<CommandResult> {
    const exitCode = request.command === 'npm test' && this.workspace.files.get('a.txt') !== 'v=2' ? 1 : 0;
    return { exitCode, output: exitCode === 0 ? 'all passed' : '1 failed: expected v=2', truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
  }
}

const runTests: Step = { id: 'E1', title: 'Run the tests', tool: 'runCommand', args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 } };
const report: Step = { id: 'E2', title: 'Write the report', tool: 'writeFile', args: { path: 'report.txt', content: 'green' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'report.txt' } };
const FIX = 'add E3 editFile {"path":"a.txt","edits":[{"find":"v=1","replace":"v=2"}]}';
const RETEST = 'replace E1 runCommand {"command":"npm test"} after E3';

async function fixThenRetest(reply: string) {
  const workspace = new MemoryWorkspace({ 'a.txt': 'v=1' });
  const model = new StreamingChatModel([reply]);
  const deps = fakeRunDeps({ workspace, commands: new TestSuite(workspace), replanner: new ModelReplanner(model) });
  const run = await PlanRun.start(validPlan([runTests, report]), { runId: 'fix-then-retest', options: runOptions() }, deps);
  const result = await run.execute(liveSignal());
  const order = (await stepRecords(deps.journal)).filter((record) => record.to === 'succeeded' || record.to === 'failed').map((record) => `${record.stepId}:${record.to}`);
  return { result, order, deps, run, workspace };
}

describe('a re-plan that fixes, then runs the tests again', () => {
  for (const [name, reply] of [
    ['the fix first', `${FIX}\n${RETEST}\n`],
    ['the test run first', `${RETEST}\n${FIX}\n`],
  ] as const) {
    it(`runs E3, then E1 again, then E2 (${name})`, async () => {
      const { result, order, deps, run, workspace } = await fixThenRetest(reply);
      assert.equal(result.status, 'succeeded', result.reason);
      assert.deepEqual(order, ['E1:failed', 'E3:succeeded', 'E1:succeeded', 'E2:succeeded']);
      assert.equal(workspace.files.get('report.txt'), 'green');
      assert.deepEqual(run.current.plan.steps.find((step) => step.id === 'E3')?.dependsOn, undefined, 'the fix waits for nothing: the test run it would follow is the one it fixes');
      const replayed = await loadRunState(deps.journal, () => undefined);
      assert.deepEqual([...statusById(replayed)], [...statusById(run.current)]);
    });
  }
});
