// How a `subplan` step fails, judged by "could its effect have happened?": nowhere to run, a planner that
// failed, a child plan that breaks its rules and a child that could not meet its goal are definite (the
// child ran nothing, or ran to its end and escalated); a cancel that reaches the child while it plans or
// runs leaves its work in doubt, so it is ambiguous, and running the step again resumes the child.
import * as assert from 'node:assert/strict';
import type { CommandRequest, CommandResult, CommandRunner } from '../../../src/core/ports';
import { subplanTool } from '../../../src/core/tools/subplan';
import type { ChildPlanner } from '../../../src/core/subplan/subplanRunner';
import { fakeRunDeps, runOptions, validPlan } from '../support/executorFakes';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { ChildLogStore, scriptedChildPlanner, subplanRunner, writeStep } from '../support/subplanFakes';

const INPUT = { goal: 'migrate a.ts', scope: ['src/a.ts'] };

/** Runs the subplan tool once over `planner` (and `commands`, for the child's commands), with `signal`. */
function runSubplan(planner: ChildPlanner, signal: AbortSignal = new AbortController().signal, commands?: CommandRunner) {
  const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
  const deps = fakeRunDeps({ workspace, ...(commands ? { commands } : {}) });
  const subplans = subplanRunner(deps, planner, new ChildLogStore(), { options: runOptions({ maxReplans: 0 }) });
  return { workspace, done: subplanTool.execute(INPUT, toolContext({ workspace, subplans, signal, runId: 'p', stepId: 'E1' })) };
}

/** A command that runs until it is cancelled, telling `started` when it begins. */
class CommandUntilCancelled implements CommandRunner {
  constructor(private readonly started: () => void) {}
  run(_request: CommandRequest, signal?: AbortSignal): Promise<CommandResult> {
    this.started();
    const cancelled: CommandResult = { exitCode: null, output: '', truncated: false, timedOut: false, cancelled: true, durationMs: 1 };
    // `started` may have cancelled already: an abort before the listener is added never fires it.
    if (signal!.aborted) return Promise.resolve(cancelled);
    return new Promise((resolve) => signal!.addEventListener('abort', () => resolve(cancelled)));
  }
}

describe('subplan failure kinds', () => {
  it('fails definitely where no sub-plans can run (noSubplans)', async () => {
    await assertToolError(subplanTool.execute(INPUT, toolContext({ workspace: new MemoryWorkspace() })), 'definite', 'noSubplans');
  });

  it('fails definitely when the planner fails: no step of the child ran (subplanPlanning)', async () => {
    const planner: ChildPlanner = async () => Promise.reject(new Error('the endpoint refused the key'));
    const error = await assertToolError(runSubplan(planner).done, 'definite', 'subplanPlanning');
    assert.match(error.message, /planning "migrate a\.ts" failed: the endpoint refused the key/);
  });

  it('fails definitely when the child plan breaks its rules, before anything runs (subplanInvalid)', async () => {
    const { done, workspace } = runSubplan(scriptedChildPlanner({ [INPUT.goal]: [writeStep('E1', 'src/a.ts', 'new()'), writeStep('E2', 'src/b.ts', 'x')] }));
    await assertToolError(done, 'definite', 'subplanInvalid');
    assert.equal(await workspace.readFile('src/a.ts'), 'old()');
  });

  it('fails definitely when the child ran to its end without meeting its goal (subplanFailed)', async () => {
    const edit = { id: 'E1', title: 'edit', tool: 'editFile', args: { path: 'src/a.ts', edits: [{ find: 'missing()', replace: 'new()' }] }, postcondition: { kind: 'fileContains', path: 'src/a.ts', text: 'new()' } };
    const error = await assertToolError(runSubplan(scriptedChildPlanner({ [INPUT.goal]: [edit] })).done, 'definite', 'subplanFailed');
    assert.match(error.message, /migrate a\.ts/);
  });

  it('is ambiguous when a cancel reaches the child while it runs: its steps may have had their effect', async () => {
    const stop = new AbortController();
    const command = { id: 'E1', title: 'deploy', tool: 'runCommand', args: { command: 'deploy' }, postcondition: { kind: 'exitCode', equals: 0 } };
    const planner: ChildPlanner = async (goal) => ({ plan: validPlan([command], { goal }), usage: [] });
    const { done } = runSubplan(planner, stop.signal, new CommandUntilCancelled(() => stop.abort('cancelled by the user')));
    const error = await assertToolError(done, 'ambiguous', 'cancelled');
    assert.match(error.message, /cancelled inside the sub-plan \(p\.E1-[0-9a-f]{8}\)/);
  });

  it('is ambiguous when a cancel reaches the planner, as any cancel of a running call', async () => {
    const stop = new AbortController();
    const planner: ChildPlanner = (_goal, _workspace, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        stop.abort('cancelled by the user');
      });
    await assertToolError(runSubplan(planner, stop.signal).done, 'ambiguous', 'subplanPlanning');
  });
});
