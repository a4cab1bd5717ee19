// The evidence report built from a run's state: acceptance checks with result, evidence and the
// already-true flag, each step's proof, the files changed with line counts, re-plans and tokens, and its
// Markdown form for a pull request.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { Step } from '../../../src/core/plan/planSchema';
import { changedFiles, lineCounts } from '../../../src/core/view/changedFiles';
import { evidenceMarkdown, evidenceReport } from '../../../src/core/view/evidenceReport';
import type { AcceptanceReplanRequest, ReplanAnswer, Replanner } from '../../../src/core/run/modelRoles';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

const write = (id: string, path: string, content: string): Step => ({ id, title: `Write ${path}`, tool: 'writeFile', args: { path, content }, postcondition: { kind: 'fileContains', path, text: content } });

/** Adds the missing line to src/cli.ts when the goal is not met. */
const fixer: Replanner = {
  async replan(): Promise<ReplanAnswer> {
    throw new Error('unexpected');
  },
  async meetAcceptance(_request: AcceptanceReplanRequest): Promise<ReplanAnswer> {
    return { patch: [{ op: 'add', step: write('E2', 'src/cli.ts', "const flags = [];\nflags.push('--verbose');\n") }], usage: [{ role: 'replanner', model: 'm', promptTokens: 120, completionTokens: 30, cachedTokens: 100, estimated: false, ms: 1 }] };
  },
};

describe('evidenceReport', () => {
  it('shows each acceptance check with its evidence, flags the one already true, and lists proof, files and re-plans', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.ts': 'const flags = [];\n', 'README.md': '# Demo\n' });
    const deps = fakeRunDeps({ workspace, replanner: fixer });
    const acceptance = [{ kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' }, { kind: 'fileExists', path: 'README.md' }];
    const plan = validPlan([write('E1', 'README.md', '# Demo\n\nUse --verbose.\n')], { goal: 'Add --verbose', revision: 1, acceptance });
    const run = await PlanRun.start(plan, { runId: 'evidence', options: runOptions() }, deps);
    await run.execute(liveSignal());
    const report = evidenceReport(run.current);

    assert.equal(report.status, 'succeeded');
    assert.deepEqual(report.acceptance.map((entry) => [entry.check, entry.result, entry.alreadyTrue ?? false]), [
      ['contains src/cli.ts "--verbose"', 'held', false],
      ['exists README.md', 'held', true],
    ]);
    assert.deepEqual(report.acceptance.map((entry) => [entry.words, entry.evidence]), [
      ['src/cli.ts contains "--verbose"', 'found on line 2'],
      ['README.md exists', 'found (23 bytes)'],
    ]);
    assert.match(report.steps[0]!.proof, /^README\.md contains "# Demo\\n\\nUse --verbose\.\\n": found on line 1$/, 'a step\'s proof reads as its check in words and what it found');
    assert.deepEqual(report.steps.map((step) => `${step.number} ${step.id} ${step.status}`), ['1 E1 succeeded', '2 E2 succeeded']);
    assert.deepEqual(report.files, [
      { path: 'README.md', lines: '+2 -0' },
      { path: 'src/cli.ts', lines: '+1 -0' },
    ]);
    assert.equal(report.replans.length, 1);
    assert.match(report.replans[0]!, /^the goal is not met: src\/cli\.ts contains "--verbose": not found/);
    assert.deepEqual(report.tokens, { prompt: 120, completion: 30, cached: 100, calls: 1 });

    const markdown = evidenceMarkdown(report);
    assert.match(markdown, /^## Evidence: Add --verbose/);
    assert.match(markdown, /### Done when\n- \[x\] src\/cli\.ts contains "--verbose": found on line 2\n- \[x\] README\.md exists: found \(23 bytes\) — already true before the run: proves nothing\n/);
    assert.match(markdown, /### Files changed\n- `README\.md` \+2 -0\n- `src\/cli\.ts` \+1 -0/);
  });

  it('counts changed lines as a reviewer reads them, and leaves out files the run left as they were', () => {
    assert.equal(lineCounts('a\nb\nc\n', 'a\nB\nc\nd\n'), '+2 -1');
    assert.equal(lineCounts('', 'x\n'), '+1 -0');
    const unchanged = { path: 'same.txt', content: 'x' };
    assert.deepEqual(changedFiles([{ stepId: 'E1', at: 0, before: [unchanged], after: [unchanged] }]), []);
    assert.deepEqual(changedFiles([{ stepId: 'E1', at: 0, before: [{ path: 'big.bin', notKept: 'too large' }], after: [{ path: 'big.bin', content: 'y' }] }]), [{ path: 'big.bin' }]);
  });
});
