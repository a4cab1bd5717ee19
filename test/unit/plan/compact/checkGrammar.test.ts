// The one-line check grammar: every check kind reads and writes, combinators nest, and a malformed check
// says where and what.
import * as assert from 'node:assert/strict';
import type { Check } from '../../../../src/core/checks/checkSchema';
import { formatCheck, parseCheckText } from '../../../../src/core/plan/compact/checkGrammar';

function read(text: string): Check {
  const result = parseCheckText(text);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  return result.check;
}

function problemOf(text: string): string {
  const result = parseCheckText(text);
  assert.ok(!result.ok, `expected "${text}" to be rejected`);
  return result.problem;
}

describe('check grammar', () => {
  it('reads every check kind', () => {
    assert.deepEqual(read('exists src/a.ts'), { kind: 'fileExists', path: 'src/a.ts' });
    assert.deepEqual(read('absent "dir with space/a.ts"'), { kind: 'fileAbsent', path: 'dir with space/a.ts' });
    assert.deepEqual(read('json package.json'), { kind: 'jsonValid', path: 'package.json' });
    assert.deepEqual(read('contains src/cli.ts "--verbose"'), { kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' });
    assert.deepEqual(read('matches src/a.ts /^export \\w+/'), { kind: 'fileMatches', path: 'src/a.ts', pattern: '^export \\w+' });
    assert.deepEqual(read('matches src/a.ts "a/b"'), { kind: 'fileMatches', path: 'src/a.ts', pattern: 'a/b' });
    assert.deepEqual(read('exit 1'), { kind: 'exitCode', equals: 1 });
    assert.deepEqual(read('exit -2'), { kind: 'exitCode', equals: -2 });
    assert.deepEqual(read('output "0 failed"'), { kind: 'outputContains', text: '0 failed' });
    assert.deepEqual(read('run "npm test"'), { kind: 'commandSucceeds', command: 'npm test' });
    assert.deepEqual(read('run "npm test" in pkg timeout 5000'), { kind: 'commandSucceeds', command: 'npm test', cwd: 'pkg', timeoutMs: 5000 });
  });

  it('nests not, all and any', () => {
    assert.deepEqual(read('all(json a.json; not contains a.json "x"; any(exit 0; exit 1))'), {
      kind: 'all',
      checks: [
        { kind: 'jsonValid', path: 'a.json' },
        { kind: 'not', check: { kind: 'fileContains', path: 'a.json', text: 'x' } },
        { kind: 'any', checks: [{ kind: 'exitCode', equals: 0 }, { kind: 'exitCode', equals: 1 }] },
      ],
    });
  });

  it('writes what it reads back to the same check', () => {
    const checks: Check[] = [
      { kind: 'fileContains', path: 'a b.ts', text: 'line\n"quoted"' },
      { kind: 'fileMatches', path: 'a.ts', pattern: '\\bsum\\b' },
      { kind: 'fileMatches', path: 'a.ts', pattern: 'src/a\\/b' },
      { kind: 'fileMatches', path: 'a.ts', pattern: 'ends\\' },
      { kind: 'not', check: { kind: 'fileMatches', path: '#odd', pattern: 'x' } },
      { kind: 'commandSucceeds', command: 'node -e "process.exit(0)"', cwd: 'sub dir', timeoutMs: 10 },
      { kind: 'all', checks: [{ kind: 'fileAbsent', path: 'x;y' }, { kind: 'any', checks: [{ kind: 'outputContains', text: ')' }] }] },
    ];
    for (const check of checks) assert.deepEqual(read(formatCheck(check)), check, formatCheck(check));
  });

  it('says which column is wrong and what was expected', () => {
    assert.match(problemOf('has a.ts'), /^column 1: expected a check \(exists, absent/);
    assert.match(problemOf('contains a.ts verbose'), /^column 15: expected the text of "contains" as a "quoted" JSON string, found "verbose"$/);
    assert.match(problemOf('exit zero'), /expected the exit code as a whole number, found "zero"/);
    assert.match(problemOf('all(exists a; exists b'), /expected ";" or "\)" in "all\(…\)", found the end of the line/);
    assert.match(problemOf('matches a.ts /open'), /the \/pattern\/ of "matches": the \/pattern\/ is not closed/);
    assert.match(problemOf('output "unterminated'), /the string is not closed/);
    assert.match(problemOf('exists a.ts extra'), /expected the end of the check, found "extra"/);
  });
});
