// Unit tests of #<id> references: the syntax rule, substitution, and the implicit dependency rule.
import * as assert from 'node:assert/strict';
import {
  findReferences,
  implicitDependencies,
  referenceOccurrences,
  resolveReferences,
} from '../../../src/core/plan/references';

const IDS = new Set(['E1', 'E2', 'include', 'read-cli']);

describe('references', () => {
  describe('findReferences', () => {
    it('finds #<id> in any string inside nested arguments, each id once, in order', () => {
      const args = { path: 'a', edits: [{ find: '#E2', replace: 'x #E1 y #E2' }], nested: { deep: ['#read-cli.'] } };
      assert.deepEqual(findReferences(args, IDS), ['E2', 'E1', 'read-cli']);
    });

    it('takes the whole run of id characters, so #E1x and #E1_old are not #E1', () => {
      assert.deepEqual(findReferences({ text: '#E1x #E1_old #E1-2' }, IDS), []);
      assert.deepEqual(findReferences({ text: '(#E1), #E1. #E1\n"#E1"' }, IDS), ['E1']);
    });

    it('counts a token as a reference only when it names a step', () => {
      assert.deepEqual(findReferences({ c: '#include <stdio.h>\ncolor: #fff' }, new Set(['E1'])), []);
      assert.deepEqual(findReferences({ c: '#include <stdio.h>' }, IDS), ['include']);
    });

    it('ignores keys, numbers and booleans', () => {
      assert.deepEqual(findReferences({ '#E1': 1, n: 2, b: true, z: null }, IDS), []);
    });
  });

  describe('referenceOccurrences', () => {
    it('marks #E<digits> that names no step as dangling, with the path of its string', () => {
      const found = referenceOccurrences({ edits: [{ replace: '#E1 and #E9' }], note: '#include #E' }, new Set(['E1']));
      assert.deepEqual(found, [
        { id: 'E1', path: ['edits', 0, 'replace'], dangling: false },
        { id: 'E9', path: ['edits', 0, 'replace'], dangling: true },
      ]);
    });

    it('finds every token of each string from its start, whatever the search before it stopped at', () => {
      const args = { a: 'x #E1 #E2', b: '#E2', c: ['#E1 #E1 #E2'] };
      const ids = new Set(['E1', 'E2']);
      const first = referenceOccurrences(args, ids);
      assert.deepEqual(findReferences({ long: '#E2 '.repeat(50) }, ids), ['E2']);
      assert.deepEqual(referenceOccurrences(args, ids), first);
      assert.deepEqual(first.map((occurrence) => `${occurrence.path.join('.')}:${occurrence.id}`), ['a:E1', 'a:E2', 'b:E2', 'c.0:E1', 'c.0:E2']);
    });
  });

  describe('resolveReferences', () => {
    it('replaces each reference by the output of its step, leaving the input untouched', () => {
      const args = { path: 'src/a.ts', edits: [{ find: 'x', replace: 'value: #E1 (#E2)' }] };
      const resolved = resolveReferences(args, new Map([['E1', 'one'], ['E2', 'two']]));
      assert.deepEqual(resolved, { path: 'src/a.ts', edits: [{ find: 'x', replace: 'value: one (two)' }] });
      assert.equal(args.edits[0].replace, 'value: #E1 (#E2)');
    });

    it('substitutes in one pass: an output containing #E2 is not expanded again', () => {
      const resolved = resolveReferences({ text: '#E1' }, new Map([['E1', 'see #E2 and $&'], ['E2', 'two']]));
      assert.deepEqual(resolved, { text: 'see #E2 and $&' });
    });

    it('leaves tokens without an output as they are', () => {
      assert.deepEqual(resolveReferences({ text: '#include #E3 #E1x' }, new Map([['E1', 'one']])), { text: '#include #E3 #E1x' });
    });
  });

  describe('implicitDependencies', () => {
    it('makes a step depend on the steps its arguments and compensation reference, never on itself', () => {
      const step = { id: 'E2', args: { text: '#E1 #E2' }, compensation: { tool: 'writeFile', args: { content: '#read-cli' } } };
      assert.deepEqual(implicitDependencies(step, IDS), ['E1', 'read-cli']);
    });
  });
});
