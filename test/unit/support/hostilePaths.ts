// Paths a plan or a model may hand a tool to get out of the workspace, and the workspace they are tried in:
// `..` in every spelling, absolute, home, drive and UNC paths, NUL bytes, and links inside the workspace
// that lead out (to a file, a folder, the parent, a twin whose name starts like the workspace's, a dangling
// target, a loop). Shared by the NodeWorkspace test and the CLI corpus, which run them through every tool.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { captureListing } from './tempDir';

/**
 * `refused`: every operation must be refused as leaving the workspace. `contained`: the path is odd but
 * names something inside (a literal `%2e%2e`, a lookalike dot) or is merely invalid (too long), so an
 * operation may work or fail; either way nothing outside may change.
 */
export type Expectation = 'refused' | 'contained';

export const HOSTILE_PATHS: readonly (readonly [string, Expectation])[] = [
  ['..', 'refused'],
  ['../', 'refused'],
  ['../outside/secret.txt', 'refused'],
  ['./../outside/secret.txt', 'refused'],
  ['a/../../outside/secret.txt', 'refused'],
  ['realdir/../../outside/secret.txt', 'refused'],
  ['.git/../../outside/secret.txt', 'refused'],
  ['..\\outside\\secret.txt', 'refused'],
  ['selfLink/../outside/secret.txt', 'refused'],
  ['dirOut/../inside.txt', 'refused'],
  ['/etc/planwright-never-written', 'refused'],
  ['<absolute sentinel>', 'refused'],
  ['<absolute new file outside>', 'refused'],
  ['~/x', 'refused'],
  ['~', 'refused'],
  ['C:\\x', 'refused'],
  ['C:/x', 'refused'],
  ['\\\\server\\share\\x', 'refused'],
  ['//server/share/x', 'refused'],
  ['inside.txt\0../../outside/secret.txt', 'refused'],
  ['\0', 'refused'],
  ['', 'refused'],
  ['.', 'refused'],
  ['./', 'refused'],
  ['selfLink', 'refused'],
  ['a/'.repeat(2500), 'refused'],
  ['linkOut', 'refused'],
  ['dirOut', 'refused'],
  ['dirOut/', 'refused'],
  ['dirOut/.', 'refused'],
  ['dirOut/secret.txt', 'refused'],
  ['dirOut/./secret.txt', 'refused'],
  ['dirOut/new.txt', 'refused'],
  ['dirOut/sub/nested.txt', 'refused'],
  ['dirOut/newdir/deeper/file.txt', 'refused'],
  ['relOut/secret.txt', 'refused'],
  ['parentLink/outside/secret.txt', 'refused'],
  ['parentLink/new.txt', 'refused'],
  ['realdir/esc/secret.txt', 'refused'],
  ['inner/esc/secret.txt', 'refused'],
  ['selfLink/dirOut/secret.txt', 'refused'],
  ['loop1', 'refused'],
  ['loop1/x', 'refused'],
  ['dangling', 'refused'],
  ['danglingDir/x.txt', 'refused'],
  ['prefix/secret', 'refused'],
  ['a'.repeat(300), 'contained'],
  [`${'b'.repeat(300)}/x`, 'contained'],
  ['%2e%2e/%2e%2e/outside/secret.txt', 'contained'],
  ['..%2f..%2foutside%2fsecret.txt', 'contained'],
  ['\u2024\u2024/outside/secret.txt', 'contained'],
  ['\uff0e\uff0e/outside/secret.txt', 'contained'],
  ['.../outside/secret.txt', 'contained'],
  ['....', 'contained'],
  [' ../outside/secret.txt', 'contained'],
  ['file:///etc/passwd', 'contained'],
  ['inside.txt/', 'contained'],
  ['DIROUT/secret.txt', 'contained'],
  ['Inside.TXT', 'contained'],
];

/** The folders of a fixture: the workspace (`base/ws`) and the folder beside it that holds what must not change. */
export interface HostileFixture {
  readonly root: string;
  readonly outside: string;
}

/** Builds the workspace and what lies beside it under `base`, with the links that lead out. */
export async function hostileFixture(base: string): Promise<HostileFixture> {
  const root = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  await mkdir(path.join(outside, 'sub'), { recursive: true });
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
  await writeFile(path.join(outside, 'sub', 'nested.txt'), 'nested');
  await mkdir(path.join(base, 'ws-evil'));
  await writeFile(path.join(base, 'ws-evil', 'secret'), 'evil twin');
  await mkdir(path.join(root, 'realdir'), { recursive: true });
  await mkdir(path.join(root, '.git'));
  await writeFile(path.join(root, 'inside.txt'), 'inside');
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'linkOut'));
  await symlink(outside, path.join(root, 'dirOut'));
  await symlink('../outside', path.join(root, 'relOut'));
  await symlink(base, path.join(root, 'parentLink'));
  await symlink(outside, path.join(root, 'realdir', 'esc'));
  await symlink('realdir', path.join(root, 'inner'));
  await symlink('loop2', path.join(root, 'loop1'));
  await symlink('loop1', path.join(root, 'loop2'));
  await symlink(path.join(outside, 'created-through-link.txt'), path.join(root, 'dangling'));
  await symlink(path.join(outside, 'newdir'), path.join(root, 'danglingDir'));
  await symlink(path.join(base, 'ws-evil'), path.join(root, 'prefix'));
  await symlink('.', path.join(root, 'selfLink'));
  return { root, outside };
}

/** A corpus entry as a path: the two placeholders stand for absolute paths outside, known once the fixture is built. */
export function hostilePath(raw: string, fixture: HostileFixture): string {
  if (raw === '<absolute sentinel>') return path.join(fixture.outside, 'secret.txt');
  return raw === '<absolute new file outside>' ? path.join(fixture.outside, 'new.txt') : raw;
}

/** Everything under `base` but the workspace, listed with sizes and modification times: any write shows. */
export function captureOutside(base: string): Promise<Record<string, string>> {
  return captureListing(base, (entry) => entry === 'ws');
}
