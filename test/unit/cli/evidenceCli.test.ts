// `planwright run` with a plan that has acceptance checks: the run's evidence report closes the human
// output as Markdown and is the `evidence` field of --json, with the already-true check flagged.
import * as assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { invoke } from '../support/invokeCli';
import type { EvidenceReport } from '../../../src/core/view/evidenceReport';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const PLAN = {
  version: 1,
  goal: 'Greet',
  acceptance: [
    { kind: 'fileContains', path: 'hello.txt', text: 'Hello, Ada' },
    { kind: 'fileExists', path: 'name.txt' },
  ],
  steps: [{ id: 'E1', title: 'Write the greeting', tool: 'writeFile', args: { path: 'hello.txt', content: 'Hello, Ada\n' }, postcondition: { kind: 'fileExists', path: 'hello.txt' } }],
};

const cli = (args: string[], cwd: string) => invoke(runPlanCommand, args, cwd);

describe('planwright run: the evidence report', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'ws', 'name.txt'), 'Ada');
    await writeFile(path.join(dir, 'greet.plan.json'), JSON.stringify(PLAN));
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('is the evidence field of --json', async () => {
    const result = await cli(['greet.plan.json', '--workspace', 'ws', '--approve', 'all', '--json'], dir);
    assert.equal(result.code, 0, result.stderr);
    const evidence = (JSON.parse(result.stdout) as { evidence: EvidenceReport }).evidence;
    assert.deepEqual(evidence.acceptance.map((entry) => [entry.check, entry.result, entry.alreadyTrue ?? false]), [
      ['contains hello.txt "Hello, Ada"', 'held', false],
      ['exists name.txt', 'held', true],
    ]);
    assert.deepEqual(evidence.files, [{ path: 'hello.txt', lines: '+1 -0' }]);
  });

  it('closes the human output as Markdown', async () => {
    const result = await cli(['greet.plan.json', '--workspace', 'ws', '--approve', 'all'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /## Evidence: Greet\n\nOutcome: \*\*succeeded\*\*\n\n### Done when\n- \[x\] hello\.txt contains "Hello, Ada": found on line 1\n/);
    assert.match(result.stdout, /- \[x\] name\.txt exists: found \(\d+ bytes\) — already true before the run: proves nothing\n/);
    assert.match(result.stdout, /### Steps\n1\. Write the greeting — succeeded: hello\.txt exists: found \(11 bytes\)\n/, 'a step\'s proof in words');
  });
});
