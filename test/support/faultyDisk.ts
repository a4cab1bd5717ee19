// Preloaded into a `planwright` child process by tests only (`node -r out/test/support/faultyDisk.js
// dist/cli.js …`): makes the Nth file write, sync or rename of the process fail with an error code, as a
// full disk (ENOSPC), a failing one (EIO) or a permission change (EACCES) would. Nothing in src/ knows it
// exists; it patches node:fs and node:fs/promises, whose functions the bundle looks up at each call.
//
//   PLANWRIGHT_TEST_FAULT_OP    write | sync | rename (unset: nothing fails, the operations are only logged)
//   PLANWRIGHT_TEST_FAULT_NTH   which operation of that kind fails, from 1
//   PLANWRIGHT_TEST_FAULT_CODE  the error's code: ENOSPC, EIO or EACCES
//   PLANWRIGHT_TEST_FAULT_LOG   a file that gets one line per operation: `<op> <n> <path> ok|<code>`
// Writes to stdout and stderr (descriptors 0–2) are not counted.
import fs = require('node:fs');
import fsp = require('node:fs/promises');
import { constants } from 'node:os';

// The modules themselves (not copies): the bundle reads their functions at each call. Typed loosely to patch them.
const mutableFs = fs as any;
const mutableFsp = fsp as any;

/** The kinds of operation a fault can hit. */
export type FaultOp = 'write' | 'sync' | 'rename';

const target = process.env.PLANWRIGHT_TEST_FAULT_OP as FaultOp | undefined;
const nth = Number(process.env.PLANWRIGHT_TEST_FAULT_NTH ?? 0);
const code = process.env.PLANWRIGHT_TEST_FAULT_CODE ?? 'EIO';
const logFile = process.env.PLANWRIGHT_TEST_FAULT_LOG;
const counts: Record<FaultOp, number> = { write: 0, sync: 0, rename: 0 };
/** The path each open descriptor was opened with, so a log line can name the file of a write by descriptor. */
const paths = new Map<number, string>();
const MESSAGES: Record<string, string> = { ENOSPC: 'no space left on device', EIO: 'i/o error', EACCES: 'permission denied' };

/** Counts one operation on `path`; the error to fail it with when it is the chosen one. */
function fault(op: FaultOp, path: string): NodeJS.ErrnoException | undefined {
  const n = ++counts[op];
  const failing = op === target && n === nth;
  if (logFile) fs.appendFileSync(logFile, `${op} ${n} ${path} ${failing ? code : 'ok'}\n`);
  if (!failing) return undefined;
  return Object.assign(new Error(`${code}: ${MESSAGES[code] ?? 'injected fault'}, ${op} '${path}'`), { code, errno: -((constants.errno as Record<string, number>)[code] ?? 5), syscall: op, path });
}

const pathOf = (fd: number): string => paths.get(fd) ?? `fd ${fd}`;
const nameOf = (file: fs.PathLike | fsp.FileHandle | number): string =>
  typeof file === 'number' ? pathOf(file) : typeof file === 'object' && 'fd' in file ? pathOf(file.fd) : String(file);

type Callback = (error: NodeJS.ErrnoException | null, ...rest: any[]) => void;

/** Wraps a callback-style fs function: a fault is reported through its callback, asynchronously. */
function callbackStyle(name: 'write' | 'fdatasync' | 'fsync' | 'rename', op: FaultOp, pathArg: (args: any[]) => string): void {
  const original = mutableFs[name] as (...args: any[]) => void;
  mutableFs[name] = (...args: any[]) => {
    const error = fault(op, pathArg(args));
    if (!error) return original(...args);
    const callback = args[args.length - 1] as Callback;
    process.nextTick(() => callback(error));
  };
}

/** Wraps a synchronous or promise-returning function of `module`. */
function wrap(module: any, name: string, op: FaultOp, pathArg: (args: any[]) => string, style: 'sync' | 'promise', skip?: (args: any[]) => boolean): void {
  const original = module[name] as (...args: any[]) => any;
  module[name] = (...args: any[]) => {
    const error = skip?.(args) ? undefined : fault(op, pathArg(args));
    if (!error) return original.apply(module, args);
    if (style === 'sync') throw error;
    return Promise.reject(error);
  };
}

/** Wraps the writes and syncs of a FileHandle that `fsp.open` returned. */
function wrapHandle(handle: fsp.FileHandle, path: string): fsp.FileHandle {
  paths.set(handle.fd, path);
  for (const name of ['write', 'writeFile', 'appendFile', 'writev'] as const) wrap(handle, name, 'write', () => path, 'promise');
  for (const name of ['sync', 'datasync'] as const) wrap(handle, name, 'sync', () => path, 'promise');
  return handle;
}

const originalOpenSync = fs.openSync;
mutableFs.openSync = (...args: Parameters<typeof fs.openSync>) => {
  const fd = originalOpenSync(...args);
  paths.set(fd, String(args[0]));
  return fd;
};
const originalOpen = fsp.open;
mutableFsp.open = async (...args: Parameters<typeof fsp.open>) => wrapHandle(await originalOpen(...args), String(args[0]));

const isStdio = (args: any[]): boolean => typeof args[0] === 'number' && args[0] <= 2;
callbackStyle('write', 'write', (args) => pathOf(args[0]));
callbackStyle('fdatasync', 'sync', (args) => pathOf(args[0]));
callbackStyle('fsync', 'sync', (args) => pathOf(args[0]));
callbackStyle('rename', 'rename', (args) => String(args[1]));
wrap(mutableFs, 'writeSync', 'write', (args) => pathOf(args[0]), 'sync', isStdio);
wrap(mutableFs, 'fsyncSync', 'sync', (args) => pathOf(args[0]), 'sync');
wrap(mutableFs, 'fdatasyncSync', 'sync', (args) => pathOf(args[0]), 'sync');
wrap(mutableFs, 'renameSync', 'rename', (args) => String(args[1]), 'sync');
wrap(mutableFsp, 'writeFile', 'write', (args) => nameOf(args[0]), 'promise');
wrap(mutableFsp, 'appendFile', 'write', (args) => nameOf(args[0]), 'promise');
wrap(mutableFsp, 'rename', 'rename', (args) => String(args[1]), 'promise');
