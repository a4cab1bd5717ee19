// Preloaded into a benchmarked child process (`node -r out/bench/cpuAtExit.js ...`): as the process
// exits, writes the CPU time it used since it started (user + system, microseconds) to file descriptor 3,
// which the benchmark opened as a pipe. The child's own stdout and stderr are left as they are.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  const usage = process.resourceUsage();
  writeSync(3, `${usage.userCPUTime + usage.systemCPUTime}\n`);
});
