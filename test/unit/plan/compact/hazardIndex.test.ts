// The index of earlier steps by the files they touch: it finds exactly the steps a new one has a file
// hazard with, nearest first, and nothing for a read after reads, so a long reply is not compared line
// against line.
import * as assert from 'node:assert/strict';
import { HazardIndex } from '../../../../src/core/plan/compact/hazardIndex';
import { hasHazard, type StepAccess } from '../../../../src/core/plan/compact/impliedDependencies';

const readOf = (path: string): StepAccess => ({ reads: [path], writes: [] });
const writeOf = (path: string): StepAccess => ({ reads: [path], writes: [path] });
const ACCESSES: readonly StepAccess[] = [
  readOf('a.ts'),
  writeOf('a.ts'),
  readOf('b.ts'),
  { reads: 'all', writes: [] },
  { reads: 'all', writes: 'all', command: true },
  writeOf('b.ts'),
  { reads: [], writes: ['c.ts', 'a.ts'] },
  { reads: [], writes: [] },
  readOf('c.ts'),
  { reads: 'all', writes: 'all' },
];

describe('HazardIndex', () => {
  it('finds no earlier step for a read after thousands of reads of the same file', () => {
    const index = new HazardIndex();
    for (let position = 0; position < 5000; position++) index.add(position, readOf('src/a.ts'));
    assert.deepEqual(index.candidates(readOf('src/a.ts')), []);
  });

  it('finds exactly the earlier steps a new one has a hazard with, nearest first', () => {
    for (let count = 0; count <= ACCESSES.length; count++) {
      const index = new HazardIndex();
      ACCESSES.slice(0, count).forEach((access, position) => index.add(position, access));
      for (const later of ACCESSES) {
        const expected = ACCESSES.slice(0, count).flatMap((earlier, position) => (hasHazard(earlier, later) ? [position] : [])).reverse();
        assert.deepEqual(index.candidates(later), expected, `after ${count} steps, for ${JSON.stringify(later)}`);
      }
    }
  });
});
