// Whether a process on this machine is still alive, asked the way POSIX allows without touching it:
// signal 0. The one liveness test behind the per-file write lock and the run lease.

/** True unless no process has `pid` (a process we may not signal, EPERM, is alive). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
