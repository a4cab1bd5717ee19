// Evidence computed from the workspace for a failed step, and the repair rule it decides: a stale find
// gets the region where it should have matched and the nearest match; a mistyped path or command gets
// the nearest existing path; a failed postcondition gets nothing local.
import * as assert from 'node:assert/strict';
import { gatherEvidence } from '../../../src/core/executor/failureEvidence';
import type { Step } from '../../../src/core/plan/planSchema';
import { nearestWindow, numberedRegion } from '../../../src/core/text/nearestMatch';
import { MemoryWorkspace } from '../support/fakePorts';

const SOURCE = ['import { run } from "./run";', '', 'export function main(argv) {', '  const flags = ["--lines"];', '  return run(argv, flags);', '}', ''].join('\n');
const step = (tool: string, args: Record<string, unknown>): Step => ({ id: 'E2', title: 't', tool, args });
const definite = (reason: string) => ({ kind: 'definite' as const, reason, message: `failed: ${reason}` });

describe('nearestWindow', () => {
  it('finds the lines most like a stale find and prints them with numbers and context', () => {
    const window = nearestWindow(SOURCE, "  const flags = ['--lines'];");
    assert.deepEqual({ ...window, similarity: undefined }, { startLine: 4, endLine: 4, similarity: undefined });
    assert.ok(window!.similarity > 0.7);
    assert.equal(numberedRegion(SOURCE, 4, 4, 1), '3| export function main(argv) {\n4|   const flags = ["--lines"];\n5|   return run(argv, flags);\n');
  });
});

describe('gatherEvidence', () => {
  const workspace = new MemoryWorkspace({ 'src/cli.js': SOURCE, 'src/run.js': 'x', 'test/cli.test.js': 'y' });

  it('shows a stale find its nearest match in the file and calls it a local fix', async () => {
    const args = { path: 'src/cli.js', edits: [{ find: "const flags = ['--lines'];", replace: 'x' }] };
    const evidence = await gatherEvidence(step('editFile', args), args, definite('findNotUnique'), workspace);
    assert.match(evidence.lines[0]!, /^the find text is not in src\/cli\.js; nearest match, lines 4-4 \(similarity 0\.\d\d\):$/);
    assert.match(evidence.lines[1]!, /^1\| import .*\n4\| {3}const flags = \["--lines"\];/s);
    assert.match(evidence.localFix ?? '', /stale or ambiguous find/);
    assert.deepEqual(evidence.mistaken, ["const flags = ['--lines'];"]);
  });

  it('names the lines of a find that occurs more than once', async () => {
    const args = { path: 'src/cli.js', edits: [{ find: 'flags', replace: 'x' }] };
    const evidence = await gatherEvidence(step('editFile', args), args, definite('findNotUnique'), workspace);
    assert.deepEqual(evidence.lines, ['the find text occurs 2 times in src/cli.js (lines 4, 5): make it longer so it matches once, or set replaceAll if every one should change']);
  });

  it('finds nothing wrong with a replaceAll edit whose find occurs more than once', async () => {
    const args = { path: 'src/cli.js', edits: [{ find: 'flags', replace: 'x', replaceAll: true }] };
    const evidence = await gatherEvidence(step('editFile', args), args, definite('findNotUnique'), workspace);
    assert.deepEqual(evidence.lines, []);
  });

  it('gives a mistyped path its nearest existing path', async () => {
    const args = { path: 'src/cli.ts' };
    const evidence = await gatherEvidence(step('deleteFile', args), args, definite('fileNotFound'), workspace);
    assert.deepEqual(evidence.lines, ['no file at src/cli.ts; nearest existing path: src/cli.js']);
    assert.ok(evidence.localFix);
    assert.deepEqual(evidence.mistaken, ['src/cli.ts']);
  });

  it('points a failed command at the path it mistyped', async () => {
    const args = { command: 'node src/clis.js --lines 3' };
    const evidence = await gatherEvidence(step('runCommand', args), args, definite('exitCode'), workspace);
    assert.deepEqual(evidence.lines, ['the command names "src/clis.js", which does not exist; nearest existing path: src/cli.js']);
    assert.ok(evidence.localFix);
    assert.deepEqual(evidence.mistaken, ['src/clis.js']);
  });

  it('finds nothing local in a failed postcondition, or in a path nothing is close to', async () => {
    const edit = { path: 'src/cli.js', edits: [{ find: 'a', replace: 'b' }] };
    assert.deepEqual(await gatherEvidence(step('editFile', edit), edit, definite('postcondition'), workspace), { lines: [] });
    const far = { path: 'docs/elsewhere/notes.md' };
    const evidence = await gatherEvidence(step('readFile', far), far, definite('fileNotFound'), workspace);
    assert.equal(evidence.localFix, undefined);
  });
});
