import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { descendantsOf, listProcesses, parseProcStat, parsePsOutput, ProcessTreeSnapshot, type ProcessEntry } from '../../../src/node/processTree';

const entry = (pid: number, ppid: number, pgid = pid): ProcessEntry => ({ pid, ppid, pgid });

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('descendantsOf', () => {
  it('finds children, grandchildren and beyond, parents first, and not the root', () => {
    const table = [entry(1, 0), entry(10, 1), entry(11, 10), entry(12, 10), entry(13, 11), entry(20, 1), entry(21, 20)];
    assert.deepEqual(descendantsOf(table, 10).map((process) => process.pid), [11, 12, 13]);
    assert.deepEqual(descendantsOf(table, 13), []);
    assert.deepEqual(descendantsOf(table, 99), []);
  });

  it('stops on a cycle in a corrupt table', () => {
    assert.deepEqual(descendantsOf([entry(2, 3), entry(3, 2)], 2).map((process) => process.pid), [3]);
  });
});

describe('parseProcStat', () => {
  it('reads pid, parent, group, start time and state, whatever the command name holds', () => {
    const fields = Array.from({ length: 50 }, (_, index) => String(index));
    fields[0] = 'S';
    fields[1] = '41';
    fields[2] = '42';
    fields[19] = '123456';
    assert.deepEqual(parseProcStat(`4242 (we) ird (name) ${fields.join(' ')}`), { pid: 4242, ppid: 41, pgid: 42, startTime: '123456', zombie: false });
    fields[0] = 'Z';
    assert.equal(parseProcStat(`7 (x) ${fields.join(' ')}`)?.zombie, true);
    assert.equal(parseProcStat('garbage'), undefined);
  });
});

describe('parsePsOutput', () => {
  it('reads pid, parent and group per line, skipping anything else', () => {
    assert.deepEqual(parsePsOutput('    1     0     1\n  500     1   500\nPID PPID PGID\n\n'), [entry(1, 0, 1), entry(500, 1, 500)]);
  });
});

describe('ProcessTreeSnapshot', function () {
  if (process.platform === 'win32') return;

  it('lists this process among the processes of the system', async () => {
    assert.ok((await listProcesses()).some((process_) => process_.pid === process.pid));
  });

  it('stops a tree, background children and their own process groups included, but not the root', async () => {
    // The root stands in for a terminal's shell (a session leader): it starts a job that has a background
    // child, and a process in a session of its own.
    const root = spawn('sh', ['-c', 'sh -c "sleep 60 & sleep 60" & setsid sleep 60 2>/dev/null & sleep 60'], { stdio: 'ignore', detached: true });
    try {
      let snapshot: ProcessTreeSnapshot | undefined;
      for (let attempt = 0; attempt < 50; attempt++) {
        snapshot = await ProcessTreeSnapshot.take(root.pid!);
        if (snapshot.size >= 4) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(snapshot && snapshot.size >= 4, `found ${snapshot?.size} processes below the root`);
      const members = descendantsOf(await listProcesses(), root.pid!).map((member) => member.pid);
      await snapshot.stop(1_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const pid of members) assert.ok(!alive(pid) || (await listProcesses()).find((p) => p.pid === pid)?.zombie, `pid ${pid} survived`);
      // The root exits once its own child is gone, but it is never signalled itself.
      assert.equal(root.signalCode, null, 'the root itself was left alone');
    } finally {
      root.kill('SIGKILL');
    }
  });

  it('also stops what the tree keeps starting after the snapshot', async () => {
    // A member that forks in a loop: freezing the tree before signalling it leaves nothing behind.
    const root = spawn('sh', ['-c', 'sh -c "while :; do sleep 60 & sleep 0.02; done" & sleep 60'], { stdio: 'ignore', detached: true });
    try {
      const snapshot = await ProcessTreeSnapshot.take(root.pid!);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await snapshot.stop(1_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Orphans leave the tree but keep their process group, the root's.
      const left = (await listProcesses()).filter((member) => member.pgid === root.pid && member.pid !== root.pid && !member.zombie);
      assert.deepEqual(left, [], 'processes left from the tree');
    } finally {
      root.kill('SIGKILL');
    }
  });

  it('never signals a process group led by someone outside the tree', async () => {
    // Not detached: the root's children share this test process's group, which must survive.
    const root = spawn('sh', ['-c', 'sleep 60 & sleep 60'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await (await ProcessTreeSnapshot.take(root.pid!)).stop(500);
      assert.ok(alive(process.pid));
    } finally {
      root.kill('SIGKILL');
    }
  });
});
