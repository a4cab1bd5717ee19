import * as assert from 'node:assert/strict';
import type { CheckContext } from '../../../src/core/checks/checkContext';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

function contextWith(parts: Partial<CheckContext>): CheckContext {
  return {
    workspace: new MemoryWorkspace(),
    commands: new ScriptedCommandRunner(() => ({})),
    limits: DEFAULT_TOOL_LIMITS,
    signal: new AbortController().signal,
    ...parts,
  };
}

describe('commandSucceeds', () => {
  let root: string;
  let context: CheckContext;
  before(async () => {
    root = await makeTempDir();
    context = contextWith({ workspace: new NodeWorkspace(root), commands: new NodeCommandRunner(root, { killGraceMs: 200 }) });
  });
  after(() => removeTempDir(root));

  it('passes when the command exits 0', async () => {
    const result = await evaluateCheck({ kind: 'commandSucceeds', command: 'true' }, context);
    assert.equal(result.ok, true);
    assert.match(result.detail, /^commandSucceeds "true": exit code 0 in \d+ ms$/);
  });

  it('fails with the exit code and the end of the output', async () => {
    const result = await evaluateCheck({ kind: 'commandSucceeds', command: 'echo "3 tests failed"; exit 3' }, context);
    assert.deepEqual(result, {
      ok: false,
      detail: 'commandSucceeds "echo \\"3 tests failed\\"; exit 3": exit code 3, expected 0; output ends: "3 tests failed"',
    });
  });

  it('fails when the command outlives its timeout', async () => {
    const result = await evaluateCheck({ kind: 'commandSucceeds', command: 'sleep 5', timeoutMs: 100 }, context);
    assert.equal(result.ok, false);
    assert.match(result.detail, /timed out after 100 ms/);
  });

  it('uses the host limit when the check sets no timeout', async () => {
    const commands = new ScriptedCommandRunner(() => ({}));
    await evaluateCheck({ kind: 'commandSucceeds', command: 'x', cwd: 'sub' }, contextWith({ commands, limits: { ...DEFAULT_TOOL_LIMITS, commandTimeoutMs: 777 } }));
    assert.equal(commands.requests[0]!.timeoutMs, 777);
    assert.equal(commands.requests[0]!.cwd, 'sub');
  });

  it('fails, unevaluable, when the working folder is outside the workspace', async () => {
    const result = await evaluateCheck({ kind: 'commandSucceeds', command: 'true', cwd: '../..' }, context);
    assert.equal(result.ok, false);
    assert.equal(result.unevaluable, true);
  });
});

describe('exitCode', () => {
  it('compares the exit code of the step command', async () => {
    const stepResult = { exitCode: 1, output: '' };
    assert.deepEqual(await evaluateCheck({ kind: 'exitCode', equals: 1 }, contextWith({ stepResult })), { ok: true, detail: 'exitCode 1: got 1' });
    assert.deepEqual(await evaluateCheck({ kind: 'exitCode', equals: 0 }, contextWith({ stepResult })), { ok: false, detail: 'exitCode 0: got 1' });
  });

  it('fails with a clear detail when there is no command result or the command was killed', async () => {
    assert.deepEqual(await evaluateCheck({ kind: 'exitCode', equals: 0 }, contextWith({})), {
      ok: false,
      detail: 'exitCode 0: no command result to check (the step ran no command)',
    });
    const killed = await evaluateCheck({ kind: 'exitCode', equals: 0 }, contextWith({ stepResult: { exitCode: null, output: '' } }));
    assert.equal(killed.ok, false);
    assert.match(killed.detail, /was killed/);
  });
});

describe('outputContains', () => {
  it('looks for the text in the step output', async () => {
    const stepResult = { exitCode: 0, output: 'All 12 tests passed' };
    assert.deepEqual(await evaluateCheck({ kind: 'outputContains', text: 'tests passed' }, contextWith({ stepResult })), { ok: true, detail: 'outputContains "tests passed": found' });
    assert.deepEqual(await evaluateCheck({ kind: 'outputContains', text: 'FAIL' }, contextWith({ stepResult })), {
      ok: false,
      detail: 'outputContains "FAIL": not found in 19 characters of output',
    });
  });

  it('fails with a clear detail when there is no command output', async () => {
    const result = await evaluateCheck({ kind: 'outputContains', text: 'x' }, contextWith({}));
    assert.equal(result.detail, 'outputContains "x": no command output to check (the step ran no command)');
  });
});
