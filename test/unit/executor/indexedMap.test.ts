// The read-only maps behind run state: versions of an IndexedMap never change each other, and a
// projection reads through to its source.
import * as assert from 'node:assert/strict';
import { IndexedMap, projectMap, withEntry } from '../../../src/core/run/indexedMap';

describe('IndexedMap', () => {
  it('behaves as a read-only Map in insertion order', () => {
    const map = IndexedMap.from([['a', 1], ['b', 2], ['a', 3]]);
    assert.equal(map.size, 2);
    assert.equal(map.get('a'), 3);
    assert.equal(map.get('z'), undefined);
    assert.equal(map.has('b'), true);
    assert.deepEqual([...map], [['a', 3], ['b', 2]]);
    assert.deepEqual([...map.keys()], ['a', 'b']);
    assert.deepEqual([...map.values()], [3, 2]);
    const seen: string[] = [];
    map.forEach((value, key) => seen.push(`${key}=${value}`));
    assert.deepEqual(seen, ['a=3', 'b=2']);
  });

  it('makes new versions without changing the old ones', () => {
    const first = IndexedMap.from([['a', 1], ['b', 2]]);
    const second = first.with('a', 10);
    const third = second.with('c', 30);
    assert.deepEqual([...first], [['a', 1], ['b', 2]]);
    assert.deepEqual([...second], [['a', 10], ['b', 2]]);
    assert.deepEqual([...third], [['a', 10], ['b', 2], ['c', 30]]);
    assert.equal(second.has('c'), false);
  });

  it('keeps versions apart when two of them add different keys to one version, or one key twice', () => {
    const base = IndexedMap.from([['a', 1]]);
    const withB = base.with('b', 2);
    const withC = base.with('c', 3);
    const withBAgain = base.with('b', 20);
    const afterB = withB.with('d', 4);
    const afterC = withC.with('e', 5);
    assert.deepEqual([...base], [['a', 1]]);
    assert.deepEqual([...withB], [['a', 1], ['b', 2]]);
    assert.deepEqual([...withC], [['a', 1], ['c', 3]]);
    assert.deepEqual([...withBAgain], [['a', 1], ['b', 20]]);
    assert.deepEqual([...afterB], [['a', 1], ['b', 2], ['d', 4]]);
    assert.deepEqual([...afterC.keys()], ['a', 'c', 'e']);
    assert.deepEqual([base.has('b'), base.get('b'), base.size], [false, undefined, 1]);
    assert.deepEqual([withB.has('c'), withB.has('d'), withC.has('b'), withC.get('e')], [false, false, false, undefined]);
    assert.deepEqual([afterC.get('c'), afterC.get('e'), afterC.has('d')], [3, 5, false]);
    const seen: string[] = [];
    withBAgain.forEach((value, key) => seen.push(`${key}=${value}`));
    assert.deepEqual(seen, ['a=1', 'b=20']);
  });

  it('converts a plain Map on the first change', () => {
    const changed = withEntry(new Map([['a', 1]]), 'a', 2);
    assert.ok(changed instanceof IndexedMap);
    assert.equal(changed.get('a'), 2);
  });
});

describe('projectMap', () => {
  it('reads values through the projection and leaves out keys it maps to undefined', () => {
    const source = IndexedMap.from([['a', 1], ['b', 2], ['c', 3]]);
    const odd = projectMap(source, (value) => (value % 2 === 1 ? `#${value}` : undefined));
    assert.equal(odd.get('a'), '#1');
    assert.equal(odd.get('b'), undefined);
    assert.equal(odd.has('b'), false);
    assert.equal(odd.has('c'), true);
    assert.equal(odd.size, 2);
    assert.deepEqual([...odd], [['a', '#1'], ['c', '#3']]);
    assert.deepEqual([...odd.keys()], ['a', 'c']);
  });
});
