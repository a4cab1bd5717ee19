// The run lease in the editor: a paused run reopened after a reload while another process holds its journal's
// lease is shown as held, naming that process, and Run Plan refuses to resume it, changing nothing; once the
// holder is killed with SIGKILL, Run Plan takes the lease over and the run finishes.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { COMMANDS } from '../../../src/vscode/ids';
import { planwright, readText, setUserSetting, until, workspaceUri } from './support';

/** A process that holds the lease file `lease` as a CLI would, until it is killed. */
function leaseHolder(lease: string) {
  const script = `require('fs').writeFileSync(${JSON.stringify(lease)}, JSON.stringify({ pid: process.pid, host: require('os').hostname(), since: Date.now() }), { flag: 'wx' }); setInterval(() => {}, 1000);`;
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
}

describe('The run lease in VS Code', function () {
  this.timeout(120_000);

  before(async () => {
    await setUserSetting('autoApprove', 'readOnly');
  });
  after(async () => {
    await setUserSetting('autoApprove', undefined);
  });

  it('shows a run another process holds as held by it, does not resume it, and takes it over once that process is killed', async () => {
    const { session } = await planwright();
    const plan = {
      version: 1,
      goal: 'Write a held note',
      steps: [
        { id: 'H1', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' } },
        { id: 'H2', title: 'Write the note', tool: 'writeFile', args: { path: 'notes/held.txt', content: 'held, then taken over\n' }, dependsOn: ['H1'], postcondition: { kind: 'fileExists', path: 'notes/held.txt' } },
      ],
    };
    const file = workspaceUri('held.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
    const first = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await until('H2 to wait for approval', () => session.approvals.get('H2'), 30_000);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.pauseRun), true);
    assert.equal((await first)?.status, 'paused');
    const journalPath = session.runs.runFiles!.journalPath;

    // This window lets go of the run (as a reload does); another process takes its lease.
    await session.runs.forget();
    assert.equal(existsSync(`${journalPath}.lease`), false, 'the window kept the lease of a run it no longer shows');
    const holder = leaseHolder(`${journalPath}.lease`);
    try {
      await until('the other process to hold the lease', () => existsSync(`${journalPath}.lease`) && readFileSync(`${journalPath}.lease`, 'utf8').includes(String(holder.pid)), 30_000);
      const restored = await session.runs.restore();
      assert.equal(restored?.status, 'paused');
      assert.match(String(session.runs.heldElsewhere), new RegExp(`is being run by process ${holder.pid} since \\d\\d:\\d\\d; wait for it or stop it`));
      const journalBefore = readFileSync(journalPath, 'utf8');
      assert.equal(await vscode.commands.executeCommand(COMMANDS.runPlan), undefined);
      assert.equal(readFileSync(journalPath, 'utf8'), journalBefore, 'a held run was resumed here');
      assert.equal(session.approvals.get('H2'), undefined, 'a held run asked for approval here');
    } finally {
      holder.kill('SIGKILL');
    }
    await until('the holder to die', () => holder.exitCode !== null || holder.signalCode !== null, 30_000);

    const second = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await until('H2 to wait for approval again', () => session.approvals.get('H2'), 30_000);
    assert.equal(session.runs.heldElsewhere, undefined);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, 'H2'), true);
    assert.equal((await second)?.status, 'succeeded');
    assert.equal(await readText('notes/held.txt'), 'held, then taken over\n');
    await vscode.workspace.fs.delete(file);
  });
});
