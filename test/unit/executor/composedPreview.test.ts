// Unit tests of composedPreview: a later step's preview is built on the earlier unfinished steps' changes
// to the same file, finished or unrelated steps are left out, and an earlier change that cannot apply is skipped.
import * as assert from 'node:assert/strict';
import { composedPreview, type PreviewContext } from '../../../src/core/executor/composedPreview';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

const plan = validPlan([
  { id: 'E1', title: 'Rename the flag', tool: 'editFile', args: { path: 'src/cli.js', edits: [{ find: 'old', replace: 'new' }] }, postcondition: { kind: 'fileContains', path: 'src/cli.js', text: 'new' } },
  { id: 'E2', title: 'Write notes', tool: 'writeFile', args: { path: 'NOTES.md', content: 'n' }, postcondition: { kind: 'fileExists', path: 'NOTES.md' } },
  { id: 'E3', title: 'Use the flag', tool: 'editFile', args: { path: 'src/cli.js', edits: [{ find: 'new', replace: 'newer' }] }, postcondition: { kind: 'fileContains', path: 'src/cli.js', text: 'newer' } },
  { id: 'E4', title: 'Test', tool: 'runCommand', args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 } },
]);

function context(statuses: Readonly<Record<string, StepStatus>> = {}): PreviewContext {
  return { plan, statusOf: (stepId) => statuses[stepId] ?? 'pending', outputs: new Map() };
}

const third = plan.steps[2]!;

describe('composedPreview', () => {
  it('builds a later edit of a file on the earlier pending edit of the same file, and names that step', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.js': 'flag = old' });
    const preview = await composedPreview(third, third.args, context(), workspace);
    assert.deepEqual(preview, { kind: 'fileChanges', changes: [{ path: 'src/cli.js', before: 'flag = new', after: 'flag = newer', basedOn: ['E1'] }] });
    assert.equal(workspace.files.get('src/cli.js'), 'flag = old');
  });

  it('builds on an earlier step that waits for approval or was approved, not on one that finished', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.js': 'flag = old' });
    for (const status of ['awaitingApproval', 'approved'] as const) {
      const preview = await composedPreview(third, third.args, context({ E1: status }), workspace);
      assert.equal(preview.kind === 'fileChanges' ? preview.changes[0]?.before : undefined, 'flag = new');
    }
    const done = new MemoryWorkspace({ 'src/cli.js': 'flag = new' });
    assert.deepEqual(await composedPreview(third, third.args, context({ E1: 'succeeded' }), done), {
      kind: 'fileChanges',
      changes: [{ path: 'src/cli.js', before: 'flag = new', after: 'flag = newer' }],
    });
  });

  it('says the later edit cannot apply when the file on disk lacks its find text and no earlier step adds it', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.js': 'flag = other' });
    const preview = await composedPreview(third, third.args, context(), workspace);
    assert.equal(preview.kind === 'fileChanges' ? preview.changes[0]?.problem : undefined, 'find text "new" not found in src/cli.js');
  });

  it('leaves steps that write other files, and commands, as they are', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.js': 'flag = old', 'NOTES.md': 'x' });
    const second = plan.steps[1]!;
    assert.deepEqual(await composedPreview(second, second.args, context(), workspace), {
      kind: 'fileChanges',
      changes: [{ path: 'NOTES.md', before: 'x', after: 'n' }],
    });
    const fourth = plan.steps[3]!;
    assert.deepEqual(await composedPreview(fourth, fourth.args, context(), workspace), { kind: 'command', command: 'npm test', cwd: '.' });
  });
});
