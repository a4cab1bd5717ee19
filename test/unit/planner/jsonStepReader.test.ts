// Steps read out of a JSON plan reply as it arrives, whatever the chunk boundaries.
import * as assert from 'node:assert/strict';
import { JsonStepReader } from '../../../src/core/planner/jsonStepReader';

const STEPS = [
  { id: 'E1', title: 'Read {the} "CLI"', tool: 'readFile', args: { path: 'src/cli.ts' } },
  { id: 'E2', title: 'Edit', tool: 'editFile', args: { path: 'src/cli.ts', edits: [{ find: 'a]}', replace: 'b\\"{' }] }, dependsOn: ['E1'] },
];
const REPLY = `{"goal": "x", "meta": {"steps": [{"id": "no"}]}, "steps": ${JSON.stringify(STEPS, null, 1)}}`;

describe('JsonStepReader', () => {
  it('hands on each step of the top-level steps array as soon as it is complete, at any chunk size', () => {
    for (const size of [1, 3, 7, 64, REPLY.length]) {
      const reader = new JsonStepReader();
      const seen: { step: unknown; at: number }[] = [];
      for (let at = 0; at < REPLY.length; at += size) for (const line of reader.push(REPLY.slice(at, at + size))) seen.push({ step: line.step, at: Math.min(at + size, REPLY.length) });
      assert.deepEqual(reader.finish(), []);
      assert.deepEqual(seen.map((entry) => entry.step), STEPS, `chunks of ${size}`);
      if (size === 1) assert.ok(seen[0]!.at < REPLY.indexOf('"E2"'), 'E1 came before E2 was written');
    }
  });
});
