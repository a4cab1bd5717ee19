import * as assert from 'node:assert/strict';
import type { CheckContext } from '../../../src/core/checks/checkContext';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { abortedSignal, MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const context: CheckContext = {
  workspace: new MemoryWorkspace({ 'a.txt': 'alpha', 'b.txt': 'beta' }),
  commands: new ScriptedCommandRunner(() => ({})),
  limits: DEFAULT_TOOL_LIMITS,
  signal: new AbortController().signal,
};

describe('all', () => {
  it('passes when every child passes', async () => {
    const result = await evaluateCheck({ kind: 'all', checks: [{ kind: 'fileExists', path: 'a.txt' }, { kind: 'fileExists', path: 'b.txt' }] }, context);
    assert.deepEqual(result, { ok: true, detail: 'all: 2 of 2 checks passed' });
  });

  it('names the first child that failed, with its detail', async () => {
    const result = await evaluateCheck(
      {
        kind: 'all',
        checks: [
          { kind: 'fileExists', path: 'a.txt' },
          { kind: 'fileContains', path: 'b.txt', text: 'gamma' },
          { kind: 'fileExists', path: 'c.txt' },
        ],
      },
      context,
    );
    assert.deepEqual(result, { ok: false, detail: 'all: check 2 of 3 failed: fileContains b.txt "gamma": not found (file has 1 lines)' });
  });
});

describe('any', () => {
  it('passes naming the child that passed', async () => {
    const result = await evaluateCheck({ kind: 'any', checks: [{ kind: 'fileExists', path: 'c.txt' }, { kind: 'fileExists', path: 'b.txt' }] }, context);
    assert.deepEqual(result, { ok: true, detail: 'any: check 2 of 2 passed: fileExists b.txt: found (4 bytes)' });
  });

  it('fails listing why each child failed', async () => {
    const result = await evaluateCheck({ kind: 'any', checks: [{ kind: 'fileExists', path: 'c.txt' }, { kind: 'fileAbsent', path: 'a.txt' }] }, context);
    assert.equal(result.ok, false);
    assert.equal(result.detail, 'any: none of 2 checks passed: (1) fileExists c.txt: not found; (2) fileAbsent a.txt: expected nothing, found a file (5 bytes)');
  });
});

describe('not', () => {
  it('inverts its child and keeps the child detail', async () => {
    assert.deepEqual(await evaluateCheck({ kind: 'not', check: { kind: 'fileExists', path: 'c.txt' } }, context), {
      ok: true,
      detail: 'not: the inner check failed as required: fileExists c.txt: not found',
    });
    const failed = await evaluateCheck({ kind: 'not', check: { kind: 'fileExists', path: 'a.txt' } }, context);
    assert.equal(failed.ok, false);
  });

  it('does not turn a check that could not be evaluated into a pass', async () => {
    const result = await evaluateCheck({ kind: 'not', check: { kind: 'fileExists', path: '../escape' } }, context);
    assert.equal(result.ok, false);
    assert.equal(result.unevaluable, true);
    assert.match(result.detail, /^not: the inner check could not be evaluated/);
  });

  it('stays unevaluable through nested combinators', async () => {
    const result = await evaluateCheck({ kind: 'not', check: { kind: 'all', checks: [{ kind: 'fileExists', path: '/abs' }] } }, context);
    assert.equal(result.ok, false);
    const either = await evaluateCheck({ kind: 'not', check: { kind: 'any', checks: [{ kind: 'fileExists', path: 'c.txt' }, { kind: 'fileExists', path: '/abs' }] } }, context);
    assert.equal(either.ok, false);
  });
});

describe('evaluateCheck', () => {
  it('rejects when the signal has fired instead of reporting a failed check', async () => {
    await assert.rejects(evaluateCheck({ kind: 'fileExists', path: 'a.txt' }, { ...context, signal: abortedSignal() }));
  });
});
