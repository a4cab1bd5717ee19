// The decision behind runs that share a workspace: a step gets its files when no other run's step holds one,
// waits for the holder otherwise, and fails as a deadlock when the holder already waits (itself or through a
// sub-plan run below it) for the requester's line; a run and its sub-plans' runs never wait for each other.
import * as assert from 'node:assert/strict';
import type { ClaimRequest } from '../../../src/core/ports';
import { claimWaitText, decideClaim, pathsOverlap, withHold, withWait, type RunClaims } from '../../../src/core/run/writeClaimTable';

const request = (runId: string, stepId: string, ...paths: string[]): ClaimRequest => ({ runId, stepId, step: stepId.slice(1), paths });
const holding = (runId: string, stepId: string, ...paths: string[]): RunClaims => ({ runId, holds: [{ stepId, step: stepId.slice(1), paths }], waits: [] });

describe('the write claim table', () => {
  it('grants files no other run holds, and names the holder of one it does', () => {
    const table = [holding('B', 'E3', 'src/a.js')];
    assert.deepEqual(decideClaim(table, request('A', 'E1', 'src/b.js')), { kind: 'granted' });
    const decision = decideClaim(table, request('A', 'E1', 'src/b.js', 'src/a.js'));
    assert.deepEqual(decision, { kind: 'wait', holder: { runId: 'B', stepId: 'E3', step: '3', path: 'src/a.js' } });
    assert.equal(decision.kind === 'wait' && claimWaitText(decision.holder), "waits for run B's step 3 on src/a.js");
  });

  it('sees a file inside a claimed folder (a sub-plan scope) as claimed, and a look-alike name as not', () => {
    assert.equal(pathsOverlap('src', 'src/a.js'), true);
    assert.equal(pathsOverlap('src/a.js', 'src'), true);
    assert.equal(pathsOverlap('src', 'src2/a.js'), false);
    assert.equal(decideClaim([holding('B', 'E1', 'lib')], request('A', 'E2', 'lib/x.ts')).kind, 'wait');
  });

  it('never makes a run wait for itself or for its own sub-plan runs', () => {
    const table = [holding('A', 'E1', 'src'), holding('A.E1-ab12', 'E2', 'src/a.js')];
    assert.deepEqual(decideClaim(table, request('A', 'E4', 'src/a.js')), { kind: 'granted' });
    assert.deepEqual(decideClaim(table, request('A.E1-ab12', 'E3', 'src/a.js')), { kind: 'granted' });
  });

  it('waits for a holder that is only running, however many others wait for it', () => {
    const table = [holding('B', 'E1', 'b.txt'), { runId: 'C', holds: [], waits: [{ stepId: 'E1', on: { runId: 'B', stepId: 'E1' } }] }];
    assert.equal(decideClaim(table, request('A', 'E1', 'b.txt')).kind, 'wait');
  });

  it('fails as a deadlock when the holder waits, through a sub-plan run below its step, for the sub-plan step the requester runs under', () => {
    // A's sub-plan step E1 holds a/, B's holds b/; A's child waits for B's E1 on b/x; B's child then asks for a/y.
    let table: RunClaims[] = [holding('A', 'E1', 'a'), holding('B', 'E1', 'b')];
    const first = decideClaim(table, request('A.E1-aa', 'E1', 'b/x'));
    assert.equal(first.kind, 'wait');
    table = [...table, withWait(table, 'A.E1-aa', 'E1', first.kind === 'wait' ? first.holder : undefined)];
    assert.deepEqual(decideClaim(table, request('B.E1-bb', 'E1', 'a/y')), { kind: 'deadlock', holder: { runId: 'A', stepId: 'E1', step: '1', path: 'a' } });
  });

  it('a step that holds its claim waits no more; one that gives up holds and waits for nothing', () => {
    const waiting = withWait([], 'A', 'E2', { runId: 'B', stepId: 'E1', step: '1', path: 'x' });
    assert.deepEqual(waiting.waits, [{ stepId: 'E2', on: { runId: 'B', stepId: 'E1' } }]);
    const held = withHold([waiting], request('A', 'E2', 'x'));
    assert.deepEqual(held, { runId: 'A', holds: [{ stepId: 'E2', step: '2', paths: ['x'] }], waits: [] });
    assert.deepEqual(withWait([held], 'A', 'E2'), { runId: 'A', holds: [], waits: [] });
  });
});
