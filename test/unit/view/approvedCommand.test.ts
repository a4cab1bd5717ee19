// Which waiting commands the approval gate approves from the user's planwright.approvedCommands as it reads them
// now, so that Always Allow This Exact Command… also covers a later step of the run that started before it.
import * as assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../src/core/ports';
import { isApprovedCommand } from '../../../src/core/view/approvalPrompt';

function command(line: string): Pick<ApprovalRequest, 'preview'> {
  return { preview: { kind: 'command', command: line, cwd: '.' } };
}

describe('isApprovedCommand', () => {
  it('approves a command line the list holds exactly, and no other', () => {
    assert.equal(isApprovedCommand(command('npm test'), ['npm test']), true);
    assert.equal(isApprovedCommand(command('npm test -- --watch'), ['npm test']), false);
    assert.equal(isApprovedCommand(command('npm tes'), ['npm test']), false);
    assert.equal(isApprovedCommand(command('npm test'), []), false);
  });

  it('never approves a command that chains, pipes or redirects, even when listed', () => {
    for (const line of ['npm test && rm -rf .', 'npm test | tee out', 'npm test > out', 'echo $(whoami)']) {
      assert.equal(isApprovedCommand(command(line), [line]), false, line);
    }
  });

  it('approves nothing that is not a command', () => {
    assert.equal(isApprovedCommand({ preview: { kind: 'none' } }, ['npm test']), false);
    assert.equal(isApprovedCommand({ preview: { kind: 'fileChanges', changes: [{ path: 'npm test', before: '', after: 'x' }] } }, ['npm test']), false);
  });
});
