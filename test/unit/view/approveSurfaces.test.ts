// The pure rules behind approving from the editor: which waiting steps each bulk approval takes, the banner
// at the top of a preview, its tab names, and which step a keyboard or palette Approve / Reject answers.
import * as assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../src/core/ports';
import { englishText } from '../../../src/core/text/englishText';
import { isListedEdit, isReadOnlyRequest, listedEdits, shownEditsRule } from '../../../src/core/view/bulkApproval';
import { previewBanner } from '../../../src/core/view/previewBanner';
import { diffSideFolder, diffTabTitle, previewStepLabel, textTabName } from '../../../src/core/view/previewNames';
import { answerTarget, nextWaiting } from '../../../src/core/view/waitingTarget';
import { threeSteps } from './viewFixtures';

const plan = threeSteps();

function request(tool: string, args: Record<string, unknown>, preview: ApprovalRequest['preview'], stepId = 'E2'): ApprovalRequest {
  return { stepId, title: 'Change it', tool, args, reason: 'r', preview };
}

const read = request('readFile', { path: 'README.md' }, { kind: 'none' }, 'E1');
const list = request('listFiles', { glob: '*' }, { kind: 'none' }, 'E1');
const edit = request('editFile', { path: 'a', edits: [{ find: 'x', replace: 'y' }] }, { kind: 'fileChanges', changes: [{ path: 'a', before: 'x', after: 'y' }] });
const write = request('writeFile', { path: 'b', content: 'y' }, { kind: 'fileChanges', changes: [{ path: 'b', before: null, after: 'y' }] }, 'E3');
const stale = request('editFile', { path: 'a', edits: [{ find: 'q', replace: 'y' }] }, { kind: 'fileChanges', changes: [{ path: 'a', before: 'x', after: 'x', problem: 'find text "q" not found' }] });
const deletion = request('deleteFile', { path: 'a' }, { kind: 'fileChanges', changes: [{ path: 'a', before: 'x', after: null }] });
const command = request('runCommand', { command: 'ls' }, { kind: 'command', command: 'ls', cwd: '.' });
const modelEdit = request('proposeEdit', { path: 'a', instruction: 'i' }, { kind: 'modelEdit', path: 'a', instruction: 'i' });

describe('bulk approvals', () => {
  it('takes as read-only only the steps that change nothing: reads and lists, never a write or a command', () => {
    assert.deepEqual([read, list, edit, write, deletion, command, modelEdit].map(isReadOnlyRequest), [true, true, false, false, false, false, false]);
    assert.equal(isReadOnlyRequest(request('noSuchTool', {}, { kind: 'none' })), false);
  });

  it('lists as edits the file changes that apply and delete nothing; never reads, commands, deletions, model edits or edits that cannot apply', () => {
    assert.deepEqual([read, edit, write, stale, deletion, command, modelEdit].map(isListedEdit), [false, true, true, false, false, false, false]);
  });

  it('names each listed edit as the tree numbers it, with the files it changes', () => {
    assert.deepEqual(listedEdits(englishText, [read, edit, command, write], (request) => `#${request.stepId}`), [
      { stepId: 'E2', label: '#E2', detail: 'changes a' },
      { stepId: 'E3', label: '#E3', detail: 'creates b' },
    ]);
  });

  it('approves only the listed run\'s edit when two runs each have an S1: one that asked after the list was shown is not taken', () => {
    const inRunA = { ...edit, stepId: 'S1', runId: 'run-a' };
    const inRunB = { ...edit, stepId: 'S1', runId: 'run-b' };
    const shown = listedEdits(englishText, [inRunA], (request) => request.stepId);
    assert.deepEqual(shown.map((entry) => [entry.runId, entry.stepId]), [['run-a', 'S1']]);
    const rule = shownEditsRule(shown);
    assert.deepEqual([inRunA, inRunB].map(rule), [true, false]);
    assert.equal(rule({ ...stale, stepId: 'S1', runId: 'run-a' }), false, 'the listed step no longer takes once its edit cannot apply');
  });
});

describe('preview banner', () => {
  it('says which step waits and offers Approve, Reject and Edit Step…', () => {
    const banner = previewBanner(englishText, 'Step 2', edit);
    assert.deepEqual([banner.iconId, banner.heading], ['bell-dot', 'Step 2 waits:']);
    assert.deepEqual(banner.actions, [
      { action: 'approve', title: 'Approve' },
      { action: 'reject', title: 'Reject' },
      { action: 'edit', title: 'Edit Step…' },
    ]);
  });

  it('offers Edit Step… and Revise… instead of Approve for an edit that cannot apply', () => {
    const banner = previewBanner(englishText, 'Step 2', stale);
    assert.deepEqual([banner.iconId, banner.heading], ['warning', 'Step 2 cannot apply:']);
    assert.deepEqual(banner.actions.map((part) => part.action), ['edit', 'replan', 'reject']);
  });
});

describe('preview tab names', () => {
  it('names a step by its number, and a sub-plan\'s step by its title', () => {
    assert.equal(previewStepLabel(englishText, plan, { stepId: 'E3', title: 'Run the tests' }), 'Step 3');
    assert.equal(previewStepLabel(englishText, plan, { stepId: 'E3/E1', title: 'Write the child note' }), 'Write the child note');
  });

  it('names a diff by step and file, never by ids or versions', () => {
    assert.equal(diffTabTitle(englishText, 'Step 3', { path: 'README.md', before: 'a', after: 'b' }, ''), 'Step 3: README.md (proposed)');
    assert.equal(diffTabTitle(englishText, 'Step 3', { path: 'README.md', before: null, after: 'b' }, ''), 'Step 3: README.md (new file)');
    assert.equal(diffTabTitle(englishText, 'Step 3', { path: 'a.md', before: 'a', after: 'b', basedOn: ['E1'] }, '1 Read it'), 'Step 3: a.md (proposed, after 1 Read it)');
    assert.equal(diffSideFolder(englishText, 'Step 3', 'before'), 'Step 3 (before)');
    assert.equal(diffSideFolder(englishText, 'Step 3', 'proposed'), 'Step 3 (proposed)');
  });

  it('names a command preview by step and command, one path segment even when the command has slashes', () => {
    assert.equal(textTabName(englishText, 'Step 4', request('runCommand', {}, { kind: 'command', command: 'npm test', cwd: '.' })), 'Step 4: npm test (command)');
    assert.equal(textTabName(englishText, 'Step 4', request('runCommand', {}, { kind: 'command', command: 'node bin/x.js', cwd: '.' })), 'Step 4: node bin∕x.js (command)');
    assert.equal(textTabName(englishText, 'Step 2', stale, 'src/a.js'), 'Step 2: src∕a.js (cannot apply)');
  });
});

describe('which waiting step a keyboard answer takes', () => {
  it('answers the pointed step when it waits, else the only waiting step, else asks to pick', () => {
    assert.deepEqual(answerTarget('E3', ['E2', 'E3']), { kind: 'step', stepId: 'E3' });
    assert.deepEqual(answerTarget('E1', ['E2']), { kind: 'step', stepId: 'E2' });
    assert.deepEqual(answerTarget(undefined, ['E2']), { kind: 'step', stepId: 'E2' });
    assert.deepEqual(answerTarget('E1', ['E2', 'E3']), { kind: 'pick', stepIds: ['E2', 'E3'] });
    assert.deepEqual(answerTarget(undefined, []), { kind: 'none' });
  });

  it('moves the focus to the next waiting row below the answered one, else the nearest above', () => {
    const waiting = new Set(['E1', 'E3', 'E4']);
    assert.equal(nextWaiting(['E1', 'E2', 'E3', 'E4'], 'E2', (id) => waiting.has(id)), 'E3');
    assert.equal(nextWaiting(['E1', 'E2', 'E3', 'E4'], 'E4', (id) => waiting.has(id) && id !== 'E4'), 'E3');
    assert.equal(nextWaiting(['E2'], 'E2', () => false), undefined);
  });
});
