// Stopping everything a process started. A command in a terminal is not our child: the terminal's shell
// is, as far as the pty host goes, and the command runs in its own process group (job control). So the
// tree below the shell is listed (Linux: /proc; other Unix: `ps`) and frozen with SIGSTOP, each member
// and each group a member leads gets SIGTERM, and whatever is still there after a grace period gets
// SIGKILL. The tree is listed before anything dies: once a parent dies its children are re-parented to
// init and can no longer be found from the root. Windows has `taskkill /T`, which walks the tree itself.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/** One process: its id, its parent, its process group, and (Linux) its start time, to tell a reused pid. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  readonly startTime?: string;
  /** Exited but not yet reaped by its parent: already gone as far as stopping it goes. */
  readonly zombie?: boolean;
}

/** Every process below `root` (not `root` itself), parents before children. */
export function descendantsOf(table: readonly ProcessEntry[], root: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid) ?? [];
    siblings.push(entry);
    children.set(entry.ppid, siblings);
  }
  const found: ProcessEntry[] = [];
  const seen = new Set<number>([root]);
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** The entry in the text of `/proc/<pid>/stat`; the command name may itself contain spaces and `)`. */
export function parseProcStat(text: string): ProcessEntry | undefined {
  const close = text.lastIndexOf(')');
  const pid = Number.parseInt(text, 10);
  if (close < 0 || !Number.isInteger(pid)) return undefined;
  // Fields after the name, from field 3 (state): ppid is field 4, pgrp 5, starttime 22.
  const fields = text.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  if (!Number.isInteger(ppid) || !Number.isInteger(pgid)) return undefined;
  return { pid, ppid, pgid, startTime: fields[19], zombie: fields[0] === 'Z' };
}

/** The entries in the output of `ps -A -o pid=,ppid=,pgid=`. */
export function parsePsOutput(text: string): ProcessEntry[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((fields) => fields.length === 3 && fields.every((field) => Number.isInteger(field)))
    .map(([pid, ppid, pgid]) => ({ pid: pid!, ppid: ppid!, pgid: pgid! }));
}

/** Every process the system shows us; empty where it cannot be listed. */
export async function listProcesses(): Promise<ProcessEntry[]> {
  if (process.platform === 'linux') {
    const names = await readdir('/proc').catch(() => [] as string[]);
    const entries = await Promise.all(
      names.filter((name) => /^\d+$/.test(name)).map((name) => readFile(`/proc/${name}/stat`, 'utf8').then(parseProcStat, () => undefined)),
    );
    return entries.filter((entry): entry is ProcessEntry => entry !== undefined);
  }
  if (process.platform === 'win32') return [];
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,pgid='], { windowsHide: true }, (error, stdout) => resolve(error ? [] : parsePsOutput(stdout)));
  });
}

/** The processes below one root, to be stopped together. */
export class ProcessTreeSnapshot {
  private constructor(
    private readonly root: number,
    private members: ProcessEntry[],
  ) {}

  /** Lists the tree below `root`, before anything in it is signalled. */
  static async take(root: number): Promise<ProcessTreeSnapshot> {
    return new ProcessTreeSnapshot(root, descendantsOf(await listProcesses(), root));
  }

  /** How many processes are known below the root. */
  get size(): number {
    return this.members.length;
  }

  /**
   * Freezes the tree, then stops it: SIGSTOP to every member (a stopped process cannot start another,
   * so listing again until nothing new appears finds the whole tree, children started since the
   * snapshot included), SIGTERM and SIGCONT to all, and after `graceMs` SIGKILL to those still there.
   * Members whose pid now belongs to a different process (by start time) are left alone. Resolves once
   * all are gone or have been sent SIGKILL.
   */
  async stop(graceMs: number): Promise<void> {
    if (process.platform === 'win32') {
      await new Promise<void>((resolve) => execFile('taskkill', ['/pid', String(this.root), '/T', '/F'], { windowsHide: true }, () => resolve()));
      return;
    }
    try {
      await this.freeze();
      this.signal('SIGTERM', this.members);
    } finally {
      // Never leave a process stopped: a stopped one would not even act on the SIGTERM.
      this.signal('SIGCONT', this.members);
    }
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline) {
      if ((await this.survivors()).length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.signal('SIGKILL', await this.survivors());
  }

  /** Stops every process below the root, listing again until no new one appears. */
  private async freeze(): Promise<void> {
    const known = new Set<number>();
    for (let round = 0; round < 10; round++) {
      const fresh = descendantsOf(await listProcesses(), this.root).filter((member) => !known.has(member.pid));
      if (fresh.length === 0) return;
      for (const member of fresh) {
        known.add(member.pid);
        trySignal(member.pid, 'SIGSTOP');
      }
      const listed = new Set(this.members.map((member) => member.pid));
      this.members = [...this.members, ...fresh.filter((member) => !listed.has(member.pid))];
    }
  }

  /** The members still running as the same process. */
  private async survivors(): Promise<ProcessEntry[]> {
    const now = new Map((await listProcesses()).map((entry) => [entry.pid, entry]));
    return this.members.filter((member) => {
      const current = now.get(member.pid);
      return current !== undefined && !current.zombie && current.startTime === member.startTime;
    });
  }

  /**
   * Signals `members`, and the process groups they lead (which also hold children started after the
   * last listing). A group led by anyone else (the root, or the root's parent when the root shares its
   * group) is not ours to signal.
   */
  private signal(signal: NodeJS.Signals, members: readonly ProcessEntry[]): void {
    const leaders = new Set(this.members.map((member) => member.pid));
    for (const group of new Set(members.map((member) => member.pgid))) if (leaders.has(group)) trySignal(-group, signal);
    for (const member of members) trySignal(member.pid, signal);
  }
}

function trySignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // ESRCH: already gone; EPERM: not ours to stop.
  }
}
