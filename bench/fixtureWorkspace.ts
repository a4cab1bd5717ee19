// A task's fixture workspace on disk: a fresh scratch folder per run, filled from the task's file map,
// and removed afterwards.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** A scratch folder holding a workspace copy (`root`) and, beside it, the run's journal and trace. */
export interface ScratchRun {
  readonly dir: string;
  readonly root: string;
  remove(): Promise<void>;
}

/** Writes `files` under `root`, creating folders as needed. */
export async function writeFiles(root: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(root, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content, 'utf8');
  }
}

/** A new scratch folder with the fixture written to `<dir>/workspace`. */
export async function scratchCopy(files: Readonly<Record<string, string>>, label: string): Promise<ScratchRun> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), `planwright-bench-${label}-`)));
  const root = path.join(dir, 'workspace');
  await writeFiles(root, files);
  return { dir, root, remove: () => rm(dir, { recursive: true, force: true }) };
}
