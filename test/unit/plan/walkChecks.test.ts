// Unit tests of the check-tree walkers: every nested check visited with its path, and the kind search.
import * as assert from 'node:assert/strict';
import type { Check } from '../../../src/core/checks/checkSchema';
import { containsCheckKind, walkChecks } from '../../../src/core/plan/walkChecks';

const TREE: Check = {
  kind: 'all',
  checks: [
    { kind: 'fileExists', path: 'a' },
    { kind: 'any', checks: [{ kind: 'exitCode', equals: 0 }, { kind: 'not', check: { kind: 'outputContains', text: 'x' } }] },
  ],
};

describe('walkChecks', () => {
  it('visits every check inside all, any and not, each with its path', () => {
    const seen: string[] = [];
    walkChecks(TREE, (check, path) => seen.push(`${check.kind}@${path.join('.')}`));
    assert.deepEqual(seen, ['all@', 'fileExists@checks.0', 'any@checks.1', 'exitCode@checks.1.checks.0', 'not@checks.1.checks.1', 'outputContains@checks.1.checks.1.check']);
  });
});

describe('containsCheckKind', () => {
  it('finds a kind at the top or at any depth of all, any and not', () => {
    assert.equal(containsCheckKind(TREE, ['all']), true);
    assert.equal(containsCheckKind(TREE, ['exitCode']), true);
    assert.equal(containsCheckKind(TREE, ['outputContains']), true);
    assert.equal(containsCheckKind({ kind: 'not', check: { kind: 'jsonValid', path: 'p' } }, ['jsonValid']), true);
  });

  it('says false for a kind that is not in the tree, and for no check', () => {
    assert.equal(containsCheckKind(TREE, ['commandSucceeds', 'fileAbsent']), false);
    assert.equal(containsCheckKind(undefined, ['exitCode']), false);
  });
});
