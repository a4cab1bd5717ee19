// The dependencies a compact line implies: file hazards (read-after-write, write-after-read,
// write-after-write), commands and searches treated as touching every file, references, and no edge
// that another dependency already implies.
import * as assert from 'node:assert/strict';
import { readCompactPlan } from '../../../../src/core/plan/compact/compactPlanReader';
import { hasHazard, stepAccess } from '../../../../src/core/plan/compact/impliedDependencies';
import { formatProblem } from '../../../../src/core/plan/planProblem';

/** The dependsOn of every step of a compact plan, by id. */
function depsOf(text: string): Record<string, readonly string[]> {
  const reader = readCompactPlan(text);
  assert.deepEqual(reader.problems.map(formatProblem), []);
  return Object.fromEntries(reader.steps.map((step) => [step.id, step.dependsOn ?? []]));
}

const read = (path: string) => `readFile {"path":"${path}"}`;
const write = (path: string) => `writeFile {"path":"${path}","content":"x"}`;
const edit = (path: string) => `editFile {"path":"${path}","edits":[{"find":"a","replace":"b"}]}`;
const test = 'runCommand {"command":"npm test"}';
const search = 'searchText {"pattern":"sum"}';

describe('implied dependencies', () => {
  it('orders a read after a write of the same file, and leaves other files parallel', () => {
    assert.deepEqual(depsOf([write('a.ts'), read('a.ts'), read('b.ts')].join('\n')), { E1: [], E2: ['E1'], E3: [] });
  });

  it('orders a write after an earlier read of the same file', () => {
    assert.deepEqual(depsOf([read('a.ts'), edit('a.ts'), edit('b.ts')].join('\n')), { E1: [], E2: ['E1'], E3: [] });
  });

  it('orders two writes of the same file, through a rename as well', () => {
    const rename = 'renameFile {"from":"a.ts","to":"b.ts"}';
    assert.deepEqual(depsOf([write('a.ts'), edit('a.ts'), rename, read('b.ts')].join('\n')), { E1: [], E2: ['E1'], E3: ['E2'], E4: ['E3'] });
  });

  it('makes a command wait for every earlier change, but not for earlier reads', () => {
    assert.deepEqual(depsOf([read('x.ts'), edit('a.ts'), edit('b.ts'), test].join('\n')), { E1: [], E2: [], E3: [], E4: ['E2', 'E3'] });
  });

  it('makes every later change or read wait for a command', () => {
    assert.deepEqual(depsOf([test, edit('a.ts'), read('b.ts'), 'generate {"instruction":"x"}'].join('\n')), { E1: [], E2: ['E1'], E3: ['E1'], E4: [] });
  });

  it('makes a search wait for earlier writers, and a later writer wait for the search', () => {
    assert.deepEqual(depsOf([edit('a.ts'), read('b.ts'), search, edit('c.ts')].join('\n')), { E1: [], E2: [], E3: ['E1'], E4: ['E3'] });
  });

  it('leaves out an edge another dependency already implies', () => {
    assert.deepEqual(depsOf([write('a.ts'), edit('a.ts'), edit('a.ts'), test].join('\n')), { E1: [], E2: ['E1'], E3: ['E2'], E4: ['E3'] });
  });

  it('counts references as dependencies when leaving edges out, without writing them', () => {
    const text = [write('a.ts'), read('a.ts'), 'writeFile {"path":"b.ts","content":"#E2"}', read('a.ts')].join('\n');
    assert.deepEqual(depsOf(text), { E1: [], E2: ['E1'], E3: [], E4: ['E1'] });
  });

  it('keeps written dependencies as they are and adds the implied ones', () => {
    assert.deepEqual(depsOf([read('a.ts'), read('b.ts'), `${edit('a.ts')} after E2`].join('\n')), { E1: [], E2: [], E3: ['E1', 'E2'] });
  });

  it('treats a path that holds a reference as any file', () => {
    assert.deepEqual(stepAccess({ tool: 'writeFile', args: { path: '#E1', content: 'x' } }), { reads: 'all', writes: 'all' });
    assert.ok(hasHazard(stepAccess({ tool: 'readFile', args: { path: 'a.ts' } }), stepAccess({ tool: 'writeFile', args: { path: '#E1', content: '' } })));
  });

  it('gives unknown tools and invalid arguments no hazards (the gate reports them)', () => {
    assert.deepEqual(stepAccess({ tool: 'nope', args: {} }), { reads: [], writes: [] });
    assert.deepEqual(stepAccess({ tool: 'editFile', args: { path: 'a' } }), { reads: [], writes: [] });
  });
});
