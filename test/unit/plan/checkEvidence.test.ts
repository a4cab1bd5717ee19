// Unit tests of a check's result in words: what was required and what was found, on one line for people, and what
// broke a step in the same words.
import * as assert from 'node:assert/strict';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import type { Check } from '../../../src/core/checks/checkSchema';
import { checkEvidence, failureWords } from '../../../src/core/plan/checkEvidence';

describe('checkEvidence', () => {
  it('says what a file check found, after the check in words', () => {
    const check: Check = { kind: 'fileContains', path: 'src/cli.js', text: 'options.verbose' };
    assert.equal(checkEvidence(check, 'fileContains src/cli.js "options.verbose": found on line 12'), 'src/cli.js contains "options.verbose": found on line 12');
  });

  it('says an exit code as expected and got, and only the check once it held', () => {
    const check: Check = { kind: 'exitCode', equals: 0 };
    assert.equal(checkEvidence(check, 'exitCode 0: got 1'), 'exit code: expected 0, got 1');
    assert.equal(checkEvidence(check, 'exitCode 0: got 0'), 'exit code is 0');
  });

  it('reads the detail a real evaluation writes, never repeating the check in its own terms', async () => {
    const check: Check = { kind: 'exitCode', equals: 0 };
    const result = await evaluateCheck(check, { signal: new AbortController().signal, stepResult: { exitCode: 2, output: '' } } as never);
    const words = checkEvidence(check, result.detail);
    assert.equal(words, 'exit code: expected 0, got 2');
    assert.doesNotMatch(words!, /exitCode/);
  });

  it('words a combinator by its children', () => {
    const check: Check = { kind: 'all', checks: [{ kind: 'fileExists', path: 'a.js' }, { kind: 'fileExists', path: 'b.js' }] };
    assert.equal(checkEvidence(check, 'all: check 2 of 2 failed: fileExists b.js: not found'), 'a.js exists and b.js exists: check 2 of 2 failed: fileExists b.js: not found');
  });

  it('is undefined for a detail of another check, so a precondition\'s result is never shown as the postcondition\'s', () => {
    assert.equal(checkEvidence({ kind: 'fileExists', path: 'a.js' }, 'fileAbsent b.js: absent'), undefined);
  });
});

describe('failureWords', () => {
  const step = { precondition: { kind: 'fileExists', path: 'package.json' }, postcondition: { kind: 'exitCode', equals: 0 } } as const;

  it('says a failed postcondition as its check in words, not the check\'s own terms', () => {
    const words = failureWords(step, { reason: 'postcondition', message: 'postcondition failed: exitCode 0: got 1' }, 'exitCode 0: got 1');
    assert.equal(words, 'exit code: expected 0, got 1');
    assert.doesNotMatch(words, /postcondition|exitCode/);
  });

  it('says a failed precondition as what the step needs first', () => {
    const failure = { reason: 'precondition', message: 'precondition failed: fileExists package.json: not found' };
    assert.equal(failureWords(step, failure, 'fileExists package.json: not found'), 'needs first: package.json exists: not found');
  });

  it('keeps the message of a failure that is no check\'s, or whose detail another check wrote', () => {
    assert.equal(failureWords(step, { reason: 'tool', message: 'find text not found in src/cli.js' }, undefined), 'find text not found in src/cli.js');
    assert.equal(failureWords(step, { reason: 'postcondition', message: 'postcondition failed: x' }, 'fileAbsent b.js: absent'), 'postcondition failed: x');
    assert.equal(failureWords(undefined, { reason: 'postcondition', message: 'postcondition failed: x' }, 'exitCode 0: got 1'), 'postcondition failed: x');
  });
});
