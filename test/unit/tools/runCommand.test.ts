import * as assert from 'node:assert/strict';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { commandEnv, IDEMPOTENCY_KEY_ENV, runCommandTool } from '../../../src/core/tools/runCommand';
import { FileNotFoundError } from '../../../src/core/errors';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { abortedSignal, assertToolError, MemoryWorkspace, ScriptedCommandRunner, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('runCommandTool', () => {
  const workspace = new MemoryWorkspace();

  it('returns the combined output as text and exit code, truncation, duration and timeout in the details', async () => {
    const commands = new ScriptedCommandRunner(() => ({ exitCode: 0, output: 'ok\n', durationMs: 42 }));
    const output = await runCommandTool.execute({ command: 'npm test' }, toolContext({ workspace, commands }));
    assert.equal(output.text, 'ok\n');
    assert.deepEqual(output.details, { exitCode: 0, truncated: false, durationMs: 42, timedOut: false });
  });

  it('passes cwd, the input timeout (else the limit) and the output cap to the runner', async () => {
    const commands = new ScriptedCommandRunner(() => ({}));
    await runCommandTool.execute({ command: 'ls', cwd: 'src', timeoutMs: 1234 }, toolContext({ workspace, commands }));
    await runCommandTool.execute({ command: 'ls' }, toolContext({ workspace, commands }));
    assert.equal(commands.requests[0]!.cwd, 'src');
    assert.equal(commands.requests[0]!.timeoutMs, 1234);
    assert.equal(commands.requests[1]!.timeoutMs, DEFAULT_TOOL_LIMITS.commandTimeoutMs);
    assert.equal(commands.requests[1]!.maxOutputBytes, DEFAULT_TOOL_LIMITS.maxOutputBytes);
  });

  it('fails definite with the output attached when the exit code is not 0', async () => {
    const commands = new ScriptedCommandRunner(() => ({ exitCode: 2, output: 'boom' }));
    const error = await assertToolError(runCommandTool.execute({ command: 'false' }, toolContext({ workspace, commands })), 'definite', 'exitCode');
    assert.equal(error.output, 'boom');
    assert.match(error.message, /exited with code 2/);
  });

  it('does not fail on a non-zero exit when the postcondition judges the exit code', async () => {
    const commands = new ScriptedCommandRunner(() => ({ exitCode: 1, output: 'tests failed' }));
    const output = await runCommandTool.execute({ command: 'npm test' }, toolContext({ workspace, commands, flags: { checksExitCode: true } }));
    assert.equal(output.details?.exitCode, 1);
  });

  it('fails ambiguous on a timeout, even when the postcondition judges the exit code', async () => {
    const commands = new ScriptedCommandRunner(() => ({ exitCode: null, timedOut: true, output: 'partial' }));
    const error = await assertToolError(
      runCommandTool.execute({ command: 'sleep 99' }, toolContext({ workspace, commands, flags: { checksExitCode: true } })),
      'ambiguous',
      'timeout',
    );
    assert.equal(error.output, 'partial');
  });

  it('fails ambiguous when cancelled while running or killed by a signal', async () => {
    const cancelled = new ScriptedCommandRunner(() => ({ exitCode: null, cancelled: true }));
    await assertToolError(runCommandTool.execute({ command: 'x' }, toolContext({ workspace, commands: cancelled })), 'ambiguous', 'cancelled');
    const killed = new ScriptedCommandRunner(() => ({ exitCode: null }));
    await assertToolError(runCommandTool.execute({ command: 'x' }, toolContext({ workspace, commands: killed })), 'ambiguous', 'killed');
  });

  it('fails definite without running anything when cancelled before it starts', async () => {
    const commands = new ScriptedCommandRunner(() => ({}));
    await assertToolError(runCommandTool.execute({ command: 'x' }, toolContext({ workspace, commands, signal: abortedSignal() })), 'definite', 'cancelled');
    assert.equal(commands.requests.length, 0);
  });

  it('fails definite when the working folder does not exist, ambiguous when the runner breaks', async () => {
    const missing = new ScriptedCommandRunner(() => new FileNotFoundError('nope'));
    await assertToolError(runCommandTool.execute({ command: 'x', cwd: 'nope' }, toolContext({ workspace, commands: missing })), 'definite', 'fileNotFound');
    const broken = new ScriptedCommandRunner(() => new Error('spawn EAGAIN'));
    await assertToolError(runCommandTool.execute({ command: 'x' }, toolContext({ workspace, commands: broken })), 'ambiguous', 'ioError');
  });

  it('passes the same idempotency key on every attempt, and none without the flag', async () => {
    const commands = new ScriptedCommandRunner(() => ({}));
    const context = toolContext({ workspace, commands, runId: 'run-7', stepId: 'deploy', flags: { idempotencyKey: true } });
    await runCommandTool.execute({ command: 'deploy' }, context);
    await runCommandTool.execute({ command: 'deploy' }, context);
    await runCommandTool.execute({ command: 'deploy' }, toolContext({ workspace, commands }));
    assert.equal(commands.requests[0]!.env?.[IDEMPOTENCY_KEY_ENV], 'run-7:deploy');
    assert.deepEqual(commands.requests[1]!.env, commands.requests[0]!.env);
    assert.deepEqual(commands.requests[2]!.env, {});
    assert.deepEqual(commandEnv({ runId: 'r', stepId: 's' }, { idempotencyKey: true }), { [IDEMPOTENCY_KEY_ENV]: 'r:s' });
  });

  it('is not idempotent unless the step says so, and settles only through a key', () => {
    const input = { command: 'x' };
    assert.equal(runCommandTool.effect(input, {}), 'nonIdempotent');
    assert.equal(runCommandTool.effect(input, { idempotent: true }), 'idempotent');
    assert.equal(runCommandTool.effect(input, { idempotencyKey: true }), 'idempotent');
    assert.equal(runCommandTool.settleMethod(input, {}), 'none');
    assert.equal(runCommandTool.settleMethod(input, { idempotencyKey: true }), 'idempotencyKey');
    assert.deepEqual(runCommandTool.writes(input), []);
  });

  describe('with the Node runner', () => {
    let root: string;
    before(async () => {
      root = await makeTempDir();
    });
    after(() => removeTempDir(root));

    it('sees the idempotency key in the environment of the real process', async () => {
      const context = toolContext({
        workspace: new NodeWorkspace(root),
        commands: new NodeCommandRunner(root),
        runId: 'r1',
        stepId: 's1',
        flags: { idempotencyKey: true },
      });
      const first = await runCommandTool.execute({ command: `echo "$${IDEMPOTENCY_KEY_ENV}"` }, context);
      const second = await runCommandTool.execute({ command: `echo "$${IDEMPOTENCY_KEY_ENV}"` }, context);
      assert.equal(first.text, 'r1:s1\n');
      assert.equal(second.text, first.text);
    });

    it('fails ambiguous when the real command times out', async () => {
      const context = toolContext({ workspace: new NodeWorkspace(root), commands: new NodeCommandRunner(root, { killGraceMs: 200 }) });
      await assertToolError(runCommandTool.execute({ command: 'sleep 5', timeoutMs: 150 }, context), 'ambiguous', 'timeout');
    });
  });
});
